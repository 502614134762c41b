import { createHash, randomUUID } from 'node:crypto';
import {
  type CallOutcome,
  CircuitOpenError,
  createMerchantBackoff,
  emptyBackoffState,
  MERCHANT_BACKOFF_OPTION_RULES,
  type MerchantBackoff,
  type MerchantBackoffOptions,
  type MerchantBackoffRules,
  merchantBackoffRules,
  type RefreshOptions,
  type RunOptions,
  recordBackoffOutcome,
} from '@agentweb/cap';
import {
  abortableDelay,
  checkOptions,
  is,
  isStateStoreError,
  MAX_TIMER_MS,
  raceAbort,
  required,
  StateStoreError,
  withholdUrlSecrets,
} from '@agentweb/core';
import type { Redis } from 'ioredis';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from '../redis-connection.js';
import { escapeKeyPart } from '../redis-keys.js';
import type { RedisScript } from '../redis-script.js';
import { ADMIT_SCRIPT, READ_SCRIPT, RECORD_SCRIPT } from './backoff-scripts.js';

/** Told when a merchant's backoff ran on this instance's own state because Redis did not answer. */
export interface RedisBackoffWarning {
  /** What happened, in words. */
  message: string;
  /** The merchant (backoff key) concerned. */
  merchantId: string;
  /**
   * The step that could not reach Redis: `admit` (before a call: the call went through the in-process backoff),
   * `record` (a call's outcome was counted on this instance only) or `refresh`.
   */
  operation: 'admit' | 'record' | 'refresh';
  /** The failure (`STATE_STORE_UNAVAILABLE`). */
  error: StateStoreError;
}

/** What every merchant's backoff of one Redis deployment shares: the rules of `createMerchantBackoff`, and more. */
export interface RedisBackoffSettings extends Omit<MerchantBackoffOptions, 'stateObject' | 'name'> {
  /**
   * Clock, for tests. Default: the Redis server's (`TIME`, read inside each script), so that the instances'
   * clocks never need to agree. Given, every instance must give the same clock (wall-clock ms).
   */
  now?: () => number;
  /**
   * How long the half-open probe's lease lasts, in ms (default 30 000). While one instance probes, every other
   * caller in the fleet is refused; if that instance dies mid-probe, the lease runs out and another may probe.
   * Keep it longer than a call's deadline, or a slow probe may be joined by a second one.
   */
  probeLeaseMs?: number;
  /**
   * How long a merchant's state outlives its last pause or open circuit, in ms (default 3 600 000): after that
   * much quiet its failure count is forgotten and its key removed.
   */
  stateTtlMs?: number;
  /**
   * Told each time a backoff falls back to this instance's own state because Redis did not answer. Default:
   * `process.emitWarning`, once per outage (again after Redis answered in between).
   */
  onWarning?: (warning: RedisBackoffWarning) => void;
}

/** Options of {@link createRedisBackoffFactory}: a connection and the settings every merchant shares. */
export interface RedisBackoffFactoryOptions extends RedisConnectionOptions, RedisBackoffSettings {}

/** Options of {@link createRedisMerchantBackoff}. */
export interface RedisMerchantBackoffOptions extends RedisBackoffFactoryOptions {
  /** The merchant (any string: a card id, or `merchantBackoffKey(...)` of `@agentweb/cap`). */
  merchantId: string;
  /** Names the merchant in error messages. */
  name?: string;
}

/** A merchant's backoff and circuit kept in Redis, shared by every instance that uses the same key prefix. */
export interface RedisMerchantBackoff extends MerchantBackoff {
  /** The merchant it is for. */
  readonly merchantId: string;
  /** Reads the fleet's state into `state` and `waitMs`; never rejects (Redis down: they keep what they had). */
  refresh(options?: RefreshOptions): Promise<void>;
}

/** One merchant's Redis backoff with a connection of its own. */
export interface StandaloneRedisMerchantBackoff extends RedisMerchantBackoff {
  /** Closes the connection it opened (a `client` passed in stays open). */
  close(): Promise<void>;
}

/** Redis backoffs for any number of merchants over one connection. */
export interface RedisMerchantBackoffs {
  /**
   * The backoff of one merchant (the same object for the same id while it is among the 10 000 most recently
   * asked for). Pass it as AgentWeb's `merchantBackoff` option, or as `createMerchantClient`'s `backoff`.
   */
  forMerchant(merchantId: string): RedisMerchantBackoff;
  /** Closes the connection it opened (a `client` passed in stays open). */
  close(): Promise<void>;
}

