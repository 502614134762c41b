import { randomBytes } from 'node:crypto';
import {
  type ContextKey,
  type ContextRecord,
  type ContextStore,
  checkContextId,
  checkContextKey,
} from '@agentweb/cap';
import { checkOptions, is } from '@agentweb/core';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
import { redisKey } from './redis-keys.js';
import { defineRedisScript } from './redis-script.js';

/** Default `ttlMs` of a stored contextId: 30 days since it was last read or written. */
export const DEFAULT_CONTEXT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a revocation's new generation is kept at least (24 h): an answer to a call sent before a revocation is
 * refused for this long, whatever `ttlMs` says. No call waits that long for its answer.
 */
export const REVOCATION_FENCE_MS = 24 * 60 * 60 * 1000;

/** Settings of the Redis context store, beyond the connection. */
export interface RedisContextStoreSettings {
  /**
   * How long a contextId is kept after it was last read or written, in ms (default 30 days). Every key has a TTL;
   * a user idle for longer gets a new context from the merchant.
   */
  ttlMs?: number;
}

/** Options of {@link createRedisContextStore}: a connection (`url` or `client`) and the store's settings. */
export interface RedisContextStoreOptions extends RedisConnectionOptions, RedisContextStoreSettings {}

/** A context store on Redis; `close()` closes the connection when the store opened it. */
export interface RedisContextStore extends ContextStore {
  read(key: ContextKey): Promise<ContextRecord>;
  setIfGeneration(key: ContextKey, contextId: string, generation: string): Promise<boolean>;
  /** Closes the connection the store opened from `url`; a caller's `client` is left open. */
  close(): Promise<void>;
}

/** Rules of {@link RedisContextStoreSettings}. */
export const REDIS_CONTEXT_STORE_RULES = { ttlMs: is.positiveInteger };

// One hash per (user, merchant): `id` is the contextId, `gen` the generation (absent until the first delete). Every
// script keeps the key's TTL at least `ttl` from now and never shortens it, so a revocation's generation outlives
// the calls it fences even when a contextId is written after it.
function keepTtl(ttlArg: number): string {
  return `
local ttl = tonumber(ARGV[${ttlArg}])
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end`;
}

const READ = defineRedisScript(`
local found = redis.call('HMGET', KEYS[1], 'id', 'gen')
if found[1] then ${keepTtl(1)} end
return found`);

const SET = defineRedisScript(`
redis.call('HSET', KEYS[1], 'id', ARGV[1])
${keepTtl(2)}
return 1`);

const SET_IF_GENERATION = defineRedisScript(`
if (redis.call('HGET', KEYS[1], 'gen') or '') ~= ARGV[3] then return 0 end
redis.call('HSET', KEYS[1], 'id', ARGV[1])
${keepTtl(2)}
return 1`);

const DELETE = defineRedisScript(`
redis.call('HDEL', KEYS[1], 'id')
redis.call('HSET', KEYS[1], 'gen', ARGV[1])
${keepTtl(2)}
return 1`);

/** The store on an open connection; {@link createRedisState} shares one connection among its stores. */
export function contextStoreOn(
  connection: RedisConnection,
  settings: RedisContextStoreSettings = {},
): RedisContextStore {
  // A TTL is not a timer: Redis takes any positive integer, so it is not clamped to setTimeout's range.
  const ttlMs = settings.ttlMs ?? DEFAULT_CONTEXT_TTL_MS;
  const fenceMs = Math.max(ttlMs, REVOCATION_FENCE_MS);
  const keyOf = (key: ContextKey) =>
    redisKey(connection.keyPrefix, 'context', checkContextKey(key).userId, key.merchantId);

  async function read(key: ContextKey, operation: string): Promise<ContextRecord> {
    const redisKeyName = keyOf(key);
    const [contextId, generation] = (await connection.call(operation, (client) =>
      READ.run(client, [redisKeyName], [ttlMs]),
    )) as [string | null, string | null];
    return { contextId: contextId ?? undefined, generation: generation ?? '' };
  }

  return {
    async get(key) {
      return (await read(key, 'contextStore.get')).contextId;
    },
    read: (key) => read(key, 'contextStore.read'),
    async set(key, contextId) {
      const redisKeyName = keyOf(key);
      checkContextId(contextId);
      await connection.call('contextStore.set', (client) =>
        SET.run(client, [redisKeyName], [contextId, ttlMs]),
      );
    },
    async setIfGeneration(key, contextId, generation) {
      const redisKeyName = keyOf(key);
      checkContextId(contextId);
      const stored = await connection.call('contextStore.setIfGeneration', (client) =>
        SET_IF_GENERATION.run(client, [redisKeyName], [contextId, ttlMs, generation]),
      );
      return stored === 1;
    },
    async delete(key) {
      const redisKeyName = keyOf(key);
      // A new random generation (not a counter): one that expired and came back could otherwise repeat a value a
      // late answer still holds.
      const generation = randomBytes(12).toString('base64url');
      await connection.call('contextStore.delete', (client) =>
        DELETE.run(client, [redisKeyName], [generation, fenceMs]),
      );
    },
    close: () => connection.close(),
  };
}

/**
 * A {@link ContextStore} on Redis, shared by every instance that uses the same Redis and `keyPrefix`: one hash per
 * (user, merchant) under `<keyPrefix>context:<userId>:<merchantId>` (parts escaped), kept `ttlMs` after its last
 * read or write. It has `read` and `setIfGeneration`, checked by a Lua script, so a consent revocation on one
 * instance cannot be undone by a late answer on another. Every call has the connection's deadline; Redis down or
 * slow gives `StateStoreError`, never a silently dropped contextId.
 */
export function createRedisContextStore(options: RedisContextStoreOptions): RedisContextStore {
  checkOptions(
    'createRedisContextStore',
    options,
    { ...REDIS_CONNECTION_RULES, ...REDIS_CONTEXT_STORE_RULES },
    { optionsRequired: true },
  );
  const { ttlMs, ...connectionOptions } = options;
  return contextStoreOn(
    openRedisConnection('createRedisContextStore', connectionOptions),
    ttlMs === undefined ? {} : { ttlMs },
  );
}
