import { checkOptions, is } from '@agentweb/core';
import {
  type CacheEntry,
  type CachePolicy,
  cacheEntryMatches,
  cacheEntryTtlSeconds,
  createCacheEntry,
  type HttpCacheStore,
  isCacheEntryFresh,
  type ReadonlyHeaders,
  type RequestHeaderReader,
  revalidatedFields,
  type StorableResponse,
} from '@agentweb/http';
import { cacheCall, deleteByPrefix, digestKeyPart } from './cache-connection.js';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
import { redisKey } from './redis-keys.js';

/** The rules and limits of a Redis HTTP cache (for {@link createRedisHttpCache} and {@link httpCacheOn}). */
export interface RedisHttpCacheSettings {
  /**
   * Largest entry stored, in bytes: body plus headers and bookkeeping as stored (default 1 MiB). A larger response
   * is served to its caller but not shared.
   */
  maxEntryBytes?: number;
  /** Freshness in ms for responses with neither `max-age` nor `Expires` (default 0: revalidate every use). */
  heuristicTtlMs?: number;
  /** Freshness in ms for 404 and 410 responses with neither `max-age` nor `Expires` (default 30 000). */
  negativeTtlMs?: number;
  /**
   * How long an entry with a validator (`ETag`, `Last-Modified`) is kept after it goes stale, in ms, so it can be
   * revalidated with a conditional request (default 600 000). Entries without one expire with their freshness.
   */
  revalidationWindowMs?: number;
  /** Longest TTL of any key, in ms, whatever `max-age` a server sends (default 86 400 000, one day). */
  maxTtlMs?: number;
}

/** Options of {@link createRedisHttpCache}: a connection (`url` or `client`) and the cache's settings. */
export interface RedisHttpCacheOptions extends RedisConnectionOptions, RedisHttpCacheSettings {}

/** An {@link HttpCacheStore} on Redis, shared by every process that uses the same Redis and `keyPrefix`. */
export interface RedisHttpCache extends HttpCacheStore {
  /** Freshness for responses without explicit freshness, in ms. */
  readonly heuristicTtlMs: number;
  /** Freshness for 404/410 without explicit freshness, in ms. */
  readonly negativeTtlMs: number;
  /** Drops every entry under this cache's prefix (SCAN + UNLINK). */
  clear(): Promise<void>;
  /** Closes the connection when the cache opened it (`url`); a caller's `client` stays open. */
  close(): Promise<void>;
}

/** Rules of {@link RedisHttpCacheSettings}, for callers that take them nested (`createRedisState`). */
export const REDIS_HTTP_CACHE_RULES = {
  maxEntryBytes: is.positiveInteger,
  heuristicTtlMs: is.nonNegativeNumber,
  negativeTtlMs: is.nonNegativeNumber,
  revalidationWindowMs: is.nonNegativeInteger,
  maxTtlMs: is.positiveInteger,
};

const FORMAT = 1;
// Headers a store shared by many users must not hand from one to another.
const UNSHARED_HEADERS = new Set(['set-cookie']);

/** The stored form of an entry's fields other than its body (JSON, before the body bytes). */
interface StoredMeta {
  v: number;
  url: string;
  status: number;
  headers: [string, string][];
  sha256: string;
  finalUrl: string;
  redirects: string[];
  fetchedAt: string;
  responseTime: number;
  initialAgeMs: number;
  freshnessMs: number;
  mustRevalidate: boolean;
  vary: [string, string | null][];
}

function encode(entry: CacheEntry): Buffer {
  const headers: [string, string][] = [];
  for (const [name, value] of entry.headers) if (!UNSHARED_HEADERS.has(name)) headers.push([name, value]);
  const meta: StoredMeta = {
    v: FORMAT,
    url: entry.url,
    status: entry.status,
    headers,
    sha256: entry.sha256,
    finalUrl: entry.finalUrl,
    redirects: [...entry.redirects],
    fetchedAt: entry.fetchedAt,
    responseTime: entry.responseTime,
    initialAgeMs: entry.initialAgeMs,
    freshnessMs: entry.freshnessMs,
    mustRevalidate: entry.mustRevalidate,
    vary: entry.vary.map(([name, value]) => [name, value]),
  };
  const json = Buffer.from(JSON.stringify(meta), 'utf8');
  const value = Buffer.allocUnsafe(4 + json.byteLength + entry.bytes.byteLength);
  value.writeUInt32BE(json.byteLength, 0);
  json.copy(value, 4);
  value.set(entry.bytes, 4 + json.byteLength);
  return value;
}

