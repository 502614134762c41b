import { randomUUID } from 'node:crypto';
import {
  type ContextKey,
  type ContextLease,
  type ContextLockOptions,
  type ContextRecord,
  type ContextStore,
  checkContextId,
  checkContextKey,
  DEFAULT_CONTEXT_LOCK_WAIT_MS,
} from '@agentweb/cap';
import { checkOptions, is } from '@agentweb/core';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
import { contextLockOn } from './redis-context-lock.js';
import { redisKey } from './redis-keys.js';
import { defineRedisScript } from './redis-script.js';
import { RenewalMemo } from './renewal-memo.js';

/** Default `ttlMs` of a stored contextId: 30 days since it was last read or written. */
export const DEFAULT_CONTEXT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Default `lockTtlMs`: how long a context-creation lock outlives an instance that died holding it. */
export const DEFAULT_CONTEXT_LOCK_TTL_MS = 15_000;

/**
 * How long a revocation's new generation is kept at least (24 h): an answer to a call sent before a revocation is
 * refused for this long, whatever `ttlMs` says. No call waits that long for its answer.
 */
export const REVOCATION_FENCE_MS = 24 * 60 * 60 * 1000;

/** Longest time between two TTL renewals of one key by one store (or a tenth of `ttlMs`, when shorter). */
const RENEW_EVERY_MS = 60 * 60 * 1000;
/** Keys whose last renewal one store remembers. */
const RENEWALS_REMEMBERED = 10_000;

/** Settings of the Redis context store, beyond the connection. */
export interface RedisContextStoreSettings {
  /**
   * How long a contextId is kept after it was last read or written, in ms (default 30 days; a read renews it at
   * most once an hour per key and instance). Every key has a TTL; a user idle for longer gets a new context from
   * the merchant.
   */
  ttlMs?: number;
  /**
   * How long a context-creation lock lasts, in ms (default 15 000): the lease a call holds while it creates a user's
   * context with a merchant, released as soon as the contextId is stored. If the instance holding it dies, the others
   * wait at most this long before one of them takes over.
   */
  lockTtlMs?: number;
  /**
   * Longest wait for a context-creation lock, in ms (default 20 000, longer than `lockTtlMs` so a waiter outlives a
   * dead holder's lease); past it the call fails with `ContextLockTimeoutError` and sends nothing. The call's
   * `signal` ends the wait sooner.
   */
  lockWaitMs?: number;
}

/** Options of {@link createRedisContextStore}: a connection (`url` or `client`) and the store's settings. */
export interface RedisContextStoreOptions extends RedisConnectionOptions, RedisContextStoreSettings {}

/** A context store on Redis; `close()` closes the connection when the store opened it. */
export interface RedisContextStore extends ContextStore {
  read(key: ContextKey): Promise<ContextRecord>;
  setIfGeneration(key: ContextKey, contextId: string, generation: string): Promise<boolean>;
  lock(key: ContextKey, options?: ContextLockOptions): Promise<ContextLease>;
  /** Closes the connection the store opened from `url`; a caller's `client` is left open. */
  close(): Promise<void>;
}

/** Rules of {@link RedisContextStoreSettings}. */
export const REDIS_CONTEXT_STORE_RULES = {
  ttlMs: is.positiveInteger,
  lockTtlMs: is.positiveInteger,
  lockWaitMs: is.timerMs,
};

// One string per (user, merchant): `<generation>\n<contextId>`, or `<generation>\n` after a delete. The generation
// is '' until the first write that starts one, then a random UUID (never a newline), so the first newline splits
// the two. A plain string lets a read renew the TTL with one native GETEX, and a delete or an unconditional set be
// one native SET (each starts a new generation). Only the conditional set needs a script: compare, then write.
//
// No write shortens a key's TTL: a revocation's generation must outlive the calls it fences. With ttlMs at least
// the fence (the default), every write's TTL is the longest there is, so writes just set it; with a shorter ttlMs
// the scripts keep the longer of the two.
function setIfGenerationScript(keepLongerTtl: boolean) {
  return defineRedisScript(`local stored = redis.call('GET', KEYS[1])
local generation = stored and string.match(stored, '^[^\\n]*') or ''
if generation ~= ARGV[3] then return 0 end
local ttl = tonumber(ARGV[2])
${keepLongerTtl ? "local left = redis.call('PTTL', KEYS[1])\nif left > ttl then ttl = left end" : ''}
redis.call('SET', KEYS[1], generation .. '\\n' .. ARGV[1], 'PX', ttl)
return 1`);
}
const SET_IF_GENERATION = setIfGenerationScript(false);
const SET_IF_GENERATION_KEEPING_FENCE = setIfGenerationScript(true);

// With a ttlMs shorter than the fence: renew on read and write, never below what a fence still needs.
const READ_KEEPING_FENCE = defineRedisScript(`local stored = redis.call('GET', KEYS[1])
if stored then
  local ttl = tonumber(ARGV[1])
  if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
end
return stored`);
const WRITE_KEEPING_FENCE = defineRedisScript(`local ttl = tonumber(ARGV[2])
local left = redis.call('PTTL', KEYS[1])
if left > ttl then ttl = left end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
return 1`);

/**
 * A new random generation (not a counter: one that expired and came back could repeat a value a call holds). A
 * UUID's 122 random bits, from Node's pooled entropy (a tenth of the cost of `randomBytes` per call).
 */
function newGeneration(): string {
  return randomUUID();
}

