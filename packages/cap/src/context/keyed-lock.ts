import { clampTimerMs } from '@agentweb/core';
import { ContextLockTimeoutError } from './context-store-errors.js';

/**
 * Default longest wait for a context-creation lock, in ms: longer than one merchant call may take with the HTTP
 * client's default deadline (10 s), so a waiter outlasts a slow holder rather than failing next to it.
 */
export const DEFAULT_CONTEXT_LOCK_WAIT_MS = 20_000;

/** Options of {@link KeyedLock.acquire}. */
export interface KeyedLockAcquireOptions {
  /** Stops waiting: the acquire rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Longest wait, in ms; past it the acquire rejects with `ContextLockTimeoutError`. */
  waitMs: number;
}

interface Waiter {
  grant(): void;
}

/**
 * One lock per key within this process, granted in arrival order: the in-process half of a context store's
 * single flight (for the Redis store, the part that keeps one instance's own callers from polling Redis against each
 * other). Only keys that are held or waited for take memory, so it needs no bound of its own.
 */
export class KeyedLock {
  // A key is held while it has an entry; the array is who waits for it, first come first served.
  readonly #waiting = new Map<string, Waiter[]>();

  /** Resolves to the key's release once this caller holds it. The release is idempotent. */
  acquire(key: string, options: KeyedLockAcquireOptions): Promise<() => void> {
    const { signal, waitMs } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const queue = this.#waiting.get(key);
    if (queue === undefined) {
      this.#waiting.set(key, []);
      return Promise.resolve(this.#releaseOf(key));
    }
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const stop = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const leave = (error: unknown): void => {
        stop();
        const index = queue.indexOf(waiter);
        if (index !== -1) queue.splice(index, 1);
        reject(error);
      };
      const waiter: Waiter = {
        grant: () => {
          stop();
          resolve(this.#releaseOf(key));
        },
      };
      const onAbort = (): void => leave(signal?.reason);
      const timer = setTimeout(
        () => leave(new ContextLockTimeoutError(Math.round(performance.now() - started))),
        clampTimerMs(waitMs),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
    });
  }

  /** Whether someone holds `key` now. */
  isHeld(key: string): boolean {
    return this.#waiting.has(key);
  }

  #releaseOf(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.get(key)?.shift();
      if (next === undefined) this.#waiting.delete(key);
      else next.grant();
    };
  }
}
