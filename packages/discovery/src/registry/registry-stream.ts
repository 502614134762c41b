/**
 * The agent-card event stream (`GET /public/agent-cards/stream`) as an async iterator that survives dropped
 * connections: it resumes after the last delivered cursor, drops events it already delivered, and gives up
 * with a typed error after a bounded number of consecutive failures.
 */
import {
  AGENT_CARD_STREAM_EVENT_NAMES,
  AgentCardStreamErrorSchema,
  type AgentCardStreamEvent,
  AgentCardStreamEventSchema,
  type AgentCardStreamReady,
  AgentCardStreamReadySchema,
  type AgentCardStreamRemoved,
  type AgentCardStreamUpsert,
} from '@agentweb/agentcard';
import { abortableDelay, checkOptions, is } from '@agentweb/core';
import {
  type HttpClient,
  isBodyTooLargeError,
  isHttpStatusError,
  isTimeoutError,
  RETRYABLE_STATUSES,
  type StreamResult,
} from '@agentweb/http';
import { jitteredBackoff } from './backoff.js';
import { RecentIds } from './recent-ids.js';
import { registryErrorFromResponse } from './registry-error-body.js';
import { RegistryFilterError, RegistryStreamError } from './registry-errors.js';
import { type SseEvent, SseParser } from './sse-parser.js';

/** One event delivered by the stream. */
export type RegistryStreamEvent =
  | {
      /** A matching card appeared or changed. */
      type: 'upsert';
      /** Resume cursor of this event (pass it as `sinceCursor` to continue after it). */
      cursor: string;
      /** The validated event data, with the card. */
      event: AgentCardStreamUpsert;
    }
  | {
      /** A card left the view. */
      type: 'removed';
      /** Resume cursor of this event. */
      cursor: string;
      /** The validated event data. */
      event: AgentCardStreamRemoved;
    };

/** An event that could not be used, reported to `onInvalidEvent`. */
export interface InvalidStreamEvent {
  /** The SSE event name. */
  eventName: string;
  /** The SSE id, when the event had one. */
  id: string | undefined;
  /** Why it was refused. */
  reason: string;
}

/** Reconnection policy of the stream. */
export interface StreamReconnectOptions {
  /** Consecutive failed connections tolerated before giving up (default 5); reset by each new event. */
  maxAttempts?: number;
  /** First backoff ceiling in ms (default 500, or the server's `retry:` value); doubles per failure. */
  baseDelayMs?: number;
  /** Largest wait between connections in ms, also caps `retry:` and `Retry-After` (default 30 000). */
  maxDelayMs?: number;
}

/** What happened before a reconnection, passed to `onReconnect`. */
export interface StreamReconnectEvent {
  /** Consecutive failures so far (0 for a planned rotation at the connection's byte or time limit). */
  attempt: number;
  /** Wait before reconnecting, in ms. */
  delayMs: number;
  /** Why the previous connection ended. */
  reason: unknown;
  /** The cursor the next connection resumes after. */
  sinceCursor: string | undefined;
}

/** Options of `stream()`. */
export interface RegistryStreamOptions {
  /** Ends the stream: the pending `next()` rejects with `signal.reason` and the connection is closed. */
  signal?: AbortSignal;
  /** Start after this cursor (`updatedAt|tenantId|agentId`, as an earlier event's `cursor`). */
  sinceCursor?: string;
  /** Reconnect when nothing (not even a keepalive) arrived for this long, in ms (default 30 000). */
  idleTimeoutMs?: number;
  /** Largest single event, in bytes (default 1 MiB); a larger one ends the stream with an error. */
  maxEventBytes?: number;
  /** Bytes read over one connection before it is rotated (reopened after the last cursor); default 64 MiB. */
  maxConnectionBytes?: number;
  /** Lifetime of one connection before it is rotated, in ms (default 15 minutes). */
  maxConnectionMs?: number;
  /** Reconnection policy. */
  reconnect?: StreamReconnectOptions;
  /** How many delivered cursors are remembered to drop repeats across reconnections (default 10 000). */
  dedupeWindow?: number;
  /**
   * Called with each malformed data event. When given, such events are skipped after being reported; when
   * not, a malformed event ends the stream with `REGISTRY_STREAM_EVENT_INVALID`.
   */
  onInvalidEvent?: (info: InvalidStreamEvent) => void;
  /** Called with the data of each `agent_cards.ready` event (one per connection). */
  onReady?: (ready: AgentCardStreamReady) => void;
  /** Called before each reconnection. Errors thrown by it are ignored. */
  onReconnect?: (event: StreamReconnectEvent) => void;
}

