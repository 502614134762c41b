import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryContextStore } from '../../src/context/index.js';
import { fanOutSearch, type SearchCacheStore } from '../../src/fan-out/index.js';
import { createMerchantClient } from '../../src/merchant/index.js';
import { searchOutput, startCapDouble } from './cap-double.js';

/**
 * The fan-out's partition rules, run against a search cache store: authenticated users never see each other's
 * pages, a user shares with themself, anonymous clients share with each other, and calls with a contextId are never
 * cached. Run with every store (in memory, on Redis), so sharing a cache across instances keeps the rules.
 */
export function describeSearchCachePartitions(
  name: string,
  makeCache: () => SearchCacheStore | Promise<SearchCacheStore>,
): void {
  describe(`search cache identity partitions: ${name}`, () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });

    async function oneMerchant() {
      const double = await startCapDouble({
        merchants: 1,
        script: () => (call) => ({ output: searchOutput(`o${(call.data as { offset: number }).offset}`, 2) }),
      });
      close = double.close;
      const merchant = double.merchants[0]!;
      const store = createMemoryContextStore();
      const clientOf = (userId: string, token?: string) =>
        createMerchantClient({
          profile: merchant.profile,
          http: double.http,
          contextStore: store,
          userId,
          merchantId: merchant.id,
          ...(token ? { credentials: { type: 'bearer' as const, token } } : {}),
        });
      const cache = await makeCache();
      const search = (client: ReturnType<typeof clientOf>, personalise = false) =>
        fanOutSearch({ query: 'lamp', merchants: [client], limit: 2, deadlineMs: 5000, cache, personalise });
      return { merchant, clientOf, search };
    }

    it('never serves one authenticated user the results cached for another', async () => {
      const { merchant, clientOf, search } = await oneMerchant();
      const alice = clientOf('alice', 'secret-alice');
      const bob = clientOf('bob', 'secret-bob');
      expect((await search(alice)).outcomes[0]).toMatchObject({ status: 'ok', cachedPages: 0 });
      expect((await search(bob)).outcomes[0]).toMatchObject({ status: 'ok', cachedPages: 0 });
      expect(merchant.received).toHaveLength(2);
      // Nor does an anonymous client see either of them.
      expect((await search(clientOf('guest'))).outcomes[0]).toMatchObject({ cachedPages: 0 });
      expect(merchant.received).toHaveLength(3);
    });

    it('shares cached results between calls of the same authenticated user, even through another client', async () => {
      const { merchant, clientOf, search } = await oneMerchant();
      await search(clientOf('alice', 'token-1'));
      // A rotated token is still the same user.
      const again = await search(clientOf('alice', 'token-2'));
      expect(again.outcomes[0]).toMatchObject({ status: 'ok', cachedPages: 1 });
      expect(again.products.map((p) => p.product.id)).toEqual(['o0-p0', 'o0-p1']);
      expect(merchant.received).toHaveLength(1);
    });

    it('shares cached results between all anonymous clients, whatever their userId', async () => {
      const { merchant, clientOf, search } = await oneMerchant();
      await search(clientOf('guest-1'));
      expect((await search(clientOf('guest-2'))).outcomes[0]).toMatchObject({ cachedPages: 1 });
      expect(merchant.received).toHaveLength(1);
    });

    it('derives the partition from the userId, never from the secret', async () => {
      const { clientOf } = await oneMerchant();
      expect(clientOf('anon').cachePartition).toBe('anonymous');
      const alice = clientOf('alice', 'secret-alice');
      expect(alice.cachePartition).not.toContain('secret');
      expect(alice.cachePartition).not.toBe('anonymous');
      // A user literally named "anonymous" with credentials must not land in the anonymous partition.
      expect(clientOf('anonymous', 'x').cachePartition).not.toBe('anonymous');
    });

    it('still never caches calls that carry a contextId, for an authenticated user', async () => {
      const { merchant, clientOf, search } = await oneMerchant();
      const alice = clientOf('alice', 'secret-alice');
      await alice.productSearch({ query: 'warm-up' });
      const first = await search(alice, true);
      const second = await search(alice, true);
      for (const result of [first, second])
        expect(result.outcomes[0]).toMatchObject({ personalised: true, cachedPages: 0, pages: 1 });
      expect(merchant.received.map((r) => r.contextId !== undefined)).toEqual([false, true, true]);
      // Nothing personalised was stored: her first anonymous search still goes to the merchant.
      expect((await search(alice)).outcomes[0]).toMatchObject({ personalised: false, cachedPages: 0 });
      expect(merchant.received).toHaveLength(4);
    });
  });
}
