import { createMerchantBackoff, type MerchantBackoff } from '@agentweb/cap';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostPort } from './cli-harness.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

// Merchant 0 refuses every call with HTTP 429 and Retry-After: 60; merchant 1 answers.
let sb: Sandbox;
const pool = clientPool();
beforeAll(async () => {
  sb = await startSandbox({
    merchants: 2,
    seed: 'client-backoff',
    faults: { 0: { rateLimit: { retryAfterSeconds: 60, mode: 'http' } } },
  });
});
afterAll(async () => {
  await pool.closeAll();
  await sb?.close();
});

describe('AgentWeb merchantBackoff', () => {
  it('two clients given one backoff per merchant: a 429 seen by one pauses the other', async () => {
    // What createRedisBackoffFactory(...).forMerchant does across instances, here within one process.
    const shared = new Map<string, MerchantBackoff>();
    const keys: string[] = [];
    const merchantBackoff = (key: string): MerchantBackoff => {
      keys.push(key);
      const backoff = shared.get(key) ?? createMerchantBackoff();
      shared.set(key, backoff);
      return backoff;
    };
    const [a, b] = [
      pool.make(sandboxOptions(sb, { merchantBackoff })),
      pool.make(sandboxOptions(sb, { merchantBackoff })),
    ];
    const merchants = [hostPort(sb, 0), hostPort(sb, 1)];
    const first = await a.search('lamp', { merchants });
    expect(first.outcomes.map((o) => o.status)).toEqual(['rate-limited', 'ok']);
    const limited = sb.merchants[0]!;
    const sent = limited.stats.a2aRequests;

    const second = await b.search('lamp', { merchants });
    expect(second.outcomes.map((o) => o.status)).toEqual(['rate-limited', 'ok']);
    expect(limited.stats.a2aRequests).toBe(sent);
    // Keyed by the card's id and the host its calls go to, so a card claiming another's id gets its own.
    expect(new Set(keys)).toEqual(new Set(a.merchants().map((m) => `${m.id}@${m.domain}`)));
    expect(keys.every((key) => key.endsWith(`.sandbox.test:${sb.http.port}`))).toBe(true);
  });

  it('without it, each client keeps its own backoff', async () => {
    const [a, b] = [pool.make(sandboxOptions(sb)), pool.make(sandboxOptions(sb))];
    const merchants = [hostPort(sb, 0)];
    await a.search('lamp', { merchants });
    const sent = sb.merchants[0]!.stats.a2aRequests;
    await b.search('lamp', { merchants });
    expect(sb.merchants[0]!.stats.a2aRequests).toBe(sent + 1);
  });
});
