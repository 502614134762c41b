import { abortableDelay } from '@agentweb/core';
import { TimeoutError } from '@agentweb/http';
import { isFinalState, type Task } from './model.js';

/** Options of `waitForTask`. */
export interface WaitForTaskOptions {
  /** First wait between polls, ms (default 250). */
  initialIntervalMs?: number;
  /** Longest wait between polls, ms (default 5 000). */
  maxIntervalMs?: number;
  /** Growth of the wait after each poll (default 1.5). */
  factor?: number;
  /** Give up after this many ms with `TimeoutError` (default 600 000). */
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

/** Polls `get` with growing intervals until the task reaches a terminal (or interrupted) state. */
export async function pollTask(
  get: (signal?: AbortSignal) => Promise<Task>,
  label: string,
  options: WaitForTaskOptions = {},
): Promise<Task> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const maxInterval = options.maxIntervalMs ?? 5000;
  const factor = options.factor ?? 1.5;
  const stopOnInterrupted = options.stopOnInterrupted ?? true;
  const deadline = Date.now() + timeoutMs;
  let interval = options.initialIntervalMs ?? 250;
  while (true) {
    const task = await get(options.signal);
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
    await abortableDelay(Math.min(interval, left), options.signal);
    interval = Math.min(maxInterval, interval * factor);
  }
}
