/** Test helpers for code built on @agentweb/redis. Import from `@agentweb/redis/test`. */
export {
  type RedisServerHandle,
  type StartRedisServerOptions,
  startRedisServer,
} from './start-redis-server.js';
