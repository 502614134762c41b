import type { MerchantBackoffOptions } from '@agentweb/cap';
import { MERCHANT_BACKOFF_OPTION_RULES } from '@agentweb/cap/options';
import { is, MAX_TIMER_MS, type StateStoreError } from '@agentweb/core';

// The facade's view of `createRedisState`'s options. `@agentweb/redis` is an optional peer loaded when `redis` is
// given, so the types and rules the constructor checks at once live here rather than in it (a consumer without it
// must still type-check, and a bad setting still throws from `new AgentWeb`). test/redis-options.test.ts keeps
// them in step with the package's own.

/** Settings of each merchant's shared backoff and circuit (`createRedisBackoffFactory`'s, without the connection). */
export interface RedisBackoffSettings extends Omit<MerchantBackoffOptions, 'stateObject' | 'name'> {
  /** Clock, for tests. Default: the Redis server's (`TIME`), so the instances' clocks never need to agree. */
  now?: () => number;
  /** How long the half-open probe's lease lasts, in ms (default 30 000). */
  probeLeaseMs?: number;
  /** How long a merchant's state outlives its last pause or open circuit, in ms (default 3 600 000). */
  stateTtlMs?: number;
  /** Told each time a backoff falls back to this instance's own state because Redis did not answer. */
  onWarning?: (warning: {
    message: string;
    merchantId: string;
    operation: 'admit' | 'record' | 'refresh';
    error: StateStoreError;
  }) => void;
}

/**
 * Options of `new AgentWeb({ redis })`, the same as `createRedisState` of `@agentweb/redis` (install it to use them):
 * one connection (`url` or `client`, `keyPrefix`, `commandTimeoutMs`) and the settings of each store on it.
 */
export interface RedisStateOptions {
  /** `redis://` or `rediss://` URL; AgentWeb opens its own connection and closes it on `close()`. */
  url?: string;
  /**
   * An ioredis client you own (standalone or Cluster); AgentWeb never closes it. Wins over `url`. Typed loosely so
   * that `agentweb`'s types do not need ioredis's.
   */
  client?: object;
  /** Prefix of every key AgentWeb writes (default `agentweb:`); give each deployment its own. */
  keyPrefix?: string;
  /** Deadline of each Redis round trip, in ms (default 1 000); past it the call fails with `StateStoreError`. */
  commandTimeoutMs?: number;
  /** Context store: `ttlMs` (default 30 days), `lockTtlMs` (15 000), `lockWaitMs` (20 000). */
  contextStore?: { ttlMs?: number; lockTtlMs?: number; lockWaitMs?: number };
  /** Approval store: `ttlMs` (default one hour). */
  approvals?: { ttlMs?: number };
  /** Each merchant's shared backoff and circuit. */
  backoff?: RedisBackoffSettings;
  /** Shared search cache: `ttlMs` (60 000), `maxEntryBytes` (512 KiB), `nearCacheBytes` (16 MiB, 0 for none). */
  searchCache?: { ttlMs?: number; maxEntryBytes?: number; nearCacheBytes?: number };
  /** Shared HTTP cache: entry size cap, heuristic and negative TTLs, revalidation window and longest TTL, in ms. */
  httpCache?: {
    maxEntryBytes?: number;
    heuristicTtlMs?: number;
    negativeTtlMs?: number;
    revalidationWindowMs?: number;
    maxTtlMs?: number;
  };
}

const WHOLE_TIMER_MS = is.custom(
  `a whole number of ms from 1 to ${MAX_TIMER_MS}`,
  (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_TIMER_MS,
);
const { stateObject: _stateObject, name: _name, ...BACKOFF_RULES } = MERCHANT_BACKOFF_OPTION_RULES;

/** Rules of {@link RedisStateOptions}, checked by `new AgentWeb` before `@agentweb/redis` is loaded. */
export const REDIS_OPTION_RULES = {
  url: is.string,
  client: is.object,
  keyPrefix: is.string,
  commandTimeoutMs: is.timerMs,
  contextStore: is.shape({
    ttlMs: is.positiveInteger,
    lockTtlMs: is.positiveInteger,
    lockWaitMs: is.timerMs,
  }),
  approvals: is.shape({ ttlMs: is.positiveInteger }),
  searchCache: is.shape({
    ttlMs: is.positiveInteger,
    maxEntryBytes: is.positiveInteger,
    nearCacheBytes: is.nonNegativeInteger,
  }),
  httpCache: is.shape({
    maxEntryBytes: is.positiveInteger,
    heuristicTtlMs: is.nonNegativeNumber,
    negativeTtlMs: is.nonNegativeNumber,
    revalidationWindowMs: is.nonNegativeInteger,
    maxTtlMs: is.positiveInteger,
  }),
  backoff: is.shape({
    ...BACKOFF_RULES,
    probeLeaseMs: WHOLE_TIMER_MS,
    stateTtlMs: WHOLE_TIMER_MS,
    onWarning: is.function,
  }),
};
