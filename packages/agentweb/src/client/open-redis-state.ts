import type { FullState } from '../state/deferred-state.js';
import { loadRedis } from '../state/load-redis.js';
import type { RedisStateOptions } from './redis-options.js';

/**
 * `createRedisState(options)` of `@agentweb/redis`, imported now: a client without `redis` never loads it (nor
 * ioredis), and a project that does not use Redis need not install it.
 */
export async function openRedisState(options: RedisStateOptions): Promise<FullState> {
  const { createRedisState } = await loadRedis('The redis option of new AgentWeb (and the CLI --redis flag)');
  return createRedisState(options as Parameters<typeof createRedisState>[0]);
}
