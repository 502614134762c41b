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
export { evalScript, type LuaScript, luaScript } from './lua-script.js';
export {
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  escapeKeyPart,
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
