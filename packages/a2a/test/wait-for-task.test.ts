import { isTimeoutError } from '@agentweb/http';
import { describe, expect, it } from 'vitest';
import type { Task } from '../src/index.js';
import { MIN_POLL_INTERVAL_MS, pollTask } from '../src/wait-for-task.js';

const working: Task = { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'working' } };

describe('waitForTask polling bounds', () => {
  it('never polls faster than the floor, whatever the options say', async () => {
    let polls = 0;
    const error = await pollTask(
      async () => {
        polls++;
        return working;
      },
      'task t1',
      { initialIntervalMs: 0, factor: 0, maxIntervalMs: 0, timeoutMs: 200 },
    ).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    // 200 ms at one poll per >= 10 ms is at most 21 polls; a zero interval would manage thousands.
    expect(polls).toBeLessThanOrEqual(200 / MIN_POLL_INTERVAL_MS + 1);
    expect(polls).toBeGreaterThan(0);
  });

  it('aborts a poll still running at the deadline with TimeoutError', async () => {
    const hanging = (signal?: AbortSignal) =>
      new Promise<Task>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new Error('aborted by the deadline')), { once: true });
      });
    const error = await pollTask(hanging, 'task t1', { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(isTimeoutError(error) && error.timeoutMs).toBe(50);
  });

  it("passes the caller's abort reason through unchanged", async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const error = await pollTask(
      async () => {
        controller.abort(reason);
        return working;
      },
      'task t1',
      { signal: controller.signal, timeoutMs: 10_000 },
    ).catch((e: unknown) => e);
    expect(error).toBe(reason);
  });
});
