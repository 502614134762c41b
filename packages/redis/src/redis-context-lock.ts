import { randomUUID } from 'node:crypto';
import {
  type ContextKey,
  type ContextLease,
  type ContextLockOptions,
  ContextLockTimeoutError,
  KeyedLock,
} from '@agentweb/cap';
import { abortableDelay } from '@agentweb/core';
import type { RedisConnection } from './redis-connection.js';
import { defineRedisScript } from './redis-script.js';

/** Settings of one store's context-creation locks. */
export interface ContextLockSettings {
  /** How long a lease lasts without being released, in ms. */
  ttlMs: number;
  /** Longest wait for a lease, in ms. */
  waitMs: number;
  /** The Redis key of a (user, merchant)'s lease (checks the key). */
  keyOf: (key: ContextKey) => string;
}

// Deletes the lock only if it still holds this caller's token: a lease that ran out and was taken by another
// instance is that instance's now, and must not be released by the first holder's late release.
const RELEASE_IF_HELD = defineRedisScript(`if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`);

/** First and longest pause between two attempts at a lease another instance holds, in ms. */
const FIRST_POLL_MS = 10;
const LONGEST_POLL_MS = 200;

/** The pause before attempt `attempt + 1`: growing, with jitter so waiting instances do not poll in step. */
function pollDelayMs(attempt: number): number {
  const ceiling = Math.min(LONGEST_POLL_MS, FIRST_POLL_MS * 1.5 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

/**
 * `ContextStore.lock` on Redis: a lease per (user, merchant) under `keyOf(key)` (the context key and `:lock`),
 * taken with `SET NX PX` and a random token, released with a compare-and-delete script. Callers in this process queue
 * on an in-process lock first, so only one of them at a time polls Redis; callers on other instances poll with a
 * growing pause until the lease is free, the signal aborts or `waitMs` passes. A holder that dies (or whose release
 * cannot reach Redis) leaves a lease that runs out after `ttlMs`.
 */
export function contextLockOn(
  connection: RedisConnection,
  settings: ContextLockSettings,
): (key: ContextKey, options?: ContextLockOptions) => Promise<ContextLease> {
  const { ttlMs, waitMs, keyOf } = settings;
  const local = new KeyedLock();

  return async (key, options = {}) => {
    const { signal } = options;
    const lockKey = keyOf(key);
    const started = performance.now();
    const releaseLocal = await local.acquire(lockKey, { signal, waitMs });
    const token = randomUUID();
    try {
      for (let attempt = 0; ; attempt += 1) {
        const taken = await connection.call('contextStore.lock', (client) =>
          client.set(lockKey, token, 'PX', ttlMs, 'NX'),
        );
        if (taken === 'OK') break;
        const left = waitMs - (performance.now() - started);
        if (left <= 0) throw new ContextLockTimeoutError(Math.round(performance.now() - started));
        await abortableDelay(Math.min(left, pollDelayMs(attempt)), signal);
      }
    } catch (error) {
      releaseLocal();
      throw error;
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        try {
          await connection.call('contextStore.unlock', (client) =>
            RELEASE_IF_HELD.run(client, [lockKey], [token]),
          );
        } catch {
          // Redis down or slow: the lease runs out after ttlMs by itself.
        } finally {
          releaseLocal();
        }
      },
    };
  };
}
