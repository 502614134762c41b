import {
  checkOptions,
  clampTimerMs,
  createDeadlineQueue,
  InvalidOptionError,
  is,
  lazyRequire,
  StateStoreError,
} from '@agentweb/core';
import type { Redis, RedisOptions } from 'ioredis';

// ioredis is loaded when the first connection is opened, not when this package is imported: the AgentWeb facade
// imports this package for its `redis` option, and a process that never uses Redis should not pay for loading it.
const loadIoredis = lazyRequire<typeof import('ioredis')>(import.meta.url, 'ioredis');

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

// How the client's status reads to a call: run it now, wait for the handshake under way, or fail at once.
type Gate = 'run' | 'wait' | 'down';
function gateOf(status: string | undefined): Gate {
  // `wait`: a caller's lazyConnect client that has not connected yet; its first command connects it. A caller's
  // client without a status (a wrapper, a double) is taken as up: its own errors still become StateStoreError.
  if (status === 'ready' || status === 'wait' || typeof status !== 'string') return 'run';
  if (status === 'connecting' || status === 'connect') return 'wait';
  return 'down';
}

/** How long `close()` lets a QUIT on a live connection finish before it drops the socket. */
const QUIT_GRACE_MS = 50;

/**
 * Opens (or adopts) a Redis connection for AgentWeb's stores. A call runs only on a connection that is up: while
 * Redis is down or restarting it fails at once with `StateStoreError` (nothing is queued to run later against a
 * restarted, empty Redis), during a (re)connect handshake it waits for it within `commandTimeoutMs`, and a call in
 * flight when the connection drops fails then. Our own connection keeps no offline queue and never resends a
 * command after a reconnect, and reconnects in the background, so calls recover as soon as Redis is back.
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
      // A command sent while disconnected fails at once instead of waiting for a reconnect, and one in flight when
      // the connection drops is not sent again to the server that comes back: both would run after their caller
      // was told they failed, against a Redis that may have restarted empty.
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 1,
      connectTimeout: commandTimeoutMs * 5,
      // After `close()` ends the socket, ioredis waits this long for the server's side before destroying it (2 s by
      // default): a hung or unreachable server then held the process that long after `close()` returned.
      disconnectTimeout: 0,
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
  /** What each unsettled call does when the connection drops or is closed. */
  const unsettled = new Set<(reason: string) => void>();
  let closed = false;
  const onConnectionLost = () => {
    for (const fail of [...unsettled]) fail('connection lost');
  };
  // A caller's client that is not an event emitter (a wrapper, a double) has its calls ended by their deadline.
  const listens = typeof client.on === 'function';
  if (listens) client.on('close', onConnectionLost);
  /** Calls held until the handshake under way ends; one listener for all, so many of them raise no warning. */
  const waitingForReady = new Set<() => void>();
  const onReady = () => {
    const waiting = [...waitingForReady];
    waitingForReady.clear();
    for (const send of waiting) send();
  };
  if (listens) client.on('ready', onReady);

  function call<T>(
    operation: string,
    run: (redis: Redis) => Promise<T>,
    timeoutMs = commandTimeoutMs,
  ): Promise<T> {
    if (closed)
      return Promise.reject(new StateStoreError({ store: 'redis', operation, reason: 'connection closed' }));
    const gate = gateOf(client.status);
    if (gate === 'down') {
      return Promise.reject(
        new StateStoreError({ store: 'redis', operation, reason: `not connected (${client.status})` }),
      );
    }
    const limit = clampTimerMs(timeoutMs);
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = () => {
        settled = true;
        deadlines.remove(entry);
        unsettled.delete(fail);
        waitingForReady.delete(send);
      };
      const fail = (reason: string) => {
        if (settled) return;
        settle();
        reject(new StateStoreError({ store: 'redis', operation, reason }));
      };
      // Whichever comes first settles the promise; a later answer or expiry is ignored.
      const entry = deadlines.add(performance.now() + limit, () => fail(`no answer within ${limit} ms`));
      unsettled.add(fail);
      function send(): void {
        if (settled) return;
        let pending: Promise<T>;
        try {
          pending = run(client);
        } catch (error) {
          settle();
          reject(storeError(operation, error));
          return;
        }
        pending.then(
          (value) => {
            if (settled) return;
            settle();
            resolve(value);
          },
          (error: unknown) => {
            if (settled) return;
            settle();
            reject(storeError(operation, error));
          },
        );
      }
      // During a handshake the command is held here, not in ioredis: a `close` in the meantime fails it, and it is
      // sent only on the connection that became ready.
      if (gate === 'wait') waitingForReady.add(send);
      else send();
    });
  }

  return {
    client,
    keyPrefix,
    commandTimeoutMs,
    call,
    close: async () => {
      if (closed) return;
      closed = true;
      if (listens) {
        client.off('close', onConnectionLost);
        client.off('ready', onReady);
      }
      for (const fail of [...unsettled]) fail('connection closed');
      if (!owned) return;
      // QUIT lets the server finish what it was sent, but only briefly: a server that stopped answering must not
      // hold `close()` (or the process, through the socket) past a few tens of ms.
      if (client.status === 'ready') {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          client.quit().catch(() => undefined),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, QUIT_GRACE_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      client.disconnect();
    },
  };
}
