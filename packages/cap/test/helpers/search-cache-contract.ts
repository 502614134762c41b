import { describe, expect, it } from 'vitest';
import { type CachedSearchPage, type SearchCacheStore, searchCacheKey } from '../../src/fan-out/index.js';

/** How the contract makes the store under test. */
export interface SearchCacheContractSubject {
  /** An empty store whose pages live `ttlMs` (each call a fresh, isolated one). */
  make(options: { ttlMs?: number; maxEntryBytes?: number }): SearchCacheStore | Promise<SearchCacheStore>;
  /** True when the store takes `maxEntryBytes` (the shared stores do; the in-memory cache counts entries). */
  capsEntryBytes: boolean;
}

/** A page of `count` products from `merchant`, with one parse warning. */
export function samplePage(merchant: string, count: number, padding = ''): CachedSearchPage {
  return {
    output: {
      products: Array.from({ length: count }, (_, i) => ({
        id: `${merchant}-p${i}`,
        name: `Lamp ${i}${padding}`,
        offers: [{ identifier: `${merchant}-o${i}`, price: '19.90', priceCurrency: 'EUR' }],
      })),
      totalResults: count,
    },
    warnings: [{ code: 'numeric-price', path: 'products[0].offers[0].price', message: 'converted' }],
  } as CachedSearchPage;
}

const keyFor = (partition: string, query = 'lamp', merchantId = 'shop.test') =>
  searchCacheKey({ merchantId, partition, query, limit: 10, offset: 0 });

/**
 * The behaviour every `SearchCacheStore` shares: round trips, key and partition isolation, the TTL and (for stores
 * that take it) the per-entry byte cap. Run once per implementation, so the in-memory and Redis caches cannot drift.
 */
export function describeSearchCacheContract(name: string, subject: SearchCacheContractSubject): void {
  describe(`SearchCacheStore contract: ${name}`, () => {
    it('returns a stored page as it was stored, and nothing for an unknown key', async () => {
      const cache = await subject.make({});
      const page = samplePage('m1', 3);
      expect(await cache.get(keyFor('anonymous'))).toBeUndefined();
      await cache.set(keyFor('anonymous'), page);
      expect(await cache.get(keyFor('anonymous'))).toEqual(page);
    });

    it('keeps partitions, merchants and queries apart, whatever characters they hold', async () => {
      const cache = await subject.make({});
      const keys = [
        keyFor('anonymous'),
        keyFor('user:alice'),
        keyFor('user:bob'),
        keyFor('user:alice:x'),
        keyFor('user:{alice}'),
        keyFor('anonymous', 'lamp:red'),
        keyFor('anonymous', 'lamp', 'other.test'),
      ];
      for (const [i, key] of keys.entries()) await cache.set(key, samplePage(`m${i}`, 1));
      for (const [i, key] of keys.entries())
        expect((await cache.get(key))?.output.products[0]?.id).toBe(`m${i}-p0`);
    });

    it('replaces a page stored under the same key', async () => {
      const cache = await subject.make({});
      await cache.set(keyFor('anonymous'), samplePage('old', 1));
      await cache.set(keyFor('anonymous'), samplePage('new', 2));
      expect((await cache.get(keyFor('anonymous')))?.output.products.map((p) => p.id)).toEqual([
        'new-p0',
        'new-p1',
      ]);
    });

    it('forgets a page once its TTL has passed', async () => {
      const cache = await subject.make({ ttlMs: 150 });
      await cache.set(keyFor('anonymous'), samplePage('m', 1));
      expect(await cache.get(keyFor('anonymous'))).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await cache.get(keyFor('anonymous'))).toBeUndefined();
    });

    // Registered only for stores that take the cap, so no run reports a skipped test.
    if (!subject.capsEntryBytes) return;
    it('does not store a page over maxEntryBytes', async () => {
      const cache = await subject.make({ maxEntryBytes: 4_096 });
      await cache.set(keyFor('anonymous'), samplePage('small', 2));
      await cache.set(keyFor('user:alice'), samplePage('huge', 10, 'x'.repeat(1_000)));
      expect(await cache.get(keyFor('anonymous'))).toBeDefined();
      expect(await cache.get(keyFor('user:alice'))).toBeUndefined();
    });
  });
}
