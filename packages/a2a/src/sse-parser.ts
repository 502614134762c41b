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

class EventBuilder {
  data: string[] = [];
  dataSize = 0;
  event: string | undefined;
  id: string | undefined;

  field(line: string): void {
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') {
      this.data.push(value);
      this.dataSize += value.length + 1;
    } else if (name === 'event') this.event = value;
    else if (name === 'id' && !value.includes('\0')) this.id = value;
    // `retry` and unknown fields are ignored, as the SSE spec says.
  }

  take(): SseEvent | undefined {
    const hasData = this.data.length > 0;
    const out: SseEvent = { data: this.data.join('\n') };
    if (this.event !== undefined) out.event = this.event;
    if (this.id !== undefined) out.id = this.id;
    this.data = [];
    this.dataSize = 0;
    this.event = undefined;
    return hasData ? out : undefined;
  }
}

async function readWithIdle(
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
              message: `No data on the event stream for ${idleTimeoutMs} ms`,
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
  const maxBytes = options.maxEventBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_SSE_IDLE_TIMEOUT_MS;
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  const builder = new EventBuilder();
  let pending = '';
  let skipLf = false;
  let done = false;
  // One regex per parser: its lastIndex must survive the yields below.
  const lineEnd = /\r\n|\r|\n/g;
  const tooLarge = () =>
    new A2AStreamError({
      reason: 'event-too-large',
      message: `An event on the stream exceeds the ${maxBytes}-byte cap`,
    });
  try {
    while (true) {
      const chunk = await readWithIdle(reader, idleTimeoutMs, options.signal);
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      let start = 0;
      if (text === '' && !chunk.done) continue;
      if (skipLf && text.startsWith('\n') && pending === '') start = 1;
      skipLf = false;
      lineEnd.lastIndex = start;
      for (let m = lineEnd.exec(text); m !== null; m = lineEnd.exec(text)) {
        const line = pending + text.slice(start, m.index);
        pending = '';
        start = m.index + m[0].length;
        // A CR that ends the chunk may be the first half of a CRLF split across chunks.
        if (m[0] === '\r' && start === text.length) skipLf = true;
        if (line === '') {
          const event = builder.take();
          if (event) yield event;
        } else if (line.charCodeAt(0) !== 58) {
          builder.field(line);
          if (builder.dataSize > maxBytes) throw tooLarge();
        }
      }
      if (start < text.length) {
        pending += text.slice(start);
        if (pending.length + builder.dataSize > maxBytes) throw tooLarge();
      }
      if (chunk.done) break;
    }
    // A final event without its blank line is dropped, as the SSE spec requires.
    done = true;
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
