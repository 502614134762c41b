import { clampTimerMs, MAX_TIMER_MS } from './timer-ms.js';

/**
 * Settles like `promise`, but rejects with `signal.reason` as soon as `signal` aborts, after calling `onAbort`
 * (so the caller can release whatever it holds). Work that ignores the signal can therefore never hold a caller
 * past its deadline. The listener is always removed, so long-lived signals do not collect one listener per
 * call, and a late rejection of the abandoned promise is absorbed rather than reported as unhandled.
 */
export function raceAbort<T>(
  promise: PromiseLike<T>,
  signal: AbortSignal | undefined,
  onAbort?: () => void,
): Promise<T> {
  if (signal === undefined) return Promise.resolve(promise);
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort?.();
      reject(signal.reason);
    };
    if (signal.aborted) {
      Promise.resolve(promise).catch(() => undefined);
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/**
 * Waits `ms` milliseconds (none when `ms <= 0`), rejecting with `signal.reason` as soon as `signal` aborts. A wait
 * past {@link MAX_TIMER_MS} is clamped to it rather than firing after 1 ms, as `setTimeout` would.
 */
export function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (!(ms > 0)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, clampTimerMs(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
