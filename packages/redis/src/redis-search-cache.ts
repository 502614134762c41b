import type { CachedSearchPage, SearchCacheStore } from '@agentweb/cap';
import { checkOptions, is } from '@agentweb/core';
import { LRUCache } from 'lru-cache';
import { cacheCall, deleteByPrefix, digestKeyPart } from './cache-connection.js';
import { jsonHeapBytes, stringHeapBytes } from './heap-size.js';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
import { redisKey } from './redis-keys.js';

/** The limits of a Redis search cache (for {@link createRedisSearchCache} and {@link searchCacheOn}). */
export interface RedisSearchCacheSettings {
  /** How long a page is shared, in whole ms (default 60 000, as the in-memory cache); the key's TTL. */
  ttlMs?: number;
  /**
   * Largest page stored, in bytes of its JSON (default 512 KiB). A larger page is used by the search that fetched
   * it but not shared, so a merchant sending huge pages cannot fill Redis with them.
   */
  maxEntryBytes?: number;
  /**
   * Bytes of heap this instance spends keeping pages in its own memory too (default 16 MiB; 0 turns it off): a page
   * read from or written to Redis is served from here until the Redis key expires, without a round trip. Each page
   * is counted at the heap it takes (its parsed objects and strings, its key, the entry), so the near cache stays
   * close to this figure. Each page keeps the expiry it has in Redis, so no page is served longer than `ttlMs`
   * after it was fetched from the merchant.
   */
  nearCacheBytes?: number;
}

/** Options of {@link createRedisSearchCache}: a connection (`url` or `client`) and the cache's limits. */
export interface RedisSearchCacheOptions extends RedisConnectionOptions, RedisSearchCacheSettings {}

/** A {@link SearchCacheStore} on Redis, shared by every process that uses the same Redis and `keyPrefix`. */
export interface RedisSearchCache extends SearchCacheStore {
  /**
   * The cached page for `key`: at once from the near cache, else a promise of Redis's answer, which rejects with
   * `StateStoreError` when Redis cannot be reached in time.
   */
  get(key: string): CachedSearchPage | Promise<CachedSearchPage | undefined>;
  /** Shares a page for `ttlMs`; a page over `maxEntryBytes` is not stored. */
  set(key: string, page: CachedSearchPage): Promise<void>;
  /**
   * Drops every page under this cache's prefix (SCAN + UNLINK) and this instance's near cache; other instances'
   * near caches keep what they hold until it expires.
   */
  clear(): Promise<void>;
  /** Closes the connection when the cache opened it (`url`); a caller's `client` stays open. */
  close(): Promise<void>;
}

/** Rules of {@link RedisSearchCacheSettings}, for callers that take them nested (`createRedisState`). */
export const REDIS_SEARCH_CACHE_RULES = {
  ttlMs: is.positiveInteger,
  maxEntryBytes: is.positiveInteger,
  nearCacheBytes: is.nonNegativeInteger,
};

const FORMAT = 1;

/**
 * The partition a `searchCacheKey` names (`anonymous`, `user:<id>`), so each user's pages live under their own
 * keys (and can be dropped together); `_` for a key of another shape.
 */
function partitionOf(key: string): string {
  if (!key.startsWith('[')) return '_';
  try {
    const parts: unknown = JSON.parse(key);
    return Array.isArray(parts) && typeof parts[1] === 'string' ? parts[1] : '_';
  } catch {
    return '_';
  }
}

/** A page as stored: the page and the epoch ms at which its key expires. */
interface StoredPage {
  page: CachedSearchPage;
  expiresAt: number;
}

/** A page as this version stored it, or `undefined` for anything else (treated as a miss). */
function decode(text: string): StoredPage | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { v, exp, page } = stored as { v?: unknown; exp?: unknown; page?: Partial<CachedSearchPage> };
  if (v !== FORMAT || typeof exp !== 'number' || typeof page !== 'object' || page === null) return undefined;
  const output = page.output as { products?: unknown; totalResults?: unknown } | undefined;
  if (
    typeof output !== 'object' ||
    output === null ||
    !Array.isArray(output.products) ||
    typeof output.totalResults !== 'number' ||
    !Array.isArray(page.warnings)
  ) {
    return undefined;
  }
  return { page: page as CachedSearchPage, expiresAt: exp };
}

// Heap an entry takes besides its key and page: the LRU's slots for it and its TTL bookkeeping.
const NEAR_ENTRY_OVERHEAD_BYTES = 128;

/**
 * Heap bytes a near-cache entry takes, counted from the parsed page (several times its JSON: objects, slots, one
 * string per value), not from its JSON length, which let a 16 MiB near cache take about 70 MB.
 */
