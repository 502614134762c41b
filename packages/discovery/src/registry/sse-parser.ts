/**
 * A streaming parser for `text/event-stream` following the WHATWG HTML "server-sent events" interpretation
 * rules: CRLF, LF and CR line ends (also split across chunks), one leading BOM stripped, comment lines ignored,
 * `data` lines joined with LF, `id` persisting across events, `retry` recorded, unknown fields ignored.
 *
 * Lines are cut on bytes before decoding, so a multi-byte UTF-8 character split across chunks is decoded
 * whole and the size cap counts real bytes. Transport-agnostic: feed it any byte or string chunks.
 */

import { checkOptions } from '@agentweb/core';
import { configError } from '../common/config-error.js';
import { SseEventTooLargeError } from './sse-errors.js';

/** One dispatched event. */
export interface SseEvent {
  /** The `event:` field, or `message` when the event had none. */
  type: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  /**
   * The last event id in force when the event was dispatched (the `id:` field of this event or of an earlier
   * one; ids persist until changed). Empty string when none was ever set, or after an empty `id:` reset it.
   */
  lastEventId: string;
  /** True when this event itself carried an `id:` field. */
  hasOwnId: boolean;
}

/** Options of {@link SseParser}. */
export interface SseParserOptions {
  /**
   * Largest event accepted, in bytes: the sum of its retained lines (`data`, `event`, `id`, `retry`, line
   * ends included), and also the longest single line of any kind (comments included). Default 1 MiB.
   */
  maxEventBytes?: number;
}

const DEFAULT_MAX_EVENT_BYTES = 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const BOM = [0xef, 0xbb, 0xbf];

const encoder = new TextEncoder();

/**
 * Incremental SSE parser. `push` chunks as they arrive and collect the events each call returns; call
 * `end()` when the stream ends. Throws {@link SseEventTooLargeError} when an event or line passes the cap;
 * after that the parser is unusable (the stream cannot be resynchronised safely).
 */
export class SseParser {
  readonly #maxEventBytes: number;
  readonly #decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Bytes of the line being read, not yet terminated. */
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  /** A CR ended the previous chunk: a LF starting the next one belongs to it. */
  #afterCr = false;
  /** Bytes seen so far while deciding whether the stream starts with a BOM (null once decided). */
  #bomProbe: number[] | null = [];
  #data: string[] = [];
  #eventType = '';
  #eventId: string | undefined;
  #lastEventId = '';
  #eventBytes = 0;
  #retryMs: number | undefined;
  #failed: SseEventTooLargeError | undefined;

  constructor(options: SseParserOptions = {}) {
    // The value itself is checked below (SSE_CONFIG_INVALID); this refuses a non-object in its place.
    checkOptions('new SseParser', options, {});
    const max = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    if (!Number.isFinite(max) || max < 1)
      throw configError('SSE_CONFIG_INVALID', 'maxEventBytes must be a positive number');
    this.#maxEventBytes = max;
  }

  /** The last event id seen (what a client sends as `Last-Event-ID` when reconnecting). */
  get lastEventId(): string {
    return this.#lastEventId;
  }

  /** The reconnection time the server asked for with `retry:`, in ms; undefined when never sent. */
  get retryMs(): number | undefined {
    return this.#retryMs;
  }