/** What the stream needs from the client. */
export interface StreamContext {
  http: HttpClient;
  /** Absolute URL of the stream endpoint. */
  url: URL;
  /** Validated filter query parameters. */
  query: URLSearchParams;
  /** Headers sent with every connection (auth, protocol). */
  headers: Record<string, string>;
}

/**
 * The timers of `stream()` options, checked when a client is created (its `stream` defaults) and when a stream is
 * opened: each ends up in a `setTimeout`, which fires at once past 2^31-1 ms.
 */
export const REGISTRY_STREAM_OPTION_RULES = {
  idleTimeoutMs: is.timerMs,
  maxConnectionMs: is.timerMs,
  reconnect: is.shape({ baseDelayMs: is.delayMs, maxDelayMs: is.delayMs }, 'reconnect options'),
} as const;

const DEFAULTS = {
  idleTimeoutMs: 30_000,
  maxEventBytes: 1024 * 1024,
  maxConnectionBytes: 64 * 1024 * 1024,
  maxConnectionMs: 15 * 60_000,
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  dedupeWindow: 10_000,
};

const MAX_CURSOR_LENGTH = 2048;

/** Cursors go into a header and a query string: printable ASCII only, bounded. */
export function checkCursor(cursor: unknown, filter = 'sinceCursor'): string {
  if (typeof cursor !== 'string' || cursor.trim() === '') {
    throw new RegistryFilterError({ filter, reason: 'CURSOR_INVALID', detail: 'must be a non-empty string' });
  }
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[\x21-\x7e]+$/.test(cursor)) {
    throw new RegistryFilterError({
      filter,
      reason: 'CURSOR_INVALID',
      detail: `must be printable ASCII without spaces, at most ${MAX_CURSOR_LENGTH} characters`,
    });
  }
  return cursor;
}

/** Marks a connection aborted by the idle timer. */
class IdleTimeout extends Error {
  constructor(ms: number) {
    super(`No data from the stream for ${ms} ms`);
    this.name = 'IdleTimeout';
  }
}

/** How one connection ended when it did not end the whole stream. */
type ConnectionEnd =
  | { kind: 'failed'; reason: unknown; retryAfterMs?: number | undefined }
  | { kind: 'rotate'; reason: unknown };

function isEventStream(contentType: string | null): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

function safely(callback: () => void): void {
  try {
    callback();
  } catch {
    // Observer callbacks must not break the stream.
  }
}

/**
 * Opens the stream. Options are checked at once (a bad `sinceCursor` throws here); the first connection is
 * made on the first `next()`.
 */
export function openRegistryStream(
  context: StreamContext,
  options: RegistryStreamOptions = {},
): AsyncIterableIterator<RegistryStreamEvent> {
  checkOptions('NooterraRegistryClient.stream', options, REGISTRY_STREAM_OPTION_RULES);
  const initialCursor = options.sinceCursor === undefined ? undefined : checkCursor(options.sinceCursor);
  return run(context, options, initialCursor);
}