function nearEntryBytes(key: string, page: CachedSearchPage): number {
  return stringHeapBytes(key) + jsonHeapBytes(page) + NEAR_ENTRY_OVERHEAD_BYTES;
}

/**
 * A fan-out search cache on Redis for `fanOutSearch({ cache })` and `new AgentWeb({ searchCache })`, shared by
 * every instance on the same Redis and `keyPrefix`. It keeps the in-memory cache's partition rules: a page is
 * stored under the partition its key names (`anonymous`, or `user:<id>` for a merchant called with the user's
 * credentials), and the fan-out never offers it a page fetched with a contextId. Every key has a TTL (`ttlMs`) and
 * a page over `maxEntryBytes` is not stored; what bounds Redis memory as a whole is its `maxmemory` with an
 * eviction policy (see the package README).
 *
 * A Redis that is down, restarting or slow never fails or delays a search past its deadline: the fan-out searches
 * the merchant directly and adds a `cache-unavailable` warning to its outcome. Pages this instance read or wrote
 * recently are served from its near cache (`nearCacheBytes`) without a round trip, until their Redis key expires;
 * a page whose Redis write failed is not kept there, so every page it serves is one the other instances can read.
 */
export function createRedisSearchCache(options: RedisSearchCacheOptions): RedisSearchCache {
  const callee = 'createRedisSearchCache';
  checkOptions(
    callee,
    options,
    { ...REDIS_CONNECTION_RULES, ...REDIS_SEARCH_CACHE_RULES },
    { optionsRequired: true },
  );
  const { ttlMs, maxEntryBytes, nearCacheBytes, ...connectionOptions } = options;
  return searchCacheOn(openRedisConnection(callee, connectionOptions), {
    ...(ttlMs === undefined ? {} : { ttlMs }),
    ...(maxEntryBytes === undefined ? {} : { maxEntryBytes }),
    ...(nearCacheBytes === undefined ? {} : { nearCacheBytes }),
  });
}

/**
 * The search cache on an open connection, so `createRedisState` can share one connection among its stores;
 * `close()` closes the connection when it was opened from a `url`.
 */
export function searchCacheOn(
  connection: RedisConnection,
  settings: RedisSearchCacheSettings = {},
): RedisSearchCache {
  const ttlMs = settings.ttlMs ?? 60_000;
  const maxEntryBytes = settings.maxEntryBytes ?? 512 * 1024;
  const prefix = `${connection.keyPrefix}search:`;
  const keyOf = (key: string) =>
    redisKey(connection.keyPrefix, 'search', partitionOf(key), digestKeyPart(key));
  const nearCacheBytes = settings.nearCacheBytes ?? 16 * 1024 * 1024;
  const near =
    nearCacheBytes > 0 ? new LRUCache<string, CachedSearchPage>({ maxSize: nearCacheBytes }) : undefined;

  /** Keeps `page` in the near cache until `expiresAt` (never longer than `ttlMs`, whatever another clock wrote). */
  function keepNear(key: string, page: CachedSearchPage, expiresAt: number): void {
    const ttl = Math.min(Math.floor(expiresAt - Date.now()), ttlMs);
    if (near && ttl >= 1) near.set(key, page, { ttl, size: nearEntryBytes(key, page) });
  }

  /** A page from Redis (kept near once read), or `undefined` for a miss. */
  async function readShared(key: string): Promise<CachedSearchPage | undefined> {
    const text = await cacheCall(connection, 'searchCache.get', (client) => client.get(keyOf(key)));
    if (text === null) return undefined;
    const stored = decode(text);
    if (stored === undefined || stored.expiresAt <= Date.now()) return undefined;
    keepNear(key, stored.page, stored.expiresAt);
    return stored.page;
  }

  return {
    get(key) {
      // A near hit is answered synchronously, so the fan-out takes it as it takes an in-memory hit.
      return near?.get(key) ?? readShared(key);
    },
    async set(key, page) {
      const expiresAt = Date.now() + ttlMs;
      const text = JSON.stringify({ v: FORMAT, exp: expiresAt, page });
      // UTF-8 takes 1 to 3 bytes per UTF-16 code unit: only a page between the bounds needs the exact count.
      const over =
        text.length > maxEntryBytes ||
        (text.length * 3 > maxEntryBytes && Buffer.byteLength(text, 'utf8') > maxEntryBytes);
      if (over) return;
      await cacheCall(connection, 'searchCache.set', (client) => client.set(keyOf(key), text, 'PX', ttlMs));
      keepNear(key, page, expiresAt);
    },
    async clear() {
      near?.clear();
      await deleteByPrefix(connection, 'searchCache.clear', prefix);
    },
    close: () => connection.close(),
  };
}