function parseRecord(stored: string | null): ContextRecord {
  if (stored === null) return { contextId: undefined, generation: '' };
  const cut = stored.indexOf('\n');
  if (cut === -1) return { contextId: undefined, generation: '' };
  const contextId = stored.slice(cut + 1);
  return { contextId: contextId === '' ? undefined : contextId, generation: stored.slice(0, cut) };
}

/** The store on an open connection; {@link createRedisState} shares one connection among its stores. */
export function contextStoreOn(
  connection: RedisConnection,
  settings: RedisContextStoreSettings = {},
): RedisContextStore {
  // A TTL is not a timer: Redis takes any positive integer, so it is not clamped to setTimeout's range.
  const ttlMs = settings.ttlMs ?? DEFAULT_CONTEXT_TTL_MS;
  const fenceMs = Math.max(ttlMs, REVOCATION_FENCE_MS);
  // No write sets a TTL above fenceMs, so with ttlMs >= fenceMs every read and write may set it outright.
  const outright = ttlMs >= fenceMs;
  const keyOf = (key: ContextKey) =>
    redisKey(connection.keyPrefix, 'context', checkContextKey(key).userId, key.merchantId);
  // A read renews the key's TTL, but at most once per RENEW_EVERY_MS per key and store: a renewal is a write (Redis
  // replicates it), and an active user's reads would otherwise turn into a write each.
  const renewals = new RenewalMemo({
    max: RENEWALS_REMEMBERED,
    forMs: Math.max(1, Math.min(RENEW_EVERY_MS, Math.floor(ttlMs / 10))),
  });

  async function read(key: ContextKey, operation: string): Promise<ContextRecord> {
    const redisKeyName = keyOf(key);
    const renew = !renewals.isFresh(redisKeyName);
    const stored = await connection.call(operation, (client) =>
      !renew
        ? client.get(redisKeyName)
        : outright
          ? client.getex(redisKeyName, 'PX', ttlMs)
          : (READ_KEEPING_FENCE.run(client, [redisKeyName], [ttlMs]) as Promise<string | null>),
    );
    if (renew && stored !== null) renewals.renewed(redisKeyName);
    return parseRecord(stored);
  }

  async function write(operation: string, redisKeyName: string, value: string, ttl: number): Promise<void> {
    await connection.call(operation, (client) =>
      ttl >= fenceMs
        ? client.set(redisKeyName, value, 'PX', ttl)
        : WRITE_KEEPING_FENCE.run(client, [redisKeyName], [value, ttl]),
    );
    renewals.renewed(redisKeyName);
  }

  return {
    async get(key) {
      return (await read(key, 'contextStore.get')).contextId;
    },
    read: (key) => read(key, 'contextStore.read'),
    async set(key, contextId) {
      const redisKeyName = keyOf(key);
      checkContextId(contextId);
      // Unconditional: nothing read before it may write after it, so it starts a generation, as a delete does.
      await write('contextStore.set', redisKeyName, `${newGeneration()}\n${contextId}`, ttlMs);
    },
    async setIfGeneration(key, contextId, generation) {
      const redisKeyName = keyOf(key);
      checkContextId(contextId);
      const script = outright ? SET_IF_GENERATION : SET_IF_GENERATION_KEEPING_FENCE;
      const stored = await connection.call('contextStore.setIfGeneration', (client) =>
        script.run(client, [redisKeyName], [contextId, ttlMs, generation]),
      );
      if (stored === 1) renewals.renewed(redisKeyName);
      return stored === 1;
    },
    async delete(key) {
      await write('contextStore.delete', keyOf(key), `${newGeneration()}\n`, fenceMs);
    },
    lock: contextLockOn(connection, {
      ttlMs: settings.lockTtlMs ?? DEFAULT_CONTEXT_LOCK_TTL_MS,
      waitMs: settings.lockWaitMs ?? DEFAULT_CONTEXT_LOCK_WAIT_MS,
      // The context key and a suffix no context key has (every part of one is escaped, so none holds a `:`): the
      // lease follows whatever shape (and hash tag) the context key takes.
      keyOf: (key) => `${keyOf(key)}:lock`,
    }),
    close: () => connection.close(),
  };
}

/**
 * A {@link ContextStore} on Redis, shared by every instance that uses the same Redis and `keyPrefix`: one string
 * per (user, merchant) under `<keyPrefix>context:<userId>:<merchantId>` (parts escaped), holding the revocation
 * generation and the contextId, kept `ttlMs` after its last read or write (Redis 6.2 or later: `GETEX`). It has
 * `read` and `setIfGeneration`, checked by a Lua script, so a consent revocation on one instance cannot be undone
 * by a late answer on another. Its `lock` is a short lease under `<keyPrefix>context:<userId>:<merchantId>:lock`
 * (`SET NX PX` with a random token, released by a compare-and-delete script, `lockTtlMs`), so that concurrent first
 * calls on every instance share one context creation. Every call has the connection's deadline; Redis down or slow
 * gives `StateStoreError`, never a silently dropped contextId.
 */
export function createRedisContextStore(options: RedisContextStoreOptions): RedisContextStore {
  checkOptions(
    'createRedisContextStore',
    options,
    { ...REDIS_CONNECTION_RULES, ...REDIS_CONTEXT_STORE_RULES },
    { optionsRequired: true },
  );
  const { ttlMs, lockTtlMs, lockWaitMs, ...connectionOptions } = options;
  return contextStoreOn(openRedisConnection('createRedisContextStore', connectionOptions), {
    ...(ttlMs === undefined ? {} : { ttlMs }),
    ...(lockTtlMs === undefined ? {} : { lockTtlMs }),
    ...(lockWaitMs === undefined ? {} : { lockWaitMs }),
  });
}
