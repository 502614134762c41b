import type { CachedSearchPage, SearchCacheStore } from '@agentweb/cap';
import { checkOptions, is } from '@agentweb/core';
import { cacheCall, deleteByPrefix, digestKeyPart } from './cache-connection.js';
import {
  escapeKeyPart,
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnectionOptions,
} from './redis-connection.js';

/** Options of {@link createRedisSearchCache}: a connection (`url` or `client`) and the cache's limits. */
export interface RedisSearchCacheOptions extends RedisConnectionOptions {
  /** How long a page is shared, in whole ms (default 60 000, as the in-memory cache); the key's TTL. */
  ttlMs?: number;
  /**
   * Largest page stored, in bytes of its JSON (default 512 KiB). A larger page is used by the search that fetched
   * it but not shared, so a merchant sending huge pages cannot fill Redis with them.
   */
  maxEntryBytes?: number;
}

/** A {@link SearchCacheStore} on Redis, shared by every process that uses the same Redis and `keyPrefix`. */
export interface RedisSearchCache extends SearchCacheStore {
  /** The cached page for `key`; rejects with `StateStoreError` when Redis cannot be reached in time. */
  get(key: string): Promise<CachedSearchPage | undefined>;
  /** Shares a page for `ttlMs`; a page over `maxEntryBytes` is not stored. */
  set(key: string, page: CachedSearchPage): Promise<void>;
  /** Drops every page under this cache's prefix (SCAN + UNLINK). */
  clear(): Promise<void>;
  /** Closes the connection when the cache opened it (`url`); a caller's `client` stays open. */
  close(): Promise<void>;
}

const RULES = {
  ...REDIS_CONNECTION_RULES,
  ttlMs: is.positiveInteger,
  maxEntryBytes: is.positiveInteger,
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

/** A page as this version stored it, or `undefined` for anything else (treated as a miss). */
function decode(text: string): CachedSearchPage | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { v, page } = stored as { v?: unknown; page?: Partial<CachedSearchPage> };
  if (v !== FORMAT || typeof page !== 'object' || page === null) return undefined;
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
  return page as CachedSearchPage;
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
 * the merchant directly and adds a `cache-unavailable` warning to its outcome.
 */
export function createRedisSearchCache(options: RedisSearchCacheOptions): RedisSearchCache {
  const callee = 'createRedisSearchCache';
  checkOptions(callee, options, RULES, { optionsRequired: true });
  const connection = openRedisConnection(callee, options);
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntryBytes = options.maxEntryBytes ?? 512 * 1024;
  const prefix = `${connection.keyPrefix}search:`;
  const keyOf = (key: string) => `${prefix}${escapeKeyPart(partitionOf(key))}:${digestKeyPart(key)}`;

  return {
    async get(key) {
      const text = await cacheCall(connection, 'searchCache.get', (client) => client.get(keyOf(key)));
      return text === null ? undefined : decode(text);
    },
    async set(key, page) {
      const text = JSON.stringify({ v: FORMAT, page });
      if (Buffer.byteLength(text, 'utf8') > maxEntryBytes) return;
      await cacheCall(connection, 'searchCache.set', (client) => client.set(keyOf(key), text, 'PX', ttlMs));
    },
    async clear() {
      await deleteByPrefix(connection, 'searchCache.clear', prefix);
    },
    close: () => connection.close(),
  };
}