const isStringPair = (pair: unknown): boolean =>
  Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string';

/** The entry stored under a key, or `undefined` for anything this version did not write (treated as a miss). */
function decode(value: Buffer, url: string): CacheEntry | undefined {
  if (value.byteLength < 4) return undefined;
  const length = value.readUInt32BE(0);
  if (4 + length > value.byteLength) return undefined;
  let meta: StoredMeta;
  try {
    meta = JSON.parse(value.toString('utf8', 4, 4 + length)) as StoredMeta;
  } catch {
    return undefined;
  }
  if (
    meta === null ||
    typeof meta !== 'object' ||
    meta.v !== FORMAT ||
    meta.url !== url ||
    typeof meta.status !== 'number' ||
    !Array.isArray(meta.headers) ||
    !meta.headers.every(isStringPair) ||
    !Array.isArray(meta.redirects) ||
    !Array.isArray(meta.vary) ||
    !meta.vary.every(isStringPair) ||
    typeof meta.responseTime !== 'number' ||
    typeof meta.initialAgeMs !== 'number' ||
    typeof meta.freshnessMs !== 'number'
  ) {
    return undefined;
  }
  return {
    url: meta.url,
    status: meta.status,
    headers: new Headers(meta.headers),
    // A view, not a copy: the buffer belongs to this read alone.
    bytes: value.subarray(4 + length),
    sha256: String(meta.sha256),
    finalUrl: String(meta.finalUrl),
    redirects: meta.redirects.map(String),
    fetchedAt: String(meta.fetchedAt),
    responseTime: meta.responseTime,
    initialAgeMs: meta.initialAgeMs,
    freshnessMs: meta.freshnessMs,
    mustRevalidate: meta.mustRevalidate === true,
    vary: meta.vary,
    memo: {},
  };
}

function hasValidator(headers: ReadonlyHeaders): boolean {
  return headers.has('etag') || headers.has('last-modified');
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || '_';
  } catch {
    return '_';
  }
}

/**
 * An HTTP cache on Redis for `createHttpClient({ cache })`: the same RFC 9111 rules as the in-memory `HttpCache`
 * (one variant per URL, `Vary`, validators and 304 revalidation, heuristic and negative freshness), as a shared
 * cache (RFC 9111 §3.5: `private` responses are not stored, `s-maxage` wins over `max-age`, `Set-Cookie` is not
 * kept). Bodies are stored as bytes. Every key has a TTL: the entry's freshness, plus `revalidationWindowMs` when it
 * has a validator, at most `maxTtlMs`; an entry over `maxEntryBytes` is not stored.
 *
 * Every instance using the same Redis and `keyPrefix` shares the entries. As with a shared `HttpCache`, an entry
 * fetched under one client's address policy (`allowPrivateNetwork`, `lookup`) is served to the others: share a
 * prefix only between clients with the same policy. A failing Redis never fails a call; the client goes on
 * without the cache and reports `provenance.cacheError`.
 */
export function createRedisHttpCache(options: RedisHttpCacheOptions): RedisHttpCache {
  const callee = 'createRedisHttpCache';
  checkOptions(
    callee,
    options,
    { ...REDIS_CONNECTION_RULES, ...REDIS_HTTP_CACHE_RULES },
    { optionsRequired: true },
  );
  const {
    maxEntryBytes,
    heuristicTtlMs,
    negativeTtlMs,
    revalidationWindowMs,
    maxTtlMs,
    ...connectionOptions
  } = options;
  const settings: RedisHttpCacheSettings = {};
  if (maxEntryBytes !== undefined) settings.maxEntryBytes = maxEntryBytes;
  if (heuristicTtlMs !== undefined) settings.heuristicTtlMs = heuristicTtlMs;
  if (negativeTtlMs !== undefined) settings.negativeTtlMs = negativeTtlMs;
  if (revalidationWindowMs !== undefined) settings.revalidationWindowMs = revalidationWindowMs;
  if (maxTtlMs !== undefined) settings.maxTtlMs = maxTtlMs;
  return httpCacheOn(openRedisConnection(callee, connectionOptions), settings);
}