async function* run(
  context: StreamContext,
  options: RegistryStreamOptions,
  initialCursor: string | undefined,
): AsyncGenerator<RegistryStreamEvent, void, undefined> {
  const signal = options.signal;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs;
  const maxAttempts = options.reconnect?.maxAttempts ?? DEFAULTS.maxAttempts;
  const maxDelayMs = options.reconnect?.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const seen = new RecentIds(options.dedupeWindow ?? DEFAULTS.dedupeWindow);
  let cursor = initialCursor;
  let failures = 0;
  let serverRetryMs: number | undefined;

  const streamError = (
    code: string,
    message: string,
    extra: { cause?: unknown; registryMessage?: string } = {},
  ) => new RegistryStreamError({ code, message, lastCursor: cursor, ...extra });

  function invalid(event: SseEvent, reason: string): void {
    const info: InvalidStreamEvent = {
      eventName: event.type,
      id: event.hasOwnId ? event.lastEventId : undefined,
      reason,
    };
    if (!options.onInvalidEvent) {
      throw streamError('REGISTRY_STREAM_EVENT_INVALID', `Invalid ${event.type} event: ${reason}`);
    }
    const report = options.onInvalidEvent;
    safely(() => report(info));
  }

  function parseData(event: SseEvent): unknown {
    try {
      return JSON.parse(event.data);
    } catch {
      invalid(event, 'data is not JSON');
      return undefined;
    }
  }

  /** Turns an SSE event into a deliverable event, or undefined for control, unknown and skipped ones. */
  function interpret(event: SseEvent): RegistryStreamEvent | undefined {
    const names = AGENT_CARD_STREAM_EVENT_NAMES;
    if (event.type === names.ready) {
      const ready = AgentCardStreamReadySchema.safeParse(parseData(event));
      const onReady = options.onReady;
      if (ready.success && onReady) safely(() => onReady(ready.data));
      return undefined;
    }
    if (event.type === names.error) {
      const data = AgentCardStreamErrorSchema.safeParse(parseData(event));
      const code = data.success ? data.data.code : 'REGISTRY_STREAM_ERROR_EVENT';
      const registryMessage = data.success ? data.data.message.slice(0, 300) : undefined;
      throw streamError(
        code,
        `Registry stream reported ${code}${registryMessage ? `: ${registryMessage}` : ''}`,
        {
          ...(registryMessage === undefined ? {} : { registryMessage }),
        },
      );
    }
    if (event.type !== names.upsert && event.type !== names.removed) return undefined;
    const raw = parseData(event);
    if (raw === undefined) return undefined;
    const parsed = AgentCardStreamEventSchema.safeParse(raw);
    if (!parsed.success) {
      invalid(event, parsed.error.issues[0]?.message ?? 'not an AgentCardStreamEvent.v1');
      return undefined;
    }
    const data: AgentCardStreamEvent = parsed.data;
    const expected = event.type === names.upsert ? 'AGENT_CARD_UPSERT' : 'AGENT_CARD_REMOVED';
    if (data.type !== expected) {
      invalid(event, `event ${event.type} carries type ${data.type}`);
      return undefined;
    }
    return data.type === 'AGENT_CARD_UPSERT'
      ? { type: 'upsert', cursor: data.cursor, event: data }
      : { type: 'removed', cursor: data.cursor, event: data };
  }

  while (true) {
    if (signal?.aborted) throw signal.reason;
    const connection = new AbortController();
    const onAbort = () => connection.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let idle = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopIdle = () => clearTimeout(timer);
    const armIdle = () => {
      stopIdle();
      timer = setTimeout(() => {
        idle = true;
        connection.abort(new IdleTimeout(idleTimeoutMs));
      }, idleTimeoutMs);
    };

    const query = new URLSearchParams(context.query);
    const headers: Record<string, string> = {
      ...context.headers,
      'cache-control': 'no-cache',
    };
    if (cursor !== undefined) {
      query.set('sinceCursor', cursor);
      headers['last-event-id'] = cursor;
    }
    const url = new URL(context.url);
    url.search = query.toString();

    let end: ConnectionEnd;
    let response: StreamResult | undefined;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    try {
      armIdle();
      try {
        response = await context.http.stream(url, {
          signal: connection.signal,
          accept: 'text/event-stream',
          headers,
          timeoutMs: options.maxConnectionMs ?? DEFAULTS.maxConnectionMs,
          maxBodyBytes: options.maxConnectionBytes ?? DEFAULTS.maxConnectionBytes,
          // Reconnection is handled here, with the resume cursor; the client must not replay blindly.
          retry: false,
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (idle) throw new IdleTimeout(idleTimeoutMs);
        if (isHttpStatusError(error)) {
          const registryError = registryErrorFromResponse({
            url: url.href,
            status: error.status,
            bodyText: error.bodyExcerpt,
            retryAfter: error.headers.get('retry-after'),
            cause: error,
          });
          if (!RETRYABLE_STATUSES.includes(error.status)) throw registryError;
          throw Object.assign(new Error('retryable status'), { registryError });
        }
        throw error;
      }
      if (!isEventStream(response.headers.get('content-type'))) {
        throw streamError(
          'REGISTRY_STREAM_CONTENT_TYPE',
          `Registry stream answered ${response.headers.get('content-type') ?? 'no content type'}, not text/event-stream`,
        );
      }
      reader = response.body.getReader();
      const parser = new SseParser({ maxEventBytes: options.maxEventBytes ?? DEFAULTS.maxEventBytes });
      while (true) {
        let chunk: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          if (idle) throw new IdleTimeout(idleTimeoutMs);
          if (isBodyTooLargeError(error) || isTimeoutError(error)) {
            throw Object.assign(new Error('rotate'), { rotate: error });
          }
          throw error;
        }
        if (chunk.done) {
          if (signal?.aborted) throw signal.reason;
          if (idle) throw new IdleTimeout(idleTimeoutMs);
          throw new Error('The registry closed the stream');
        }
        armIdle();
        let events: SseEvent[];
        try {
          events = parser.push(chunk.value);
        } catch (error) {
          throw streamError('REGISTRY_STREAM_EVENT_TOO_LARGE', 'A stream event exceeded maxEventBytes', {
            cause: error,
          });
        }
        serverRetryMs = parser.retryMs ?? serverRetryMs;
        for (const sse of events) {
          const delivered = interpret(sse);
          if (!delivered || seen.has(delivered.cursor)) continue;
          seen.add(delivered.cursor);
          cursor = delivered.cursor;
          failures = 0;
          // A slow consumer must not look like a silent server.
          stopIdle();
          yield delivered;
          if (signal?.aborted) throw signal.reason;
          armIdle();
        }
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof RegistryStreamError || error instanceof RegistryFilterError) throw error;
      if (isRegistryErrorCarrier(error)) {
        end = { kind: 'failed', reason: error.registryError, retryAfterMs: error.registryError.retryAfterMs };
      } else if (isRotation(error)) {
        end = { kind: 'rotate', reason: error.rotate };
      } else if (isFatal(error)) {
        throw error;
      } else {
        end = { kind: 'failed', reason: error };
      }
    } finally {
      stopIdle();
      signal?.removeEventListener('abort', onAbort);
      // Closing both ends releases the socket whether we stop on an error, an abort or return().
      reader?.cancel().catch(() => {});
      if (!reader) response?.body.cancel().catch(() => {});
      connection.abort();
    }

    let delayMs = 0;
    if (end.kind === 'failed') {
      failures++;
      if (failures > maxAttempts) {
        throw streamError(
          'REGISTRY_STREAM_RECONNECT_EXHAUSTED',
          `Registry stream failed ${failures} times in a row; last: ${describe(end.reason)}`,
          { cause: end.reason },
        );
      }
      const base = Math.min(
        maxDelayMs,
        serverRetryMs ?? options.reconnect?.baseDelayMs ?? DEFAULTS.baseDelayMs,
      );
      delayMs =
        end.retryAfterMs !== undefined
          ? Math.min(maxDelayMs, end.retryAfterMs)
          : jitteredBackoff(failures, base, maxDelayMs);
    }
    const onReconnect = options.onReconnect;
    const reason = end.reason;
    if (onReconnect) {
      safely(() =>
        onReconnect({ attempt: end.kind === 'failed' ? failures : 0, delayMs, reason, sinceCursor: cursor }),
      );
    }
    await abortableDelay(delayMs, signal);
  }
}

function isRegistryErrorCarrier(
  error: unknown,
): error is { registryError: ReturnType<typeof registryErrorFromResponse> } {
  return typeof error === 'object' && error !== null && 'registryError' in error;
}

function isRotation(error: unknown): error is { rotate: unknown } {
  return typeof error === 'object' && error !== null && 'rotate' in error;
}

/** Errors that reconnecting cannot fix: refused URLs, blocked addresses, non-retryable registry answers. */
function isFatal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  return (
    name === 'RegistryError' ||
    name === 'BlockedAddressError' ||
    name === 'UrlPolicyError' ||
    name === 'RedirectPolicyError'
  );
}

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
