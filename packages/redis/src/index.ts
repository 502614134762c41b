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
  type RedisHttpCache,
  type RedisHttpCacheOptions,
} from './redis-http-cache.js';
export {
  createRedisSearchCache,
  type RedisSearchCache,
  type RedisSearchCacheOptions,
} from './redis-search-cache.js';
