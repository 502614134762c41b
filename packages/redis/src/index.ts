export {
  backoffKeys,
  createRedisBackoffFactory,
  createRedisMerchantBackoff,
  DEFAULT_BACKOFF_STATE_TTL_MS,
  DEFAULT_PROBE_LEASE_MS,
  type RedisBackoffFactoryOptions,
  type RedisBackoffSettings,
  type RedisBackoffWarning,
  type RedisMerchantBackoff,
  type RedisMerchantBackoffOptions,
  type RedisMerchantBackoffs,
  type StandaloneRedisMerchantBackoff,
} from './backoff/redis-merchant-backoff.js';
export * from './crawl/index.js';
export {
  approvalStoreOn,
  createRedisApprovalStore,
  DEFAULT_APPROVAL_TTL_MS,
  REDIS_APPROVAL_STORE_RULES,
  type RedisApprovalStore,
  type RedisApprovalStoreOptions,
  type RedisApprovalStoreSettings,
} from './redis-approval-store.js';
export {
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
export {
  contextStoreOn,
  createRedisContextStore,
  DEFAULT_CONTEXT_LOCK_TTL_MS,
  DEFAULT_CONTEXT_TTL_MS,
  REDIS_CONTEXT_STORE_RULES,
  REVOCATION_FENCE_MS,
  type RedisContextStore,
  type RedisContextStoreOptions,
  type RedisContextStoreSettings,
} from './redis-context-store.js';
export {
  createRedisHttpCache,
  httpCacheOn,
  REDIS_HTTP_CACHE_RULES,
  type RedisHttpCache,
  type RedisHttpCacheOptions,
  type RedisHttpCacheSettings,
} from './redis-http-cache.js';
export { escapeKeyPart, keyPart, MAX_KEY_PART_BYTES, redisKey } from './redis-keys.js';
export { defineRedisScript, type RedisScript } from './redis-script.js';
export {
  createRedisSearchCache,
  REDIS_SEARCH_CACHE_RULES,
  type RedisSearchCache,
  type RedisSearchCacheOptions,
  type RedisSearchCacheSettings,
  searchCacheOn,
} from './redis-search-cache.js';
export {
  createRedisState,
  REDIS_STATE_RULES,
  type RedisState,
  type RedisStateOptions,
} from './redis-state.js';
