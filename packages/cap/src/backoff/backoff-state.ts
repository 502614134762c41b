import { is, required } from '@agentweb/core';

/** How a finished call should count for the merchant's backoff and circuit. */
export type CallOutcome =
  | { kind: 'success' }
  | { kind: 'rate-limited'; retryAfterMs?: number }
  | { kind: 'failure' }
  | { kind: 'ignore' };

/**
 * One merchant's backoff and circuit as plain data, so it can be copied, kept beside a shared store's copy, or
 * restored. Instants are ms on the backoff's clock.
 */
export interface MerchantBackoffState {
  /** Consecutive failures; a success resets them. */
  failures: number;
  /** Consecutive rate limits; a success resets them. */
  rateLimits: number;
  /** No call may start before this instant. */
  resumeAt: number;
  /** Set while the circuit is not closed: open before this instant, half-open from it. */
  openUntil: number | undefined;
}

/** The numbers a backoff decides with: {@link MerchantBackoffOptions} with their defaults filled in. */
export interface MerchantBackoffRules {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls. */
  openMs: number;
  /** First exponential backoff ceiling. */
  baseDelayMs: number;
  /** Largest exponential backoff ceiling. */
  maxDelayMs: number;
  /** Longest `Retry-After` honoured. */
  maxRetryAfterMs: number;
}

/** Options of {@link createMerchantBackoff}. */
export interface MerchantBackoffOptions {
  /** Consecutive failures that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long an open circuit refuses calls before letting one probe through. Default 30000. */
  openMs?: number;
  /** First exponential backoff ceiling after a failure or an unannounced rate limit. Default 250. */
  baseDelayMs?: number;
  /** Largest exponential backoff ceiling. Default 30000. */
  maxDelayMs?: number;
  /** Longest `Retry-After` honoured; a longer one (a hostile or broken merchant) is cut to this. Default 300000. */
  maxRetryAfterMs?: number;
  /** Clock, for tests. Default `Date.now`. */
  now?: () => number;
  /** Random source in [0, 1) for the jitter, for tests. Default `Math.random`. */
  random?: () => number;
  /** Names the merchant in error messages. */
  name?: string;
  /**
   * The object the backoff keeps its state in (default: a new one). Pass one to read or replace the state from
   * outside: the Redis backoff of `@agentweb/redis` keeps its last view of the fleet's state in it and falls back to
   * this in-process backoff on that state while Redis is unreachable.
   */
  stateObject?: MerchantBackoffState;
}

/** The option rules of {@link MerchantBackoffOptions}, for `checkOptions` in factories that take them. */
export const MERCHANT_BACKOFF_OPTION_RULES = {
  failureThreshold: is.positiveInteger,
  openMs: is.delayMs,
  baseDelayMs: is.delayMs,
  maxDelayMs: is.delayMs,
  maxRetryAfterMs: is.delayMs,
  now: is.function,
  random: is.function,
  name: is.string,
  stateObject: is.shape(
    {
      failures: required(is.nonNegativeInteger),
      rateLimits: required(is.nonNegativeInteger),
      resumeAt: required(is.number),
      openUntil: is.number,
    },
    'a merchant backoff state ({ failures, rateLimits, resumeAt, openUntil })',
  ),
};

/** The rules `options` describe, defaults filled in. */
export function merchantBackoffRules(options: MerchantBackoffOptions): MerchantBackoffRules {
  return {
    failureThreshold: Math.max(1, options.failureThreshold ?? 5),
    openMs: options.openMs ?? 30_000,
    baseDelayMs: options.baseDelayMs ?? 250,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 300_000,
  };
}

/** A closed circuit with no pause. */
export function emptyBackoffState(): MerchantBackoffState {
  return { failures: 0, rateLimits: 0, resumeAt: 0, openUntil: undefined };
}

/** The circuit at `now`. */
export function backoffCircuit(state: MerchantBackoffState, now: number): 'closed' | 'open' | 'half-open' {
  if (state.openUntil === undefined) return 'closed';
  return now >= state.openUntil ? 'half-open' : 'open';
}

/** ms from `now` until a call may go out: the pause, or while open the later of the pause and half-opening. */
export function backoffWaitMs(state: MerchantBackoffState, now: number): number {
  const until =
    backoffCircuit(state, now) === 'open' ? Math.max(state.resumeAt, state.openUntil ?? 0) : state.resumeAt;
  return Math.max(0, until - now);
}

/** Full jitter: a random delay up to `min(maxDelayMs, baseDelayMs * 2^(attempt-1))`. */
function jitter(rules: MerchantBackoffRules, attempt: number, random: number): number {
  const ceiling = Math.min(rules.maxDelayMs, rules.baseDelayMs * 2 ** Math.min(attempt - 1, 52));
  return random * ceiling;
}

/**
 * Counts one call's outcome into `state` (in place). A rate limit pauses every call (for the merchant's
 * `Retry-After`, capped, or a jittered exponential delay) without counting towards opening the circuit: the
 * merchant is up but wants fewer calls. A failure pauses with jitter, and opens the circuit at the threshold or
 * when the call was the half-open probe. A success resets the counters and closes the circuit.
 */
export function recordBackoffOutcome(
  state: MerchantBackoffState,
  rules: MerchantBackoffRules,
  outcome: CallOutcome,
  call: { probe: boolean; now: number; random: () => number },
): void {
  const { now } = call;
  switch (outcome.kind) {
    case 'success':
      state.failures = 0;
      state.rateLimits = 0;
      state.openUntil = undefined;
      return;
    case 'rate-limited': {
      state.rateLimits += 1;
      const retryAfter = outcome.retryAfterMs;
      const delay =
        retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0
          ? Math.min(retryAfter, rules.maxRetryAfterMs)
          : jitter(rules, state.rateLimits, call.random());
      state.resumeAt = Math.max(state.resumeAt, now + delay);
      return;
    }
    case 'failure':
      state.failures += 1;
      if (call.probe || state.failures >= rules.failureThreshold) state.openUntil = now + rules.openMs;
      else state.resumeAt = Math.max(state.resumeAt, now + jitter(rules, state.failures, call.random()));
      return;
    case 'ignore':
      return;
  }
}
