import type { MaybePromise } from '@agentweb/core';
import type { CacheEntry, RequestHeaderReader, StorableResponse } from './cache-entry.js';
import type { ReadonlyHeaders } from './readonly-headers.js';

/**
 * Where an HTTP client keeps GET responses: the in-memory `HttpCache`, or a shared store such as
 * `createRedisHttpCache` of `@agentweb/redis`. The client awaits only the answers that are promises, so an
 * in-memory store costs what it did before stores existed. A store that fails (rejects or throws) never fails the
 * call: the client goes on without the cache and says so in `provenance.cacheError`.
 *
 * Build entries with `createCacheEntry` and `revalidatedFields` (and judge them with `isCacheEntryFresh`,
 * `cacheEntryMatches`) so a store follows the same RFC 9111 rules as the others; `describeHttpCacheContract` in
 * this repository's tests checks an implementation against them.
 */
export interface HttpCacheStore {
  /** The entry for `url` whose `Vary` headers match this request, fresh or stale. */
  get(url: string, requestHeader?: RequestHeaderReader): MaybePromise<CacheEntry | undefined>;
  /** True when `entry` may be used without revalidation. */
  isFresh(entry: CacheEntry, now?: number): boolean;
  /** Seconds of freshness left (0 when stale). */
  ttlSeconds(entry: CacheEntry, now?: number): number;
  /** Stores a GET response when RFC 9111 (and the store's limits) allow it; the entry, if stored. */
  store(
    url: string,
    response: StorableResponse,
    requestHeader?: RequestHeaderReader,
    now?: number,
  ): MaybePromise<CacheEntry | undefined>;
  /** Applies a 304 answer to a stale entry: merges its headers and restarts freshness; the updated entry. */
  refresh(entry: CacheEntry, notModified: ReadonlyHeaders, now?: number): MaybePromise<CacheEntry>;
  /** Drops the entry for `url`; true when there was one. */
  delete(url: string): MaybePromise<boolean>;
  /** Drops every entry. */
  clear(): MaybePromise<void>;
}

/** True for an object with the methods of an {@link HttpCacheStore} (rather than `HttpCacheOptions`). */
export function isHttpCacheStore(value: unknown): value is HttpCacheStore {
  if (typeof value !== 'object' || value === null) return false;
  const store = value as Record<string, unknown>;
  return (
    typeof store['get'] === 'function' &&
    typeof store['store'] === 'function' &&
    typeof store['refresh'] === 'function' &&
    typeof store['isFresh'] === 'function'
  );
}
