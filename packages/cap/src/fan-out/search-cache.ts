import { checkOptions, is, type MaybePromise } from '@agentweb/core';
import { LRUCache } from 'lru-cache';
import type { ProductSearchOutput } from '../schemas/product-search.js';
import type { CapWarning } from '../schemas/warnings.js';

/**
 * What the spec says a search cache key must cover, plus locale (results may be localised) and the caller's
 * identity partition (authenticated results may be tailored to the user).
 */
export interface SearchCacheKeyParts {
  /** The merchant. */
  merchantId: string;
  /**
   * Who may share the page: a `MerchantClient`'s `cachePartition` (`'anonymous'`, or one value per
   * authenticated user). Never put a secret here.
   */
  partition: string;
  /** Search terms. */
  query: string;
  /** Query mode (`keyword` when omitted, as the spec defaults it). */
  queryMode?: string;
  /** Filter text. */
  filter?: string;
  /** Page size. */
  limit: number;
  /** Offset of the page. */
  offset: number;
  /** Locale/currency the results are for, when the caller varies it. */
  locale?: string;
}

/** One cached search page, fetched without a contextId. */
export interface CachedSearchPage {
  /** The parsed output. */
  output: ProductSearchOutput;
  /** The warnings its parse produced. */
  warnings: CapWarning[];
}

/**
 * Where a fan-out keeps non-personalised search pages: the in-memory {@link SearchCache}, or a shared store such
 * as `createRedisSearchCache` of `@agentweb/redis`. The fan-out awaits only answers that are promises (so the
 * in-memory cache costs no extra turn), never waits on one past its deadline, and treats a store that rejects as a
 * miss: the merchant is searched directly and its outcome carries a `cache-unavailable` warning.
 *
 * Keys come from {@link searchCacheKey}; they hold the merchant, the caller's partition (`anonymous` or
 * `user:<id>`), the query and paging. Pages fetched with a contextId are never offered to a store.
 */
export interface SearchCacheStore {
  /** The cached page for `key`, if fresh. */
  get(key: string): MaybePromise<CachedSearchPage | undefined>;
  /** Stores a page under `key`. A store may decline (a page over its size cap); that is not a failure. */
  set(key: string, page: CachedSearchPage): MaybePromise<void>;
}

/** A bounded in-memory cache of non-personalised search pages; it answers synchronously. */
export interface SearchCache extends SearchCacheStore {
  /** A cached page, if fresh. */
  get(key: string): CachedSearchPage | undefined;
  /** Stores a page. Callers must never store personalised (contextId) results. */
  set(key: string, page: CachedSearchPage): void;
  /** Entries held. */
  readonly size: number;
  /** Empties the cache. */
  clear(): void;
}

/** Options of {@link createSearchCache}. */
export interface SearchCacheOptions {
  /** Most pages kept (default 1 000). */
  maxEntries?: number;
  /** How long a page stays fresh, in whole ms (default 60 000). */
  ttlMs?: number;
}

/** The cache key for one search page. */
export function searchCacheKey(parts: SearchCacheKeyParts): string {
  return JSON.stringify([
    parts.merchantId,
    parts.partition,
    parts.query,
    parts.queryMode ?? 'keyword',
    parts.filter ?? '',
    parts.limit,
    parts.offset,
    parts.locale ?? '',
  ]);
}

/** A bounded LRU cache with a time-to-live. */
export function createSearchCache(options: SearchCacheOptions = {}): SearchCache {
  // lru-cache takes whole milliseconds only (and throws a TypeError for anything else).
  checkOptions('createSearchCache', options, { maxEntries: is.positiveInteger, ttlMs: is.positiveInteger });
  const cache = new LRUCache<string, CachedSearchPage>({
    max: options.maxEntries ?? 1000,
    ttl: options.ttlMs ?? 60_000,
  });
  return {
    get: (key) => cache.get(key),
    set: (key, page) => {
      cache.set(key, page);
    },
    get size() {
      return cache.size;
    },
    clear: () => cache.clear(),
  };
}
