import { isDiscoveryError } from '@agentweb/discovery';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantProbeFailure } from '../src/index.js';
import { clientPool, type LoopbackServer, sandboxOptions, startLoopbackServer } from './client-fixtures.js';

// addMerchant probes CAP discovery and /.well-known/ucp at once; these cases pin what it reports when one or both
// find nothing.
const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
let sb: Sandbox;
let empty: LoopbackServer;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, agis: false, seed: 'client-ucp-probes', ucp: { count: 1 } });
  // Answers 404 to everything: no agent card, no UCP profile.
  empty = await startLoopbackServer(() => undefined);
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(async () => {
  await empty.close();
  await sb.close();
});

const client = () => pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM } }));

describe('addMerchant with both probes', () => {
  it('when both fail, throws the CAP error (same class and code) saying the UCP failure too', async () => {
    const target = new URL(empty.origin).host;
    const error = (await client()
      .addMerchant(target)
      .catch((e: unknown) => e)) as Error & { code: string; probes?: MerchantProbeFailure[] };
    // Callers that matched the CAP error still do.
    expect(isDiscoveryError(error)).toBe(true);
    expect(error.code).toBe('DISCOVERY_FAILED');
    expect(error.probes).toEqual([
      expect.objectContaining({ protocol: 'cap', name: 'DiscoveryError', code: 'DISCOVERY_FAILED' }),
      expect.objectContaining({
        protocol: 'ucp',
        code: 'HTTP_STATUS',
        message: expect.stringContaining('404'),
      }),
    ]);
    expect(error.message).toMatch(/no UCP merchant: HTTP_STATUS: .*404/);
    // Both are in the JSON form a log or a tool result gets.
    const json = JSON.parse(JSON.stringify(error)) as { probes: MerchantProbeFailure[] };
    expect(json.probes.map((p) => p.protocol)).toEqual(['cap', 'ucp']);
    // The UCP probe did ask for the profile.
    expect(empty.requests.some((r) => r.url === '/.well-known/ucp')).toBe(true);
  }, 60_000);

  it('when only CAP fails, the UCP merchant is added, without error', async () => {
    const host = new URL(sb.ucpMerchants[0]!.baseUrl).host;
    const merchant = await client().addMerchant(host);
    expect(merchant).toMatchObject({ protocol: 'ucp', domain: host });
  }, 60_000);

  it('when only UCP fails, the CAP merchant is added, without error', async () => {
    const host = new URL(sb.merchants[0]!.baseUrl).host;
    const merchant = await client().addMerchant(host);
    expect(merchant.protocol).toBe('cap');
    expect((merchant as { probes?: unknown }).probes).toBeUndefined();
  }, 60_000);
});