/** Default {@link RedisBackoffSettings.probeLeaseMs}. */
export const DEFAULT_PROBE_LEASE_MS = 30_000;
/** Default {@link RedisBackoffSettings.stateTtlMs}. */
export const DEFAULT_BACKOFF_STATE_TTL_MS = 3_600_000;
/** Longest escaped merchant id put in a key as it is; a longer one is replaced by its SHA-256. */
const MAX_KEY_PART_CHARS = 200;
/** How long backoffs skip Redis after a round trip failed. */
const REDIS_RETRY_PAUSE_MS = 1_000;
/** Merchants whose backoff a factory keeps. */
const MAX_CACHED_MERCHANTS = 10_000;

const WHOLE_TIMER_MS = is.custom(
  `a whole number of ms from 1 to ${MAX_TIMER_MS}`,
  (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_TIMER_MS,
);

// A Redis backoff keeps its own state object; a name is per merchant.
const { stateObject: _stateObject, name: _name, ...BACKOFF_RULES } = MERCHANT_BACKOFF_OPTION_RULES;

/** Rules of {@link RedisBackoffFactoryOptions}: the connection's and the backoff's settings. */
export const REDIS_BACKOFF_RULES = {
  ...REDIS_CONNECTION_RULES,
  ...BACKOFF_RULES,
  probeLeaseMs: WHOLE_TIMER_MS,
  stateTtlMs: WHOLE_TIMER_MS,
  onWarning: is.function,
};

/** What one script answered: the verdict and the merchant's state on the script's clock. */
interface ScriptReply {
  verdict: 'open' | 'probing' | 'wait' | 'probe' | 'go' | 'recorded' | 'read';
  ms: number;
  now: number;
  resumeAt: number;
  openUntil: number;
  failures: number;
  rateLimits: number;
  token: string;
}

const VERDICTS = new Set(['open', 'probing', 'wait', 'probe', 'go', 'recorded', 'read']);

function parseReply(raw: unknown): ScriptReply {
  if (!Array.isArray(raw) || raw.length !== 8) throw new Error('unexpected reply from the backoff script');
  const [verdict, ms, now, resumeAt, openUntil, failures, rateLimits, token] = raw as unknown[];
  const numbers = [ms, now, resumeAt, openUntil, failures, rateLimits];
  if (
    typeof verdict !== 'string' ||
    !VERDICTS.has(verdict) ||
    typeof token !== 'string' ||
    !numbers.every((n) => typeof n === 'number' && Number.isFinite(n))
  )
    throw new Error('unexpected reply from the backoff script');
  return {
    verdict: verdict as ScriptReply['verdict'],
    ms: ms as number,
    now: now as number,
    resumeAt: resumeAt as number,
    openUntil: openUntil as number,
    failures: failures as number,
    rateLimits: rateLimits as number,
    token,
  };
}

/** The keys of one merchant's state: `<prefix>backoff:{<merchant>}` and its `:probe` lease, one hash slot. */
export function backoffKeys(keyPrefix: string, merchantId: string): { state: string; probe: string } {
  const escaped = escapeKeyPart(merchantId);
  // A card's id can be long; a digest keeps keys short. Escaped ids never hold a raw `:`, so no id reads as one.
  // The digest is of the escaped id, which is well-formed Unicode: the raw id's lone surrogates would all hash as
  // U+FFFD.
  const part =
    escaped.length <= MAX_KEY_PART_CHARS
      ? escaped
      : `sha256:${createHash('sha256').update(escaped).digest('hex')}`;
  const state = `${keyPrefix}backoff:{${part}}`;
  return { state, probe: `${state}:probe` };
}

/** What the backoffs of one connection share. */
interface BackoffContext {
  connection: RedisConnection;
  rules: MerchantBackoffRules;
  localOptions: Pick<
    MerchantBackoffOptions,
    'failureThreshold' | 'openMs' | 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs' | 'now' | 'random'
  >;
  now: (() => number) | undefined;
  random: () => number;
  probeLeaseMs: number;
  stateTtlMs: number;
  warn(warning: Omit<RedisBackoffWarning, 'message'>): void;
  /** A Redis call answered: the next failure starts a new outage. */
  answered(): void;
  /** Runs one Redis operation, or fails it at once while Redis failed moments ago. */
  call<T>(operation: string, run: (client: Redis) => Promise<T>): Promise<T>;
}

function contextOf(callee: string, options: RedisBackoffFactoryOptions): BackoffContext {
  const connection = openRedisConnection(callee, options);
  const { failureThreshold, openMs, baseDelayMs, maxDelayMs, maxRetryAfterMs, now, random, onWarning } =
    options;
  const localOptions = { failureThreshold, openMs, baseDelayMs, maxDelayMs, maxRetryAfterMs, now, random };
  let outage = false;
  // After a failed round trip, calls skip Redis for a moment instead of each waiting out the deadline on a server
  // that is down or hung: a search to 20 merchants would otherwise pay it three times per merchant.
  let skipUntil = 0;
  return {
    connection,
    rules: merchantBackoffRules(options),
    localOptions,
    now,
    random: random ?? Math.random,
    probeLeaseMs: options.probeLeaseMs ?? DEFAULT_PROBE_LEASE_MS,
    stateTtlMs: options.stateTtlMs ?? DEFAULT_BACKOFF_STATE_TTL_MS,
    warn(warning) {
      // A card's id can be its endpoint URL, with an API key in the query.
      const message = withholdUrlSecrets(
        `merchant backoff of ${warning.merchantId}: Redis ${warning.operation} failed (${warning.error.reason}); ` +
          (warning.operation === 'admit'
            ? 'the call went through this instance’s own backoff'
            : 'this instance keeps its own view'),
      );
      const first = !outage;
      outage = true;
      if (onWarning !== undefined) {
        try {
          onWarning({ ...warning, message });
        } catch {
          // A listener's failure is the listener's business; the call goes on.
        }
      } else if (first) process.emitWarning(message, 'AgentWebWarning');
    },
    answered() {
      outage = false;
    },
    async call(operation, run) {
      const left = skipUntil - performance.now();
      if (left > 0)
        throw new StateStoreError({
          store: 'redis',
          operation,
          reason: `not tried: Redis failed to answer less than ${REDIS_RETRY_PAUSE_MS} ms ago`,
        });
      try {
        return await connection.call(operation, run);
      } catch (error) {
        if (isStateStoreError(error)) skipUntil = performance.now() + REDIS_RETRY_PAUSE_MS;
        throw error;
      }
    },
  };
}

function validRetryAfter(outcome: CallOutcome): string {
  if (outcome.kind !== 'rate-limited') return '';
  const ms = outcome.retryAfterMs;
  return ms !== undefined && Number.isFinite(ms) && ms >= 0 ? String(ms) : '';
}

function handleFor(
  context: BackoffContext,
  merchantId: string,
  name: string | undefined,
): RedisMerchantBackoff {
  const { connection, rules } = context;
  const keys = backoffKeys(connection.keyPrefix, merchantId);
  const keyList = [keys.state, keys.probe];
  const localNow = context.now ?? Date.now;
  // The fleet's state as this instance last saw it, on this instance's clock: what `state` and `waitMs` report,
  // and what the in-process fallback starts from while Redis is unreachable.
  const view = emptyBackoffState();
  const local = createMerchantBackoff({
    ...context.localOptions,
    stateObject: view,
    ...(name === undefined ? {} : { name }),
  });
  const clockArg = (): string => (context.now === undefined ? '' : String(context.now()));

  function script(operation: string, lua: RedisScript, args: (string | number)[]): Promise<ScriptReply> {
    return context.call(`merchantBackoff.${operation}`, async (client) =>
      parseReply(await lua.run(client, keyList, [clockArg(), ...args])),
    );
  }

  function adopt(reply: ScriptReply): void {
    context.answered();
    // Instants come back on the script's clock; shifting them by (our now - its now) puts them on ours, so clock
    // skew between this instance and Redis cancels out (what is left is the reply's transit, a little later).
    const offset = localNow() - reply.now;
    view.failures = reply.failures;
    view.rateLimits = reply.rateLimits;
    view.resumeAt = reply.resumeAt > 0 ? reply.resumeAt + offset : 0;
    view.openUntil = reply.openUntil < 0 ? undefined : reply.openUntil + offset;
  }

  function release(token: string): void {
    script('release', RECORD_SCRIPT, ['ignore', '', 0, token, ...ruleArgs()]).then(adopt, () => undefined);
  }

  function ruleArgs(): number[] {
    return [
      rules.failureThreshold,
      rules.openMs,
      rules.baseDelayMs,
      rules.maxDelayMs,
      rules.maxRetryAfterMs,
      context.stateTtlMs,
    ];
  }

  async function admit(signal: AbortSignal | undefined): Promise<ScriptReply> {
    const pending = script('admit', ADMIT_SCRIPT, [randomUUID(), context.probeLeaseMs]);
    return raceAbort(pending, signal, () => {
      // A lease won after the caller gave up must not block the fleet until it expires.
      pending.then(
        (reply) => {
          if (reply.verdict === 'probe') release(reply.token);
        },
        () => undefined,
      );
    });
  }

  async function record(
    outcome: CallOutcome,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    if (outcome.kind === 'ignore' && token === undefined) return;
    const pending = script('record', RECORD_SCRIPT, [
      outcome.kind,
      validRetryAfter(outcome),
      context.random(),
      token ?? '',
      ...ruleArgs(),
    ]).then(adopt, (error: unknown) => {
      if (!isStateStoreError(error)) throw error;
      context.warn({ merchantId, operation: 'record', error });
      recordBackoffOutcome(view, rules, outcome, {
        probe: token !== undefined,
        now: localNow(),
        random: context.random,
      });
    });
    // The call is done: its caller gets the result by its deadline even if Redis is slow to take the outcome.
    await raceAbort(pending, signal).catch(() => undefined);
  }

  async function run<T>(call: () => Promise<T>, options: RunOptions<T>): Promise<T> {
    const { signal, classify } = options;
    let token: string | undefined;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      let reply: ScriptReply;
      try {
        reply = await admit(signal);
      } catch (error) {
        if (!isStateStoreError(error)) throw error;
        context.warn({ merchantId, operation: 'admit', error });
        return local.run(call, options);
      }
      adopt(reply);
      if (reply.verdict === 'open') throw new CircuitOpenError({ retryAfterMs: reply.ms, name });
      if (reply.verdict === 'probing') throw new CircuitOpenError({ retryAfterMs: 0, name });
      if (reply.verdict !== 'wait') {
        if (reply.verdict === 'probe') token = reply.token;
        break;
      }
      // Re-admit after waking: another instance may have extended the pause or opened the circuit meanwhile.
      await abortableDelay(reply.ms, signal);
    }
    let value: T;
    try {
      value = await call();
    } catch (error) {
      await record(classify({ ok: false, error }), token, signal);
      throw error;
    }
    await record(classify({ ok: true, value }), token, signal);
    return value;
  }

  async function refresh(options: RefreshOptions = {}): Promise<void> {
    try {
      adopt(await raceAbort(script('refresh', READ_SCRIPT, []), options.signal));
    } catch (error) {
      if (isStateStoreError(error)) context.warn({ merchantId, operation: 'refresh', error });
    }
  }

  return {
    merchantId,
    run,
    refresh,
    get state() {
      return local.state;
    },
    get waitMs() {
      return local.waitMs;
    },
  };
}

