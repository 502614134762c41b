import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryContextStore } from '../src/context/index.js';
import {
  type CachedSearchPage,
  createSearchCache,
  fanOutSearch,
  type SearchCacheStore,
} from '../src/fan-out/index.js';
import { createMerchantClient } from '../src/merchant/index.js';
import { searchOutput, startCapDouble } from './helpers/cap-double.js';
import { describeSearchCacheContract } from './helpers/search-cache-contract.js';
import { describeSearchCachePartitions } from './helpers/search-cache-partitions.js';

describeSearchCacheContract('createSearchCache (in memory)', {
  make: (options) => createSearchCache(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
  capsEntryBytes: false,
});

/** The in-memory cache behind promises, as a shared store answers; it records every key it was asked about. */
function asyncStore(): SearchCacheStore & { keys: string[] } {
  const inner = createSearchCache();
  const keys: string[] = [];
  const later = <T>(value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), 1));
  return {
    keys,
    get: (key) => {
      keys.push(key);
      return later(() => inner.get(key));
    },
    set: (key, page) => {
      keys.push(key);
      return later(() => inner.set(key, page));
    },
  };
}

describeSearchCachePartitions('an asynchronous store', () => asyncStore());

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function merchants(count: number) {
  const double = await startCapDouble({
    merchants: count,
    script: (i) => () => ({ output: searchOutput(`m${i}`, 2) }),
  });
  close = double.close;
  const contextStore = createMemoryContextStore();
  const clients = double.merchants.map((m) =>
    createMerchantClient({
      profile: m.profile,
      http: double.http,
      contextStore,
      userId: 'u1',
      merchantId: m.id,
    }),
  );
  return { double, clients };
}

const never = <T>() => new Promise<T>(() => {});

describe('fan-out with an asynchronous search cache', () => {
  it('stores pages and serves the next search from the store', async () => {
    const { double, clients } = await merchants(3);
    const cache = asyncStore();
    // The double hands out contextIds; anonymous searches are the cacheable ones.
    const search = {
      query: 'lamp',
      merchants: clients,
      limit: 2,
      deadlineMs: 5_000,
      cache,
      personalise: false,
    };
    const first = await fanOutSearch(search);
    const second = await fanOutSearch(search);
    expect(first.outcomes.map((o) => o.cachedPages)).toEqual([0, 0, 0]);
    expect(second.outcomes.map((o) => [o.status, o.cachedPages])).toEqual([
      ['ok', 1],
      ['ok', 1],
      ['ok', 1],
    ]);
    expect(second.products.map((p) => p.product.id)).toEqual(first.products.map((p) => p.product.id));
    expect(double.merchants.map((m) => m.received.length)).toEqual([1, 1, 1]);
  });

  it('searches every merchant directly, with a warning, while the store fails', async () => {
    const { double, clients } = await merchants(2);
    const down = () =>
      Promise.reject(new Error('redis searchCache.get failed: not connected (reconnecting)'));
    const cache: SearchCacheStore = { get: down, set: down };
    const result = await fanOutSearch({ query: 'lamp', merchants: clients, deadlineMs: 5_000, cache });
    expect(result.outcomes.map((o) => o.status)).toEqual(['ok', 'ok']);
    expect(result.products).toHaveLength(4);
    expect(double.merchants.map((m) => m.received.length)).toEqual([1, 1]);
    for (const outcome of result.outcomes) {
      expect(outcome.warnings.map((w) => [w.code, w.path])).toEqual([
        ['cache-unavailable', 'cache'],
        ['cache-unavailable', 'cache'],
      ]);
      expect(outcome.warnings[0]!.message).toContain('could not be read (redis searchCache.get failed');
      expect(outcome.warnings[1]!.message).toContain('could not be written');
    }
  });

  it('gives a hanging store at most half the deadline, so every merchant still answers in time', async () => {
    const { clients } = await merchants(3);
    const cache: SearchCacheStore = {
      get: () => never<CachedSearchPage | undefined>(),
      set: () => never<void>(),
    };
    const started = performance.now();
    const result = await fanOutSearch({ query: 'lamp', merchants: clients, deadlineMs: 1_000, cache });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.deadlineReached).toBe(false);
    expect(result.outcomes.map((o) => [o.status, o.products])).toEqual([
      ['ok', 2],
      ['ok', 2],
      ['ok', 2],
    ]);
    expect(result.outcomes[0]!.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/could not be read \(no answer within \d+ ms\)/),
      expect.stringMatching(/could not be written \(no answer within \d+ ms\)/),
    ]);
  });

  it('still takes a custom synchronous store, whose answers are used as they are', async () => {
    const { clients } = await merchants(1);
    const cache = createSearchCache();
    await fanOutSearch({ query: 'lamp', merchants: clients, deadlineMs: 5_000, cache, personalise: false });
    const reads: unknown[] = [];
    const spy: SearchCacheStore = {
      get: (key) => {
        const page = cache.get(key);
        reads.push(page);
        return page;
      },
      set: (key, page) => cache.set(key, page),
    };
    const result = await fanOutSearch({
      query: 'lamp',
      merchants: clients,
      deadlineMs: 5_000,
      cache: spy,
      personalise: false,
    });
    expect(result.outcomes[0]).toMatchObject({ status: 'ok', cachedPages: 1, warnings: [] });
    expect(reads).toHaveLength(1);
    expect(result.products.map((p) => p.product.id)).toEqual(['m0-p0', 'm0-p1']);
  });
});
