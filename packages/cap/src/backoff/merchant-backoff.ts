import { abortableDelay, checkOptions } from '@agentweb/core';
import {
  backoffCircuit,
  backoffWaitMs,
  type CallOutcome,
  emptyBackoffState,
  MERCHANT_BACKOFF_OPTION_RULES,
  type MerchantBackoffOptions,
  merchantBackoffRules,
  recordBackoffOutcome,
} from './backoff-state.js';
import { CircuitOpenError } from './circuit-open-error.js';

export type { CallOutcome, MerchantBackoffOptions } from './backoff-state.js';

/** Options of one {@link MerchantBackoff.run} call. */
export interface RunOptions<T> {
  /** Aborts the wait (and is the caller's to pass on to the call itself); rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Tells how the result counts: a 429 or CAP_RATE_LIMIT_EXCEEDED is `rate-limited`, etc. */
  classify: (result: { ok: true; value: T } | { ok: false; error: unknown }) => CallOutcome;
}

/** Options of {@link MerchantBackoff.refresh}. */
export interface RefreshOptions {
  /** Stops waiting for the shared state; `state` and `waitMs` then keep what they had. */
  signal?: AbortSignal;
}

/** Backoff and circuit state shared by every call to one merchant. */
export interface MerchantBackoff {
  /** Waits out an active backoff (abortable), refuses with CircuitOpenError while open, runs the call, classifies the result with `classify`, updates state. */
  run<T>(call: () => Promise<T>, options: RunOptions<T>): Promise<T>;
  /** The circuit as this process last saw it. */
  readonly state: 'closed' | 'open' | 'half-open';
  /** ms until the next call may go out (0 when none), as this process last saw it. */
  readonly waitMs: number;
  /**
   * Brings `state` and `waitMs` up to date with what other processes changed (a backoff shared through Redis);
   * never rejects. Absent or a no-op where the state lives in this process alone. `fanOutSearch` calls it before
   * it reads `state` and `waitMs`, so a merchant another instance saw rate-limited is reported at once.
   */
  refresh?(options?: RefreshOptions): Promise<void>;
}

/**
 * Creates the backoff for one merchant. Share one instance across every call to that merchant: a rate limit
 * or failure seen by one call delays all of them until the same instant. Rate limits honour the merchant's
 * `Retry-After` and otherwise back off exponentially with full jitter (a random delay up to
 * `min(maxDelayMs, baseDelayMs * 2^(n-1))`); `failureThreshold` consecutive failures open the circuit, which
 * refuses calls for `openMs`, then half-opens to let exactly one probe through: success closes it, failure
 * reopens it. `run` never retries; retrying is the caller's decision.
 */
export function createMerchantBackoff(options: MerchantBackoffOptions = {}): MerchantBackoff {
  checkOptions('createMerchantBackoff', options, MERCHANT_BACKOFF_OPTION_RULES);
  const rules = merchantBackoffRules(options);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const state = options.stateObject ?? emptyBackoffState();
  let probing = false;

  async function run<T>(call: () => Promise<T>, runOptions: RunOptions<T>): Promise<T> {
    const { signal, classify } = runOptions;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const circuit = backoffCircuit(state, now());
      if (circuit === 'open')
        throw new CircuitOpenError({ retryAfterMs: (state.openUntil ?? 0) - now(), name: options.name });
      if (circuit === 'half-open' && probing)
        throw new CircuitOpenError({ retryAfterMs: 0, name: options.name });
      const wait = state.resumeAt - now();
      if (wait <= 0) break;
      // Re-check after waking: another call may have extended the pause or opened the circuit meanwhile.
      await abortableDelay(wait, signal);
    }
    const probe = backoffCircuit(state, now()) === 'half-open';
    if (probe) probing = true;
    const record = (outcome: CallOutcome) =>
      recordBackoffOutcome(state, rules, outcome, { probe, now: now(), random });
    try {
      let value: T;
      try {
        value = await call();
      } catch (error) {
        record(classify({ ok: false, error }));
        throw error;
      }
      record(classify({ ok: true, value }));
      return value;
    } finally {
      if (probe) probing = false;
    }
  }

  return {
    run,
    get state() {
      return backoffCircuit(state, now());
    },
    get waitMs() {
      return backoffWaitMs(state, now());
    },
  };
}