/**
 * A backoff factory for a fleet: one Redis connection, one backoff per merchant, each kept in Redis so that every
 * instance with the same `keyPrefix` shares it. A 429 with `Retry-After` seen by one instance delays every
 * instance's calls to that merchant until the same instant; a circuit opened by one is open for all; while
 * half-open, exactly one call in the fleet probes (a lease taken with `SET NX PX`). Same rules and defaults as
 * `createMerchantBackoff`; each decision is one Lua script, atomic in Redis.
 *
 * Redis down or restarting: a call goes through an in-process `createMerchantBackoff` that starts from the state
 * this instance last saw (a pause or open circuit it knew of still holds), and `onWarning` is told; no call waits
 * on Redis past `commandTimeoutMs` or its own signal, and none fails because Redis did.
 */
export function createRedisBackoffFactory(options: RedisBackoffFactoryOptions): RedisMerchantBackoffs {
  checkOptions('createRedisBackoffFactory', options, REDIS_BACKOFF_RULES, { optionsRequired: true });
  const context = contextOf('createRedisBackoffFactory', options);
  const handles = new Map<string, RedisMerchantBackoff>();
  return {
    forMerchant(merchantId: string): RedisMerchantBackoff {
      checkOptions('forMerchant', { merchantId }, { merchantId: required(is.nonEmptyString) });
      let handle = handles.get(merchantId);
      if (handle !== undefined) {
        handles.delete(merchantId);
      } else {
        handle = handleFor(context, merchantId, withholdUrlSecrets(merchantId));
        if (handles.size >= MAX_CACHED_MERCHANTS) {
          const oldest = handles.keys().next().value;
          if (oldest !== undefined) handles.delete(oldest);
        }
      }
      handles.set(merchantId, handle);
      return handle;
    },
    close: () => context.connection.close(),
  };
}

/** One merchant's shared backoff with a connection of its own; see {@link createRedisBackoffFactory}. */
export function createRedisMerchantBackoff(
  options: RedisMerchantBackoffOptions,
): StandaloneRedisMerchantBackoff {
  checkOptions(
    'createRedisMerchantBackoff',
    options,
    { ...REDIS_BACKOFF_RULES, merchantId: required(is.nonEmptyString), name: is.string },
    { optionsRequired: true },
  );
  const context = contextOf('createRedisMerchantBackoff', options);
  const handle = handleFor(context, options.merchantId, options.name);
  return Object.assign(handle, { close: () => context.connection.close() });
}
