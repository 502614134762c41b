import { clampTimerMs } from '@agentweb/core';
import { TimeoutError } from './errors.js';

/**
 * One deadline per call, covering connect, headers, body and every retry. It costs one timer and one
 * `AbortController`, instead of an `AbortSignal.timeout` per attempt (measurably slower on Node 20). Caller
 * signals are forwarded with a listener that `clear()` removes, rather than `AbortSignal.any`, which costs
 * more per call on Node 20 and keeps its dependent signals alive as long as the caller's signal lives.
 */
export class Deadline {
  /** Aborts when the deadline passes or any caller signal aborts. */
  readonly signal: AbortSignal;
  /** Epoch ms at which the call times out. */
  readonly expiresAt: number;
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  readonly #callerSignals: readonly AbortSignal[];
  readonly #timeoutMs: number;
  readonly #url: string;
  readonly #forward: (() => void) | undefined;
  #timedOut = false;

  constructor(url: string, timeoutMs: number, callerSignals: readonly AbortSignal[]) {
    this.#url = url;
    this.#timeoutMs = timeoutMs;
    this.#callerSignals = callerSignals;
    this.expiresAt = Date.now() + timeoutMs;
    // Past 2^31-1 ms setTimeout fires after 1 ms; a per-call `timeoutMs` is not option-checked, so clamp here.
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#unlisten();
      this.#controller.abort(new TimeoutError({ url: this.#url, timeoutMs: this.#timeoutMs }));
    }, clampTimerMs(timeoutMs));
    this.#timer.unref?.();
    this.signal = this.#controller.signal;
    if (callerSignals.length === 0) return;
    const aborted = callerSignals.find((signal) => signal.aborted);
    if (aborted) {
      this.#controller.abort(aborted.reason);
      return;
    }
    this.#forward = () => {
      const first = callerSignals.find((signal) => signal.aborted);
      this.#unlisten();
      this.#controller.abort(first?.reason);
    };
    for (const signal of callerSignals) signal.addEventListener('abort', this.#forward, { once: true });
  }

  #unlisten(): void {
    const forward = this.#forward;
    if (forward) for (const signal of this.#callerSignals) signal.removeEventListener('abort', forward);
  }

  /** Milliseconds left. */
  remaining(now: number = Date.now()): number {
    return this.expiresAt - now;
  }

  /** Stops the timer; call when the call (including its body) is finished. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#unlisten();
  }

  /** Throws the caller's abort reason if a caller signal has already aborted. */
  throwIfCallerAborted(): void {
    for (const signal of this.#callerSignals) if (signal.aborted) throw signal.reason;
  }

  /**
   * The error a failure should surface as: a caller abort passes the caller's own `signal.reason` through
   * unchanged (as `fetch` does); the deadline becomes {@link TimeoutError}; `undefined` when neither ended
   * the call, so the failure is the transport's own.
   */
  explain(url: string = this.#url): unknown {
    for (const signal of this.#callerSignals) if (signal.aborted) return signal.reason;
    if (this.#timedOut) return new TimeoutError({ url, timeoutMs: this.#timeoutMs });
    return undefined;
  }
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, clampTimerMs(ms));
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