  /** Feeds one chunk; returns the events it completed, in order. */
  push(chunk: Uint8Array | string): SseEvent[] {
    if (this.#failed) throw this.#failed;
    let bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    if (this.#bomProbe !== null) {
      const stripped = this.#stripBom(bytes);
      if (stripped === null) return [];
      bytes = stripped;
    }
    const events: SseEvent[] = [];
    let start = 0;
    let i = 0;
    if (this.#afterCr && bytes.length > 0) {
      this.#afterCr = false;
      if (bytes[0] === LF) {
        start = 1;
        i = 1;
      }
    }
    for (; i < bytes.length; i++) {
      const byte = bytes[i];
      if (byte !== LF && byte !== CR) continue;
      this.#append(bytes.subarray(start, i));
      this.#endLine(events);
      if (byte === CR) {
        if (i + 1 < bytes.length) {
          if (bytes[i + 1] === LF) i++;
        } else {
          this.#afterCr = true;
        }
      }
      start = i + 1;
    }
    if (start < bytes.length) this.#append(bytes.subarray(start));
    return events;
  }

  /**
   * Ends the stream. An event not terminated by a blank line is discarded, as the standard requires (the
   * connection may have been cut halfway through it). Returns the events still pending (always none today,
   * kept as an array so callers treat `push` and `end` alike).
   */
  end(): SseEvent[] {
    if (this.#failed) throw this.#failed;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#resetEvent();
    if (this.#bomProbe !== null && this.#bomProbe.length > 0) this.#bomProbe = null;
    return [];
  }

  /** Holds back up to 3 leading bytes until it is known whether they are a BOM; null while undecided. */
  #stripBom(bytes: Uint8Array): Uint8Array | null {
    const probe = this.#bomProbe ?? [];
    let used = 0;
    while (probe.length < BOM.length && used < bytes.length) {
      const byte = bytes[used] ?? 0;
      if (byte !== BOM[probe.length]) {
        // Not a BOM: replay what was held back in front of the rest.
        this.#bomProbe = null;
        const out = new Uint8Array(probe.length + bytes.length - used);
        out.set(probe, 0);
        out.set(bytes.subarray(used), probe.length);
        return out;
      }
      probe.push(byte);
      used++;
    }
    if (probe.length < BOM.length) return null;
    this.#bomProbe = null;
    return bytes.subarray(used);
  }

  #append(part: Uint8Array): void {
    if (part.length === 0) return;
    this.#pendingBytes += part.length;
    this.#checkSize(this.#pendingBytes);
    // Copy: the caller may reuse its buffer once push returns.
    this.#pending.push(part.slice());
  }

  #checkSize(lineBytes: number): void {
    const total = Math.max(lineBytes, this.#eventBytes + lineBytes);
    if (total > this.#maxEventBytes) {
      this.#failed = new SseEventTooLargeError({ limit: this.#maxEventBytes, received: total });
      throw this.#failed;
    }
  }

  #takeLine(): string {
    const parts = this.#pending;
    const size = this.#pendingBytes;
    this.#pending = [];
    this.#pendingBytes = 0;
    if (parts.length === 0) return '';
    if (parts.length === 1) return this.#decoder.decode(parts[0]);
    const joined = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    return this.#decoder.decode(joined);
  }

  #endLine(events: SseEvent[]): void {
    const lineBytes = this.#pendingBytes;
    const first = this.#pending[0]?.[0];
    if (lineBytes === 0) {
      this.#dispatch(events);
      return;
    }
    if (first === COLON) {
      this.#pending = [];
      this.#pendingBytes = 0;
      return;
    }
    const line = this.#takeLine();
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === SPACE) value = value.slice(1);
    switch (field) {
      case 'data':
        this.#data.push(value);
        break;
      case 'event':
        this.#eventType = value;
        break;
      case 'id':
        // The standard ignores ids containing NUL, so a hostile id cannot truncate a later Last-Event-ID.
        if (!value.includes('\0')) this.#eventId = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.#retryMs = Number(value);
        break;
      default:
        return;
    }
    // +1 for the line end, so the cap covers what the server actually sent.
    this.#eventBytes += lineBytes + 1;
  }

  #dispatch(events: SseEvent[]): void {
    const ownId = this.#eventId !== undefined;
    if (this.#eventId !== undefined) this.#lastEventId = this.#eventId;
    if (this.#data.length > 0) {
      events.push({
        type: this.#eventType === '' ? 'message' : this.#eventType,
        data: this.#data.join('\n'),
        lastEventId: this.#lastEventId,
        hasOwnId: ownId,
      });
    }
    this.#resetEvent();
  }

  #resetEvent(): void {
    this.#data = [];
    this.#eventType = '';
    this.#eventId = undefined;
    this.#eventBytes = 0;
  }
}

/** Parses a complete event stream held in memory; an unterminated last event is discarded. */
export function parseSse(input: Uint8Array | string, options: SseParserOptions = {}): SseEvent[] {
  const parser = new SseParser(options);
  const events = parser.push(input);
  events.push(...parser.end());
  return events;
}
