import { A2AStreamError } from './errors.js';

/** One Server-Sent Event. */
export interface SseEvent {
  /** The `data` lines joined with `\n`. */
  data: string;
  /** The `event` field, when sent. */
  event?: string;
  /** The `id` field, when sent. */
  id?: string;
}

/** Options of {@link parseSse}. */
export interface ParseSseOptions {
  /** Largest event accepted (its data plus any pending line), in UTF-16 code units (default 4 MiB). */
  maxEventBytes?: number;
  /** Longest wait for the next chunk, in ms, before failing with `idle-timeout` (default 60 000; 0 = none). */
  idleTimeoutMs?: number;
  /** Stops reading and cancels the body. */
  signal?: AbortSignal;
}

/** Default cap on one event: the official SDK's `DEFAULT_MAX_SSE_EVENT_SIZE_BYTES`. */
export const DEFAULT_MAX_SSE_EVENT_BYTES = 4 * 1024 * 1024;
/** Default idle timeout between chunks. */
export const DEFAULT_SSE_IDLE_TIMEOUT_MS = 60_000;

/** True for data that is empty or only white space (keep-alive events), without copying it. */
export function isBlank(data: string): boolean {
  // JSON events start with `{`; only the rare other ones need a closer look.
  const first = data.charCodeAt(0);
  return first !== 123 && data.trim() === '';
}

class EventBuilder {
  // Most events have one data line; only a second one allocates a list.
  first: string | undefined;
  more: string[] | undefined;
  dataSize = 0;
  event: string | undefined;
  id: string | undefined;

  field(line: string): void {
    let name: string;
    let value: string;
    if (line.startsWith('data:')) {
      name = 'data';
      value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    } else {
      const colon = line.indexOf(':');
      name = colon === -1 ? line : line.slice(0, colon);
      value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.charCodeAt(0) === 32) value = value.slice(1);
    }
    if (name === 'data') {
      if (this.first === undefined) this.first = value;
      else if (this.more === undefined) this.more = [value];
      else this.more.push(value);
      this.dataSize += value.length + 1;
    } else if (name === 'event') this.event = value;
    else if (name === 'id' && !value.includes('\0')) this.id = value;
    // `retry` and unknown fields are ignored, as the SSE spec says.
  }

  take(): SseEvent | undefined {
    if (this.first === undefined) {
      this.event = undefined;
      return undefined;
    }
    const out: SseEvent = {
      data: this.more === undefined ? this.first : `${this.first}\n${this.more.join('\n')}`,
    };
    if (this.event !== undefined) out.event = this.event;
    if (this.id !== undefined) out.id = this.id;
    this.first = undefined;
    this.more = undefined;
    this.dataSize = 0;
    this.event = undefined;
    return out;
  }
}

/**
 * One read of `reader`, failing with an `idle-timeout` `A2AStreamError` when nothing comes for `idleTimeoutMs`
 * (0: no limit) and with `signal`'s reason when it aborts.
 */
export async function readWithIdle(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idleTimeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>> {
  if (signal?.aborted) throw signal.reason;
  if (idleTimeoutMs <= 0 && !signal) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    if (idleTimeoutMs > 0) {
      timer = setTimeout(
        () =>
          reject(
            new A2AStreamError({
              reason: 'idle-timeout',
              message: `No data on the stream for ${idleTimeoutMs} ms`,
            }),
          ),
        idleTimeoutMs,
      );
    }
    if (signal) {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  try {
    return await Promise.race([reader.read(), stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Reads Server-Sent Events from a byte stream: LF, CRLF and CR line ends (also split across chunks), a
 * leading BOM, comments, multi-line `data`. Fails with `A2AStreamError` when one event outgrows the cap or
 * the stream goes idle; always cancels the body when the consumer stops early, aborts or fails.
 */
export async function* parseSse(
  body: ReadableStream<Uint8Array>,
  options: ParseSseOptions = {},
): AsyncGenerator<SseEvent, void, undefined> {
  for await (const batch of parseSseBatches(body, options)) yield* batch;
}

/**
 * {@link parseSse}, one array of events per chunk read: a consumer that handles events synchronously pays one
 * asynchronous step per chunk instead of one per event (most of the cost of a stream of small events).
 */
export async function* parseSseBatches(
  body: ReadableStream<Uint8Array>,
  options: ParseSseOptions = {},
): AsyncGenerator<SseEvent[], void, undefined> {
  const maxBytes = options.maxEventBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_SSE_IDLE_TIMEOUT_MS;
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  const builder = new EventBuilder();
  let pending = '';
  let skipLf = false;
  let done = false;
  const lineEnd = /\r\n|\r|\n/g;
  const tooLarge = () =>
    new A2AStreamError({
      reason: 'event-too-large',
      message: `An event on the stream exceeds the ${maxBytes}-byte cap`,
    });
  const line = (text: string, out: SseEvent[]): void => {
    if (text === '') {
      const event = builder.take();
      if (event) out.push(event);
    } else if (text.charCodeAt(0) !== 58) {
      builder.field(text);
      if (builder.dataSize > maxBytes) throw tooLarge();
    }
  };
  try {
    while (true) {
      const chunk = await readWithIdle(reader, idleTimeoutMs, options.signal);
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      if (text === '' && !chunk.done) continue;
      const batch: SseEvent[] = [];
      try {
        let start = 0;
        if (skipLf && text.charCodeAt(0) === 10 && pending === '') start = 1;
        skipLf = false;
        if (text.indexOf('\r', start) === -1) {
          // LF only, as nearly every server sends: a plain scan, no regex.
          for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
            const whole = pending === '' ? text.slice(start, end) : pending + text.slice(start, end);
            pending = '';
            start = end + 1;
            line(whole, batch);
          }
        } else {
          lineEnd.lastIndex = start;
          for (let m = lineEnd.exec(text); m !== null; m = lineEnd.exec(text)) {
            const whole = pending + text.slice(start, m.index);
            pending = '';
            start = m.index + m[0].length;
            // A CR that ends the chunk may be the first half of a CRLF split across chunks.
            if (m[0] === '\r' && start === text.length) skipLf = true;
            line(whole, batch);
          }
        }
        if (start < text.length) {
          pending += text.slice(start);
          if (pending.length + builder.dataSize > maxBytes) throw tooLarge();
        }
      } catch (error) {
        // The events completed before the failure in this chunk were sent: they go up before the error does.
        if (batch.length > 0) yield batch;
        throw error;
      }
      if (batch.length > 0) yield batch;
      if (chunk.done) break;
    }
    // A final event without its blank line is dropped, as the SSE spec requires.
    done = true;
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
