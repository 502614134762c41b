export {
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  escapeKeyPart,
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
export {
  createRedisHttpCache,
  httpCacheOn,
  REDIS_HTTP_CACHE_RULES,
  type RedisHttpCache,
  type RedisHttpCacheOptions,
  type RedisHttpCacheSettings,
} from './redis-http-cache.js';
export {
  createRedisSearchCache,
  REDIS_SEARCH_CACHE_RULES,
  type RedisSearchCache,
  type RedisSearchCacheOptions,
  type RedisSearchCacheSettings,
  searchCacheOn,
} from './redis-search-cache.js';
