import { hash } from 'node:crypto';
import { abortableDelay } from '@agentweb/core';
import { A2AStreamError } from './errors.js';
import { isFinalState, type StreamEvent } from './model.js';
import { isResumableStreamError } from './rpc-transport.js';

/** How a dropped stream is resumed. */
export interface ResumeOptions {
  /** Most resubscribe attempts over the life of the stream (default 3; 0 disables resuming). */
  maxReconnects?: number;
  /** First wait before resubscribing, ms (default 200); doubles each attempt. */
  initialDelayMs?: number;
  /** Longest wait between attempts, ms (default 5 000). */
  maxDelayMs?: number;
}

/** True when `event` ends a stream: a message, or a task or status update in a terminal or interrupted state. */
export function isStreamEnd(event: StreamEvent): boolean {
  if (event.kind === 'message') return true;
  if (event.kind === 'task') return isFinalState(event.status.state);
  if (event.kind === 'status-update') return event.final || isFinalState(event.status.state);
  return false;
}

function taskIdOf(event: StreamEvent): string | undefined {
  if (event.kind === 'task') return event.id;
  if (event.kind === 'message') return event.taskId;
  return event.taskId;
}

/**
 * Yields the events of `open()`; when that stream drops (closes or fails with a network error or idle
 * timeout) before a terminal or interrupted state, resubscribes to the task with exponential backoff, at most
 * `maxReconnects` times, and skips events already delivered (a resubscription replays the task snapshot and,
 * on some agents, earlier events).
 */
export async function* resumableStream(
  open: () => AsyncIterable<StreamEvent>,
  resubscribe: (taskId: string) => AsyncIterable<StreamEvent>,
  options: ResumeOptions & { signal?: AbortSignal } = {},
): AsyncGenerator<StreamEvent, void, undefined> {
  const maxReconnects = options.maxReconnects ?? 3;
  const initialDelay = options.initialDelayMs ?? 200;
  const maxDelay = options.maxDelayMs ?? 5000;
  const seen = new Set<string>();
  let taskId: string | undefined;
  let attempts = 0;
  let source = open();
  while (true) {
    let failure: unknown;
    try {
      for await (const event of source) {
        taskId ??= taskIdOf(event);
        // One-shot hashing: a Hash object per event was most of the per-event cost of a resumable stream.
        const key = hash('sha256', JSON.stringify(event), 'base64');
        const ended = isStreamEnd(event);
        if (!seen.has(key)) {
          seen.add(key);
          yield event;
        }
        if (ended) return;
      }
    } catch (error) {
      if (options.signal?.aborted || !isResumableStreamError(error)) throw error;
      failure = error;
    }
    if (taskId === undefined || attempts >= maxReconnects) {
      if (failure !== undefined && taskId === undefined) throw failure;
      throw new A2AStreamError({
        reason: attempts >= maxReconnects && maxReconnects > 0 ? 'retries-exhausted' : 'ended-early',
        message:
          taskId === undefined
            ? 'The stream ended before any task or message arrived'
            : `The stream for task ${taskId} ended before a terminal state (${attempts} resubscribe attempts)`,
        cause: failure,
      });
    }
    await abortableDelay(Math.min(maxDelay, initialDelay * 2 ** attempts), options.signal);
    attempts++;
    source = resubscribe(taskId);
  }
}