/**
 * The HTTP cache on an open connection, so `createRedisState` can share one connection among its stores;
 * `close()` closes the connection when it was opened from a `url`.
 */
export function httpCacheOn(
  connection: RedisConnection,
  settings: RedisHttpCacheSettings = {},
): RedisHttpCache {
  const policy: CachePolicy = {
    heuristicTtlMs: settings.heuristicTtlMs ?? 0,
    negativeTtlMs: settings.negativeTtlMs ?? 30_000,
    shared: true,
  };
  const maxEntryBytes = settings.maxEntryBytes ?? 1024 * 1024;
  const revalidationWindowMs = settings.revalidationWindowMs ?? 600_000;
  const maxTtlMs = settings.maxTtlMs ?? 86_400_000;
  const prefix = `${connection.keyPrefix}http:`;
  const keyOf = (url: string) => redisKey(connection.keyPrefix, 'http', hostOf(url), digestKeyPart(url));

  /** Milliseconds the key of `entry` lives from `now`; 0 when it is not worth keeping. */
  function ttlOf(entry: CacheEntry, now: number): number {
    const freshLeft = Math.max(0, entry.freshnessMs - entry.initialAgeMs - (now - entry.responseTime));
    const ttl = freshLeft + (hasValidator(entry.headers) ? revalidationWindowMs : 0);
    return Math.min(Math.floor(ttl), maxTtlMs);
  }

  /** Writes `entry` with its TTL, or removes the key when it is too large or not worth keeping. */
  async function put(operation: string, entry: CacheEntry, now: number): Promise<boolean> {
    const ttl = ttlOf(entry, now);
    const value = ttl >= 1 ? encode(entry) : undefined;
    const key = keyOf(entry.url);
    if (value === undefined || value.byteLength > maxEntryBytes) {
      await cacheCall(connection, operation, (client) => client.del(key));
      return false;
    }
    await cacheCall(connection, operation, (client) => client.set(key, value, 'PX', ttl));
    return true;
  }

  return {
    heuristicTtlMs: policy.heuristicTtlMs,
    negativeTtlMs: policy.negativeTtlMs,
    async get(url: string, requestHeader?: RequestHeaderReader) {
      const value = await cacheCall(connection, 'httpCache.get', (client) => client.getBuffer(keyOf(url)));
      if (value === null) return undefined;
      const entry = decode(value, url);
      return entry && cacheEntryMatches(entry, requestHeader) ? entry : undefined;
    },
    isFresh: (entry: CacheEntry, now: number = Date.now()) => isCacheEntryFresh(entry, now),
    ttlSeconds: (entry: CacheEntry, now: number = Date.now()) => cacheEntryTtlSeconds(entry, now),
    async store(
      url: string,
      response: StorableResponse,
      requestHeader?: RequestHeaderReader,
      now: number = Date.now(),
    ) {
      const entry = createCacheEntry(url, response, policy, requestHeader, now);
      if (!entry) {
        // As in memory: an answer that may not be stored replaces (removes) what was there.
        await cacheCall(connection, 'httpCache.store', (client) => client.del(keyOf(url)));
        return undefined;
      }
      return (await put('httpCache.store', entry, now)) ? entry : undefined;
    },
    async refresh(entry: CacheEntry, notModified: ReadonlyHeaders, now: number = Date.now()) {
      const { storable, ...fields } = revalidatedFields(entry, notModified, policy, now);
      const refreshed: CacheEntry = { ...entry, ...fields, memo: {} };
      if (storable) await put('httpCache.refresh', refreshed, now);
      else await cacheCall(connection, 'httpCache.refresh', (client) => client.del(keyOf(entry.url)));
      return refreshed;
    },
    async delete(url: string) {
      return (await cacheCall(connection, 'httpCache.delete', (client) => client.del(keyOf(url)))) > 0;
    },
    async clear() {
      await deleteByPrefix(connection, 'httpCache.clear', prefix);
    },
    close: () => connection.close(),
  };
}
