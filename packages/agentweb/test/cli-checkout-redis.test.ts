import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { type Sandbox, startSandbox, TEST_TOKEN_SUCCESS } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { EXIT } from '../src/cli/exit-codes.js';
import { sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

// Interoperability: `agentweb cart` and `agentweb checkout` keep the UCP cart in a real redis-server
// (test/interop-suites.json): each run is a new client, as separate processes or service instances are.
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)('interop: agentweb cart + checkout with --redis', () => {
  let server: RedisServerHandle;
  let sb: Sandbox;

  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    sb = await startSandbox({ merchants: 0, agis: false, seed: 'cli-checkout-redis', ucp: { count: 1 } });
  }, 60_000);
  afterAll(async () => {
    await sb?.close();
    await server?.close();
  });

  it('the cart one run filled is the one the next run checks out, per --user', async () => {
    const merchant = `${sb.ucpMerchants[0]!.domain}:${sb.http.port}`;
    const flags = [
      ...sandboxFlags(sb),
      '--ucp-profile',
      'https://platform.agentweb.test/.well-known/ucp',
      '--redis',
      server.url,
    ];
    const search = await runInProcess(['search', 'lamp', '--merchant', merchant, '--json', ...flags]);
    const id = (JSON.parse(search.stdout) as { products: { product: { id: string } }[] }).products[0]!.product
      .id;
    const added = await runInProcess(['cart', 'add', merchant, id, '--user', 'alice', ...flags]);
    expect(added.code, added.stderr).toBe(EXIT.ok);
    // Another user has no cart there.
    const other = await runInProcess(['checkout', merchant, '--user', 'bob', ...flags]);
    expect(other.code).toBe(EXIT.failed);
    expect(other.stderr).toMatch(/is empty; add items first/);
    const buyer = ['--buyer-email', 'alice@example.test', '--user', 'alice'];
    const draft = await runInProcess(['checkout', merchant, '--json', ...buyer, ...flags]);
    expect(draft.code, draft.stderr).toBe(EXIT.needsConfirmation);
    const { totalMinor } = JSON.parse(draft.stdout) as { totalMinor: number };
    const done = await runInProcess([
      'checkout',
      merchant,
      '--confirm',
      '--payment-token',
      TEST_TOKEN_SUCCESS,
      '--expected-total',
      String(totalMinor),
      '--json',
      ...buyer,
      ...flags,
    ]);
    expect(done.code, done.stderr).toBe(EXIT.ok);
    expect(JSON.parse(done.stdout)).toMatchObject({ completed: true, order: { id: expect.any(String) } });
    expect(done.stdout).not.toContain(TEST_TOKEN_SUCCESS);
  }, 120_000);
});
