import { abortableDelay, checkOptions, is } from '@agentweb/core';
import { CircuitOpenError } from './circuit-open-error.js';

/** How a finished call should count for the merchant's backoff and circuit. */
export type CallOutcome =
  | { kind: 'success' }
  | { kind: 'rate-limited'; retryAfterMs?: number }
  | { kind: 'failure' }
  | { kind: 'ignore' };

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
}

/** Options of one {@link MerchantBackoff.run} call. */
export interface RunOptions<T> {
  /** Aborts the wait (and is the caller's to pass on to the call itself); rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Tells how the result counts: a 429 or CAP_RATE_LIMIT_EXCEEDED is `rate-limited`, etc. */
  classify: (result: { ok: true; value: T } | { ok: false; error: unknown }) => CallOutcome;
}

/** Backoff and circuit state shared by every call to one merchant. */
export interface MerchantBackoff {
  /** Waits out an active backoff (abortable), refuses with CircuitOpenError while open, runs the call, classifies the result with `classify`, updates state. */
  run<T>(call: () => Promise<T>, options: RunOptions<T>): Promise<T>;
  readonly state: 'closed' | 'open' | 'half-open';
  /** ms until the next call may go out (0 when none). */
  readonly waitMs: number;
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
  checkOptions('createMerchantBackoff', options, {
    failureThreshold: is.positiveInteger,
    openMs: is.delayMs,
    baseDelayMs: is.delayMs,
    maxDelayMs: is.delayMs,
    maxRetryAfterMs: is.delayMs,
    now: is.function,
    random: is.function,
    name: is.string,
  });
  const failureThreshold = Math.max(1, options.failureThreshold ?? 5);
  const openMs = options.openMs ?? 30_000;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;

  let failures = 0;
  let rateLimits = 0;
  let openedAt: number | undefined;
  let probing = false;
  /** No call may start before this instant. */
  let resumeAt = 0;

  function circuit(): 'closed' | 'open' | 'half-open' {
    if (openedAt === undefined) return 'closed';
    return now() - openedAt >= openMs ? 'half-open' : 'open';
  }

  function jitter(attempt: number): number {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt - 1, 52));
    return random() * ceiling;
  }

  function pauseUntil(instant: number): void {
    resumeAt = Math.max(resumeAt, instant);
  }

  function record(outcome: CallOutcome, wasProbe: boolean): void {
    const at = now();
    switch (outcome.kind) {
      case 'success':
        failures = 0;
        rateLimits = 0;
        openedAt = undefined;
        return;
      case 'rate-limited': {
        // A rate limit means the merchant is up but wants fewer calls: it delays everyone without counting
        // towards opening the circuit.
        rateLimits += 1;
        const retryAfter = outcome.retryAfterMs;
        const delay =
          retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0
            ? Math.min(retryAfter, maxRetryAfterMs)
            : jitter(rateLimits);
        pauseUntil(at + delay);
        return;
      }
      case 'failure':
        failures += 1;
        if (wasProbe || failures >= failureThreshold) openedAt = at;
        else pauseUntil(at + jitter(failures));
        return;
      case 'ignore':
        return;
    }
  }

  async function run<T>(call: () => Promise<T>, runOptions: RunOptions<T>): Promise<T> {
    const { signal, classify } = runOptions;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const state = circuit();
      if (state === 'open')
        throw new CircuitOpenError({ retryAfterMs: openedAt! + openMs - now(), name: options.name });
      if (state === 'half-open' && probing)
        throw new CircuitOpenError({ retryAfterMs: 0, name: options.name });
      const wait = resumeAt - now();
      if (wait <= 0) break;
      // Re-check after waking: another call may have extended the pause or opened the circuit meanwhile.
      await abortableDelay(wait, signal);
    }
    const isProbe = circuit() === 'half-open';
    if (isProbe) probing = true;
    try {
      let value: T;
      try {
        value = await call();
      } catch (error) {
        record(classify({ ok: false, error }), isProbe);
        throw error;
      }
      record(classify({ ok: true, value }), isProbe);
      return value;
    } finally {
      if (isProbe) probing = false;
    }
  }

  return {
    run,
    get state() {
      return circuit();
    },
    get waitMs() {
      const state = circuit();
      const until = state === 'open' ? Math.max(resumeAt, openedAt! + openMs) : resumeAt;
      return Math.max(0, until - now());
    },
  };
}
