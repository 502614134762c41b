import { abortableDelay } from '@agentweb/core';
import { TimeoutError } from '@agentweb/http';
import { isFinalState, type Task } from './model.js';

/** Options of `waitForTask`. */
export interface WaitForTaskOptions {
  /** First wait between polls, ms (default 250; at least 10). */
  initialIntervalMs?: number;
  /** Longest wait between polls, ms (default 5 000). */
  maxIntervalMs?: number;
  /** Growth of the wait after each poll (default 1.5; values below 1 count as 1). */
  factor?: number;
  /** Give up after this many ms with `TimeoutError`, aborting a poll in flight (default 600 000). */
  timeoutMs?: number;
  /** Stop on interrupted states (`input-required`, `auth-required`) too (default true). */
  stopOnInterrupted?: boolean;
  /** History length to request on each poll. */
  historyLength?: number;
  /** Called with each polled task. */
  onPoll?: (task: Task) => void;
  /** Aborts the wait. */
  signal?: AbortSignal;
}

/** Shortest wait between polls, ms: a zero or shrinking interval would hammer the agent. */
export const MIN_POLL_INTERVAL_MS = 10;

function finiteAtLeast(value: number | undefined, min: number, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? Math.max(min, value) : fallback;
}

/**
 * Polls `get` with growing intervals until the task reaches a terminal (or interrupted) state. The intervals
 * are bounded whatever the options say (at least {@link MIN_POLL_INTERVAL_MS}, never shrinking), and the
 * deadline covers the polls themselves: one that is still running when it passes is aborted.
 */
export async function pollTask(
  get: (signal?: AbortSignal) => Promise<Task>,
  label: string,
  options: WaitForTaskOptions = {},
): Promise<Task> {
  const timeoutMs = finiteAtLeast(options.timeoutMs, 0, 600_000);
  const maxInterval = finiteAtLeast(options.maxIntervalMs, MIN_POLL_INTERVAL_MS, 5000);
  const factor = finiteAtLeast(options.factor, 1, 1.5);
  const stopOnInterrupted = options.stopOnInterrupted ?? true;
  const deadline = Date.now() + timeoutMs;
  let interval = Math.min(maxInterval, finiteAtLeast(options.initialIntervalMs, MIN_POLL_INTERVAL_MS, 250));
  const expired = new AbortController();
  // setTimeout fires at once past 2^31-1 ms; a longer deadline is as good as none.
  const timer = setTimeout(
    () => expired.abort(new TimeoutError({ url: label, timeoutMs })),
    Math.min(timeoutMs, 2_147_483_647),
  );
  timer.unref?.();
  const signal = options.signal ? AbortSignal.any([options.signal, expired.signal]) : expired.signal;
  try {
    while (true) {
      const task = await get(signal);
      options.onPoll?.(task);
      const state = task.status.state;
      if (
        stopOnInterrupted
          ? isFinalState(state)
          : ['completed', 'canceled', 'failed', 'rejected'].includes(state)
      ) {
        return task;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new TimeoutError({ url: label, timeoutMs });
      await abortableDelay(Math.min(interval, left), signal);
      interval = Math.min(maxInterval, interval * factor);
    }
  } catch (error) {
    // The caller's own abort passes through unchanged; our deadline surfaces as TimeoutError whatever the
    // poll in flight turned it into.
    if (options.signal?.aborted) throw options.signal.reason;
    if (expired.signal.aborted) throw expired.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
