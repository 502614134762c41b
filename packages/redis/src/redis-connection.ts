import { createRequire } from 'node:module';
import {
  checkOptions,
  clampTimerMs,
  createDeadlineQueue,
  InvalidOptionError,
  is,
  StateStoreError,
} from '@agentweb/core';
import type { Redis, RedisOptions } from 'ioredis';

// ioredis is loaded when the first connection is opened, not when this package is imported: the AgentWeb facade
// imports this package for its `redis` option, and a process that never uses Redis should not pay for loading it.
const requireCommonJs = createRequire(import.meta.url);
let ioredis: typeof import('ioredis') | undefined;
function loadIoredis(): typeof import('ioredis') {
  ioredis ??= requireCommonJs('ioredis') as typeof import('ioredis');
  return ioredis;
}

/** How a Redis-backed AgentWeb store reaches Redis. Give `url` or `client`. */
export interface RedisConnectionOptions {
  /** `redis://` or `rediss://` URL; AgentWeb opens its own connection and closes it on `close()`. */
  url?: string;
  /** An ioredis client you own (standalone or Cluster); AgentWeb never closes it. Wins over `url`. */
  client?: Redis;
  /** Prefix of every key AgentWeb writes (default `agentweb:`); give each deployment its own. */
  keyPrefix?: string;
  /** Deadline of each Redis round trip, in ms (default 1 000); past it the call fails with `StateStoreError`. */
  commandTimeoutMs?: number;
}

/** An open connection and the rules every store shares. */
export interface RedisConnection {
  /** The ioredis client. */
  readonly client: Redis;
  /** Prefix of every key. */
  readonly keyPrefix: string;
  /** Deadline of each round trip, in ms. */
  readonly commandTimeoutMs: number;
  /**
   * Runs one Redis operation under the deadline (`timeoutMs` when given, for a bulk operation; else
   * `commandTimeoutMs`); any failure becomes a {@link StateStoreError} naming `operation`.
   */
  call<T>(operation: string, run: (client: Redis) => Promise<T>, timeoutMs?: number): Promise<T>;
  /** Closes the connection when AgentWeb opened it; a caller's `client` is left open. */
  close(): Promise<void>;
}

/** Rules of {@link RedisConnectionOptions}, for factories that take them. */
export const REDIS_CONNECTION_RULES = {
  url: is.string,
  client: is.object,
  keyPrefix: is.string,
  commandTimeoutMs: is.timerMs,
};

/** Default `commandTimeoutMs`. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1_000;

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Opens (or adopts) a Redis connection for AgentWeb's stores. Our own connection fails fast while Redis is
 * unreachable (one retry per command, then the error) and reconnects in the background, so a call never waits
 * past `commandTimeoutMs` on a server that is down or restarting.
 */
export function openRedisConnection(callee: string, options: RedisConnectionOptions): RedisConnection {
  checkOptions(callee, options, REDIS_CONNECTION_RULES);
  const commandTimeoutMs = clampTimerMs(options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS);
  const keyPrefix = options.keyPrefix ?? 'agentweb:';
  let owned = false;
  let client: Redis;
  if (options.client !== undefined) {
    client = options.client;
  } else {
    if (options.url === undefined)
      throw new InvalidOptionError({
        callee,
        option: 'url',
        expected: 'a redis:// URL (or give client)',
        received: 'undefined',
      });
    const redisOptions: RedisOptions = {
      maxRetriesPerRequest: 1,
      connectTimeout: commandTimeoutMs * 5,
      // Reconnect quickly after a restart, without hammering a server that is down.
      retryStrategy: (times) => Math.min(50 * times, 1_000),
    };
    client = new (loadIoredis().Redis)(options.url, redisOptions);
    // ioredis reports connection errors as 'error' events as well as on the commands; without a listener
    // Node would treat them as unhandled.
    client.on('error', () => {});
    owned = true;
  }

  // One timer for the deadlines of every call on this connection rather than a setTimeout per round trip, which is a
  // few µs of a ~100 µs loopback command.
  const deadlines = createDeadlineQueue();
  const storeError = (operation: string, error: unknown) =>
    error instanceof StateStoreError
      ? error
      : new StateStoreError({ store: 'redis', operation, reason: reasonOf(error), cause: error });

  function call<T>(
    operation: string,
    run: (redis: Redis) => Promise<T>,
    timeoutMs = commandTimeoutMs,
  ): Promise<T> {
    const limit = clampTimerMs(timeoutMs);
    return new Promise<T>((resolve, reject) => {
      // Whichever comes first settles the promise; a later answer or expiry is ignored.
      const entry = deadlines.add(performance.now() + limit, () =>
        reject(new StateStoreError({ store: 'redis', operation, reason: `no answer within ${limit} ms` })),
      );
      let pending: Promise<T>;
      try {
        pending = run(client);
      } catch (error) {
        deadlines.remove(entry);
        reject(storeError(operation, error));
        return;
      }
      pending.then(
        (value) => {
          deadlines.remove(entry);
          resolve(value);
        },
        (error: unknown) => {
          deadlines.remove(entry);
          reject(storeError(operation, error));
        },
      );
    });
  }

  return {
    client,
    keyPrefix,
    commandTimeoutMs,
    call,
    close: async () => {
      if (!owned) return;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
