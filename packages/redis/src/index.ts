export * from './crawl/index.js';
export {
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  escapeKeyPart,
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
