import { checkOptions, is } from '@agentweb/core';
import {
  createRedisBackoffFactory,
  REDIS_BACKOFF_RULES,
  type RedisBackoffSettings,
  type RedisMerchantBackoff,
} from './backoff/redis-merchant-backoff.js';
import {
  approvalStoreOn,
  REDIS_APPROVAL_STORE_RULES,
  type RedisApprovalStore,
  type RedisApprovalStoreSettings,
} from './redis-approval-store.js';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
import {
  contextStoreOn,
  REDIS_CONTEXT_STORE_RULES,
  type RedisContextStore,
  type RedisContextStoreSettings,
} from './redis-context-store.js';
import {
  httpCacheOn,
  REDIS_HTTP_CACHE_RULES,
  type RedisHttpCache,
  type RedisHttpCacheSettings,
} from './redis-http-cache.js';
import {
  REDIS_SEARCH_CACHE_RULES,
  type RedisSearchCache,
  type RedisSearchCacheSettings,
  searchCacheOn,
} from './redis-search-cache.js';

/**
 * Options of {@link createRedisState}: one connection (`url` or `client`, `keyPrefix`, `commandTimeoutMs`) and the
 * settings of each store on it.
 */
export interface RedisStateOptions extends RedisConnectionOptions {
  /** Settings of the context store (`ttlMs`, default 30 days). */
  contextStore?: RedisContextStoreSettings;
  /** Settings of the approval store (`ttlMs`, default one hour). */
  approvals?: RedisApprovalStoreSettings;
  /** Settings of each merchant's shared backoff and circuit (`createMerchantBackoff`'s, plus `probeLeaseMs`, ...). */
  backoff?: RedisBackoffSettings;
  /** Settings of the shared search cache (`ttlMs`, `maxEntryBytes`, `nearCacheBytes`). */
  searchCache?: RedisSearchCacheSettings;
  /** Settings of the shared HTTP cache (`maxEntryBytes`, `revalidationWindowMs`, ...). */
  httpCache?: RedisHttpCacheSettings;
}

/**
 * AgentWeb's shared state on one Redis connection, for `new AgentWeb({ state })`. Each field is one piece of state
 * the facade otherwise keeps in process; more fields (caches, merchant backoff) join them as optional fields.
 */
export interface RedisState {
  /** The connection every store uses. */
  readonly connection: RedisConnection;
  /** contextIds per (user, merchant), with revocation generations. */
  readonly contextStore: RedisContextStore;
  /** Intent matches and one-time approvals behind `CONFIRMATION_REQUIRED`. */
  readonly approvals: RedisApprovalStore;
  /**
   * Each merchant's backoff and circuit, shared by the fleet: a 429 seen by one instance pauses all of them, a
   * circuit opened by one is open for all (`createRedisBackoffFactory(...).forMerchant`).
   */
  readonly merchantBackoff: (merchantId: string) => RedisMerchantBackoff;
  /** Non-personalised search pages, shared (a Redis that fails is skipped with a warning). */
  readonly searchCache: RedisSearchCache;
  /** HTTP responses of the client an `AgentWeb` builds, shared (a Redis that fails counts as a miss). */
  readonly httpCache: RedisHttpCache;
  /** Closes the connection when it was opened from `url`; a caller's `client` is left open. Idempotent. */
  close(): Promise<void>;
}

/** Rules of {@link RedisStateOptions}, for callers that take them nested (`new AgentWeb({ redis })`). */
export const REDIS_STATE_RULES = {
  ...REDIS_CONNECTION_RULES,
  contextStore: is.shape(REDIS_CONTEXT_STORE_RULES),
  approvals: is.shape(REDIS_APPROVAL_STORE_RULES),
  searchCache: is.shape(REDIS_SEARCH_CACHE_RULES),
  httpCache: is.shape(REDIS_HTTP_CACHE_RULES),
  backoff: is.shape(
    Object.fromEntries(
      Object.entries(REDIS_BACKOFF_RULES).filter(([name]) => !(name in REDIS_CONNECTION_RULES)),
    ),
  ),
};

/**
 * Opens one Redis connection and puts AgentWeb's shared state on it: pass the result as `new AgentWeb({ userId,
 * state })` to every instance (or give `new AgentWeb({ userId, redis: { url } })`, which does this for you and
 * closes the connection on `close()`). Keys start with `keyPrefix` (default `agentweb:`); every key has a TTL.
 */
export function createRedisState(options: RedisStateOptions): RedisState {
  checkOptions('createRedisState', options, REDIS_STATE_RULES, { optionsRequired: true });
  const { contextStore, approvals, backoff, searchCache, httpCache, ...connectionOptions } = options;
  const connection = openRedisConnection('createRedisState', connectionOptions);
  // On the state's connection, which the factory then never closes.
  const backoffs = createRedisBackoffFactory({
    ...backoff,
    client: connection.client,
    keyPrefix: connection.keyPrefix,
    commandTimeoutMs: connection.commandTimeoutMs,
  });
  let closing: Promise<void> | undefined;
  return {
    connection,
    contextStore: contextStoreOn(connection, contextStore),
    approvals: approvalStoreOn(connection, approvals),
    merchantBackoff: (merchantId) => backoffs.forMerchant(merchantId),
    searchCache: searchCacheOn(connection, searchCache),
    httpCache: httpCacheOn(connection, httpCache),
    close() {
      closing ??= connection.close();
      return closing;
    },
  };
}
