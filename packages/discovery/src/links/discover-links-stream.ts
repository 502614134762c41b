import { AgentWebError, raceAbort } from '@agentweb/core';
import { CAP_AGENT_CARD_REL, type DiscoverLinksBaseOptions, headerLinks, unique } from './discover-links.js';
import { createHtmlLinkScanner } from './html-link-scanner.js';

/** Options of {@link discoverLinksFromStream}. */
export interface DiscoverLinksStreamOptions extends DiscoverLinksBaseOptions {
  /** The document body: a web stream (cancelled once scanning stops) or any iterable of chunks. */
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
  /** Keep reading after `</head>` (default false: stop there, leaving the rest of the body unread). */
  scanBody?: boolean;
  /** Stop reading after this many bytes (default 1 MiB); what was read so far is still scanned. */
  maxBytes?: number;
  /** Aborts the scan; the promise then rejects with `signal.reason`. */
  signal?: AbortSignal;
}

/** Result of {@link discoverLinksFromStream}. */
export interface DiscoverLinksStreamResult {
  /** Matching links: `Link` header values first, then HTML elements in document order. */
  urls: string[];
  /** Bytes read from the body. */
  bytesRead: number;
  /** Why reading ended: the head closed, the byte budget ran out, or the body ended. */
  stoppedAt: 'head-end' | 'max-bytes' | 'end';
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * Streaming form of `discoverLinks`: reads the body only as far as needed (by default up to `</head>`) and
 * cancels the rest, so a resolver does not download whole pages to find one `<link>`.
 */
export async function discoverLinksFromStream(
  options: DiscoverLinksStreamOptions,
): Promise<DiscoverLinksStreamResult> {
  const rel = (options.rel ?? CAP_AGENT_CARD_REL).toLowerCase();
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fromHeaders = headerLinks(options.headers, rel, options.baseUrl);
  const scanner = createHtmlLinkScanner({
    rel,
    elements: options.elements,
    baseUrl: options.baseUrl,
    scanBody: options.scanBody ?? false,
  });
  const decoder = new TextDecoder('utf-8');
  const signal = options.signal;
  signal?.throwIfAborted();

  const iterator = chunksOf(options.body);
  let bytesRead = 0;
  let stoppedAt: DiscoverLinksStreamResult['stoppedAt'] = 'end';
  try {
    for (;;) {
      const next = await nextChunk(iterator, signal);
      if (next.done) break;
      const chunk = next.value;
      let text: string;
      if (typeof chunk === 'string') {
        bytesRead += Buffer.byteLength(chunk);
        text = chunk;
      } else if (chunk instanceof Uint8Array) {
        bytesRead += chunk.byteLength;
        text = decoder.decode(chunk, { stream: true });
      } else {
        throw new AgentWebError({
          code: 'INVALID_BODY_CHUNK',
          message: `discoverLinksFromStream: body yielded a ${typeof chunk}, expected Uint8Array or string`,
        });
      }
      scanner.write(text);
      if (scanner.done) {
        stoppedAt = 'head-end';
        break;
      }
      if (bytesRead >= maxBytes) {
        stoppedAt = 'max-bytes';
        break;
      }
    }
    if (stoppedAt === 'end') scanner.write(decoder.decode());
    scanner.end();
  } finally {
    // Releases the connection (or the generator) when we stopped before the end; never waits on it.
    if (iterator.return) Promise.resolve(iterator.return()).catch(() => {});
  }
  return { urls: unique([...fromHeaders, ...scanner.urls]), bytesRead, stoppedAt };
}

type Chunk = Uint8Array | string;

function chunksOf(body: DiscoverLinksStreamOptions['body']): AsyncIterator<Chunk> | Iterator<Chunk> {
  if (body instanceof ReadableStream) return readerIterator(body);
  if (Symbol.asyncIterator in body) return (body as AsyncIterable<Chunk>)[Symbol.asyncIterator]();
  return (body as Iterable<Chunk>)[Symbol.iterator]();
}

function readerIterator(stream: ReadableStream<Uint8Array>): AsyncIterator<Chunk> {
  const reader = stream.getReader();
  return {
    async next() {
      const { done, value } = await reader.read();
      return done ? { done: true, value: undefined } : { done: false, value };
    },
    async return() {
      reader.cancel().catch(() => {});
      reader.releaseLock();
      return { done: true, value: undefined };
    },
  };
}

function nextChunk(
  iterator: AsyncIterator<Chunk> | Iterator<Chunk>,
  signal: AbortSignal | undefined,
): Promise<IteratorResult<Chunk>> {
  return raceAbort(Promise.resolve(iterator.next()), signal);
}
