import { randomUUID } from 'node:crypto';
import { abortableDelay, checkOptions, is } from '@agentweb/core';
import type { CrawlHostGate } from '@agentweb/discovery';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from '../redis-connection.js';
import { defineRedisScript } from '../redis-script.js';
import { hostKey } from './crawl-keys.js';

/** Options of {@link createRedisHostGate}. */
export interface RedisHostGateOptions extends RedisConnectionOptions {
  /**
   * Longest time one request may hold its host's turn, in ms (default 60 000). Past it the turn passes on, so a
   * crawler killed mid-request blocks its hosts this long at most. Keep it above the HTTP deadline.
   */
  leaseMs?: number;
  /** How long a host's spacing state is kept after its last request, in ms (default 600 000). */
  idleTtlMs?: number;
}

/** A turn held on a host: give it back with {@link RedisHostGate.release}. */
export interface HostTurn {
  /** The host (`shop.example` or `shop.example:8443`). */
  readonly host: string;
  /** Who holds it; a release with another token changes nothing. */
  readonly token: string;
}

/** What {@link RedisHostGate.tryAcquire} got: the turn, or how long to wait before asking again. */
export type HostTurnAttempt =
  | { acquired: true; turn: HostTurn }
  | {
      acquired: false;
      /**
       * How long to wait, in ms. With `reserve`, each waiter gets its own later slot, so waiters that come back
       * on time rarely find the host busy again.
       */
      waitMs: number;
    };

/** Options of {@link RedisHostGate.tryAcquire}. */
export interface HostTurnRequest {
  /** The host's spacing in ms (the larger of the crawler's per-host delay and Crawl-delay), for the wait estimate. */
  delayMs: number;
  /** Reserve a slot among the host's waiters (for a job that goes back to the queue until then). */
  reserve?: boolean;
}

/**
 * A {@link CrawlHostGate} shared through Redis by every process that uses the same keys: one request at a time per
 * host across all of them, and the next one starting no sooner than the host's delay after the previous one ended
 * (measured on the Redis server's clock, after the answer arrived, so crawler clocks and event-loop lag cannot
 * shorten it).
 */
export interface RedisHostGate extends CrawlHostGate {
  /** Takes `host`'s turn if it is free now; else says how long to wait. Rejects with `StateStoreError`. */
  tryAcquire(host: string, request: HostTurnRequest): Promise<HostTurnAttempt>;
  /**
   * Ends a turn: the host's next request may start `delayMs` from now. Resolves false when the turn had already
   * passed on (its lease ran out). Rejects with `StateStoreError`; the turn then ends when its lease runs out.
   */
  release(turn: HostTurn, options: { delayMs: number }): Promise<boolean>;
  /** Closes the connection when the gate opened it. */
  close(): Promise<void>;
}

// One hash per host: next (earliest start, ms), holder/until/start (the turn in flight), ewma (request time, ms),
// sched (latest slot reserved by a waiter). Times come from the server's TIME, so every crawler agrees on them.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local h = redis.call('HMGET', KEYS[1], 'next', 'holder', 'until', 'start', 'ewma', 'sched')
local nextAt = tonumber(h[1]) or 0
local untilAt = tonumber(h[3]) or 0
local busy = h[2] and h[2] ~= '' and untilAt > now
local leaseMs = tonumber(ARGV[2])
local delay = tonumber(ARGV[3])
local idle = tonumber(ARGV[5])
if (not busy) and now >= nextAt then
  redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'until', now + leaseMs, 'start', now)
  redis.call('PEXPIRE', KEYS[1], leaseMs + idle)
  return {1, 0}
end
local ewma = tonumber(h[5]) or 100
local wake = nextAt
if busy then wake = math.max((tonumber(h[4]) or now) + ewma, now) + delay end
if wake < now then wake = now end
if ARGV[4] == '1' then
  local sched = tonumber(h[6]) or 0
  if sched + delay + ewma > wake then wake = sched + delay + ewma end
  redis.call('HSET', KEYS[1], 'sched', wake)
  if redis.call('PTTL', KEYS[1]) < wake - now + idle then redis.call('PEXPIRE', KEYS[1], wake - now + idle) end
