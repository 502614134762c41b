import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryContextStore } from '../src/context/index.js';
import { fanOutSearch } from '../src/fan-out/index.js';
import type { MerchantClient } from '../src/merchant/index.js';
import {
  clientFor,
  type DiscoveredMerchant,
  discoverMerchants,
  sandboxHttp,
} from './helpers/sandbox-clients.js';

let sb: Sandbox;
let found: DiscoveredMerchant[];
let http: ReturnType<typeof sandboxHttp>;
beforeAll(async () => {
  sb = await startSandbox({ merchants: 100, seed: 'e2e-isolation' });
  http = sandboxHttp(sb);
  found = await discoverMerchants(sb, http);
});
afterAll(async () => {
  await http.close();
  await sb.close();
});

describe('contextId isolation across 100 sandbox merchants', () => {
  it('each merchant only ever receives contextIds it issued itself, for every user', async () => {
    const store = createMemoryContextStore();
    const users = ['alice', 'bob'];
    const clients = new Map<string, MerchantClient[]>();
    for (const userId of users) {
      clients.set(
        userId,
        await Promise.all(found.map((f) => clientFor(f, { http, contextStore: store, userId }))),
      );
    }
    // Alice twice (the first lets every merchant issue her a context, the second sends it back), Bob once.
    const rounds: [string, boolean][] = [
      ['alice', false],
      ['bob', false],
      ['alice', true],
    ];
    for (const [userId, personalised] of rounds) {
      const result = await fanOutSearch({
        query: 'lamp',
        merchants: clients.get(userId) ?? [],
        deadlineMs: 10_000,
        concurrency: 50,
      });
      expect(result.outcomes.every((o) => o.status === 'ok')).toBe(true);
      expect(result.outcomes.every((o) => o.personalised === personalised)).toBe(true);
    }
    expect(sb.merchants.filter((m) => m.stats.foreignContextIds.length > 0).map((m) => m.id)).toEqual([]);
    const stored = await Promise.all(
      users.flatMap((userId) => found.map((f) => store.get({ userId, merchantId: f.merchant.domain }))),
    );
    expect(stored.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(stored).size).toBe(users.length * found.length);
    expect(sb.merchants.every((m) => (m.stats.skillCalls['cap:product_search'] ?? 0) === 3)).toBe(true);
  });
});
