import { hash } from 'node:crypto';
import { abortableDelay } from '@agentweb/core';
import { A2AStreamError } from './errors.js';
import { isFinalState, type StreamEvent } from './model.js';
import { isResumableStreamError } from './rpc-transport.js';
import { SnapshotTracker } from './snapshot-stream.js';
import type { WarningSink } from './warnings.js';

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

/** Delivered events kept for de-duplication before the first resubscribe: the most recent ones, by count. */
const RECENT_EVENTS = 256;
/** ...and by size (UTF-16 code units of their text, roughly their JSON size). */
const RECENT_CHARS = 4 * 1024 * 1024;
/** Keys kept once a stream has been resumed (a key is a 44-character hash). */
const MAX_KEYS = 16_384;

/** The key of an event for recognising replays; undefined when it cannot be keyed (nesting too deep to serialise). */
function eventKey(event: StreamEvent): string | undefined {
  try {
    return hash('sha256', JSON.stringify(event), 'base64');
  } catch {
    // JSON.stringify recurses, and JSON.parse does not: a data part nested some 10,000 levels deep parses under the
    // event cap but overflows the stack here. Such an event is never recognised, so it is never skipped.
    return undefined;
  }
}

/** Objects still to visit in {@link approximateChars}; shared, since that function is synchronous. */
const toVisit: object[] = [];

/**
 * A cheap upper-bound-ish size of an event: what its parts and strings hold, without serialising it. Walks with
 * an explicit stack (a deeply nested data part must not overflow the call stack) and stops past `budget`.
 */
function approximateChars(value: unknown, budget: number): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  let size = 0;
  let next: object | undefined = value;
  while (next !== undefined) {
    size += 2;
    for (const key in next) {
      const child = (next as Record<string, unknown>)[key];
      size += key.length;
      if (typeof child === 'string') size += child.length;
      else if (typeof child !== 'object' || child === null) size += 8;
      else toVisit.push(child);
    }
    next = size > budget ? undefined : toVisit.pop();
  }
  toVisit.length = 0;
  return size;
}

/**
 * Remembers what a stream delivered so a resubscription's replays can be skipped. Hashing every event up front
 * was most of the per-event cost of a stream, so until the first resubscribe it only keeps the most recent events
 * (bounded by count and size), by reference; their keys are computed when a resubscribe happens, and from then on
 * every event is keyed once as it arrives. An agent that replays events older than that window delivers them
 * again, and so does one replaying an event the consumer changed after it was yielded (its key is taken then).
 */
class DeliveredEvents {
  // A ring of the most recent events: `#start` is the oldest, `#count` how many are held.
  readonly #events = new Array<StreamEvent | undefined>(RECENT_EVENTS);
  readonly #sizes = new Array<number>(RECENT_EVENTS).fill(0);
  #start = 0;
  #count = 0;
  #chars = 0;
  #keys: Set<string> | undefined;

  /**
   * Records `event` and says whether it is new. Before any resubscribe every event is (nothing was replayed yet);
   * after one, an event whose key was seen is not, and an event that cannot be keyed always is.
   */
  deliver(event: StreamEvent): boolean {
    if (this.#keys === undefined) {
      this.#remember(event);
      return true;
    }
    const key = eventKey(event);
    if (key === undefined) return true;
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    // Sets iterate in insertion order: the first key is the oldest.
    if (this.#keys.size > MAX_KEYS) this.#keys.delete(this.#keys.values().next().value as string);
    return true;
  }

  #remember(event: StreamEvent): void {
    if (this.#count === RECENT_EVENTS) this.#dropOldest();
    const size = approximateChars(event, RECENT_CHARS);
    const at = (this.#start + this.#count) % RECENT_EVENTS;
    this.#events[at] = event;
    this.#sizes[at] = size;
    this.#count += 1;
    this.#chars += size;
    while (this.#chars > RECENT_CHARS && this.#count > 1) this.#dropOldest();
  }

  /** Called before resubscribing: keys what is remembered, and keys everything from then on. */
  resuming(): void {
    if (this.#keys !== undefined) return;
    const keys = new Set<string>();
    for (let i = 0; i < this.#count; i += 1) {
      const event = this.#events[(this.#start + i) % RECENT_EVENTS];
      const key = event === undefined ? undefined : eventKey(event);
      if (key !== undefined) keys.add(key);
    }
    this.#keys = keys;
    this.#events.fill(undefined);
    this.#count = 0;
    this.#chars = 0;
  }

  #dropOldest(): void {
    this.#chars -= this.#sizes[this.#start] ?? 0;
    this.#events[this.#start] = undefined;
    this.#start = (this.#start + 1) % RECENT_EVENTS;
    this.#count -= 1;
  }
}

/**
 * Yields the events of `open()` (which yields them in batches) one by one; when that stream drops (closes or fails
 * with a network error or idle timeout) before a terminal or interrupted state, resubscribes to the task with
 * exponential backoff, at most `maxReconnects` times, and skips events already delivered (a resubscription replays
 * the task snapshot and, on some agents, earlier events: the last 256 delivered events, up to 4 MiB of them, are
 * recognised). Those events are kept by reference until a resubscribe, when they are keyed by their content: a
 * consumer that changes a yielded event before then may be given the agent's replay of it again.
 */
export async function* resumableStream(
  open: () => AsyncIterable<StreamEvent[]>,
  resubscribe: (taskId: string) => AsyncIterable<StreamEvent[]>,
  options: ResumeOptions & { signal?: AbortSignal; snapshotEnd?: WarningSink | undefined } = {},
): AsyncGenerator<StreamEvent, void, undefined> {
  const maxReconnects = options.maxReconnects ?? 3;
  const initialDelay = options.initialDelayMs ?? 200;
  const maxDelay = options.maxDelayMs ?? 5000;
  const delivered = new DeliveredEvents();
  let taskId: string | undefined;
  let attempts = 0;
  let source = open();
  while (true) {
    let failure: unknown;
    const snapshots = new SnapshotTracker();
    try {
      for await (const batch of source) {
        for (const event of batch) {
          snapshots.see(event);
          taskId ??= taskIdOf(event);
          const ended = isStreamEnd(event);
          if (delivered.deliver(event)) yield event;
          if (ended) return;
        }
      }
    } catch (error) {
      if (options.signal?.aborted || !isResumableStreamError(error)) throw error;
      failure = error;
    }
    if (failure === undefined && options.snapshotEnd && snapshots.endedWithoutFinal(options.snapshotEnd))
      return;
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
    delivered.resuming();
    source = resubscribe(taskId);
  }
}