end
return {0, wake - now}
`;

const RELEASE = `
local h = redis.call('HMGET', KEYS[1], 'holder', 'start', 'ewma')
if h[1] ~= ARGV[1] then return 0 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local took = now - (tonumber(h[2]) or now)
local ewma = tonumber(h[3])
if ewma then ewma = math.floor(ewma * 0.7 + took * 0.3) else ewma = took end
local delay = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'next', now + delay, 'ewma', ewma)
redis.call('HDEL', KEYS[1], 'holder', 'until', 'start')
local idle = tonumber(ARGV[3])
if redis.call('PTTL', KEYS[1]) < delay + idle then redis.call('PEXPIRE', KEYS[1], delay + idle) end
return 1
`;

const ACQUIRE_SCRIPT = defineRedisScript(ACQUIRE);
const RELEASE_SCRIPT = defineRedisScript(RELEASE);

/** Rules of {@link RedisHostGateOptions}. */
export const REDIS_HOST_GATE_RULES = {
  ...REDIS_CONNECTION_RULES,
  // Whole milliseconds: they go to PEXPIRE.
  leaseMs: is.positiveInteger,
  idleTtlMs: is.positiveInteger,
};

/** Default {@link RedisHostGateOptions.leaseMs}. */
export const DEFAULT_HOST_LEASE_MS = 60_000;

/** A host gate on an open connection (the connection is the caller's). */
export function hostGateOn(
  connection: RedisConnection,
  options: { leaseMs?: number; idleTtlMs?: number } = {},
): RedisHostGate {
  const leaseMs = Math.max(1, Math.round(options.leaseMs ?? DEFAULT_HOST_LEASE_MS));
  const idleMs = Math.max(1, Math.round(options.idleTtlMs ?? 600_000));
  const delayOf = (ms: number): number => Math.max(0, Math.round(ms));

  const tryAcquire = async (host: string, request: HostTurnRequest): Promise<HostTurnAttempt> => {
    const token = randomUUID();
    const [acquired, waitMs] = await connection.call(
      'crawl.hostGate.acquire',
      (client) =>
        ACQUIRE_SCRIPT.run(
          client,
          [hostKey(connection.keyPrefix, host)],
          [token, leaseMs, delayOf(request.delayMs), request.reserve ? '1' : '0', idleMs],
        ) as Promise<[number, number]>,
    );
    return acquired === 1 ? { acquired: true, turn: { host, token } } : { acquired: false, waitMs };
  };

  const release = async (turn: HostTurn, options: { delayMs: number }): Promise<boolean> => {
    const done = await connection.call('crawl.hostGate.release', (client) =>
      RELEASE_SCRIPT.run(
        client,
        [hostKey(connection.keyPrefix, turn.host)],
        [turn.token, delayOf(options.delayMs), idleMs],
      ),
    );
    return done === 1;
  };

  return {
    tryAcquire,
    release,
    async run(host, delayMs, task, signal) {
      let turn: HostTurn | undefined;
      while (turn === undefined) {
        signal?.throwIfAborted();
        const attempt = await tryAcquire(host, { delayMs: delayMs() });
        if (attempt.acquired) turn = attempt.turn;
        // Polling is bounded both ways: often enough to catch a turn freed early, rarely enough to stay cheap.
        else await abortableDelay(Math.min(1_000, Math.max(5, attempt.waitMs)), signal);
      }
      try {
        return await task();
      } finally {
        // If Redis fails here the turn ends when its lease runs out: later than asked, never sooner.
        await release(turn, { delayMs: delayMs() }).catch(() => false);
      }
    },
    close: () => connection.close(),
  };
}

/**
 * A host gate shared through Redis, for `crawl`'s `hostGate` option or a distributed crawl worker: Crawl-delay
 * and the per-host delay then hold for every crawler on the same Redis and key prefix together.
 *
 * @throws InvalidOptionError for options that do not fit.
 */
export function createRedisHostGate(options: RedisHostGateOptions): RedisHostGate {
  checkOptions('createRedisHostGate', options, REDIS_HOST_GATE_RULES, { optionsRequired: true });
  const { leaseMs, idleTtlMs, ...connectionOptions } = options;
  return hostGateOn(openRedisConnection('createRedisHostGate', connectionOptions), {
    ...(leaseMs === undefined ? {} : { leaseMs }),
    ...(idleTtlMs === undefined ? {} : { idleTtlMs }),
  });
}
