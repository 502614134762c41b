import { createHash, type Hash, hash as hashOnce } from 'node:crypto';
import { BodyTooLargeError } from './errors.js';

/** A body read in full, with its SHA-256 computed while streaming. */
export interface ReadBody {
  /** The decoded bytes. */
  bytes: Uint8Array;
  /** Lowercase hex SHA-256 of `bytes`. */
  sha256: string;
}

/** Anything that yields byte chunks: a Node `Readable` or a web `ReadableStream`. */
export type ByteSource = AsyncIterable<Uint8Array>;

const EMPTY = new Uint8Array(0);
const EMPTY_SHA256 = createHash('sha256').digest('hex');

/** The SHA-256 of the empty body, reused for bodiless responses. */
export function emptyBody(): ReadBody {
  return { bytes: EMPTY, sha256: EMPTY_SHA256 };
}

/**
 * Reads `source` to the end, hashing as it goes, and stops with {@link BodyTooLargeError} as soon as more than
 * `limit` bytes have arrived, whatever `Content-Length` said. Stopping (or any error) ends the iteration,
 * which destroys a Node stream or cancels a web stream, so the connection is released.
 */
export async function readCapped(source: ByteSource | null, limit: number, url: string): Promise<ReadBody> {
  if (!source) return emptyBody();
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      total += next.value.byteLength;
      if (total > limit) throw new BodyTooLargeError({ url, limit, received: total });
      chunks.push(next.value);
    }
  } catch (error) {
    release(iterator);
    throw error;
  }
  if (total === 0) return emptyBody();
  const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, total);
  // The whole body is in memory anyway, so one-shot hashing at the end replaces a Hash object per call.
  return { bytes, sha256: hashOnce('sha256', bytes, 'hex') };
}

/**
 * Stops a body iterator without waiting: cancelling some web streams (msw's, for one) never settles, and the
 * caller must not hang on it. Destroying a Node stream happens synchronously anyway.
 */
function release(iterator: AsyncIterator<Uint8Array>): void {
  try {
    iterator.return?.()?.catch(() => {});
  } catch {
    // Already closed or errored: nothing left to release.
  }
}

/** Callbacks of {@link cappedStream}. */
export interface CappedStreamHooks {
  /** Turns a source error (abort, reset) into the error the consumer sees. */
  mapError(error: unknown): unknown;
  /** Called once: with the totals when the body ended, or with the error (or cancel reason) otherwise. */
  settle(result: { bytes: number; sha256: string } | { error: unknown }): void;
}

/**
 * Wraps `source` in a web `ReadableStream` that errors with {@link BodyTooLargeError} once more than `limit`
 * bytes have passed, hashing on the way so the provenance is complete when the stream ends.
 */
export function cappedStream(
  source: ByteSource | null,
  limit: number,
  url: string,
  hooks: CappedStreamHooks,
): ReadableStream<Uint8Array> {
  const iterator = source ? source[Symbol.asyncIterator]() : undefined;
  const hash: Hash = createHash('sha256');
  let total = 0;
  let settled = false;
  const settle = (result: Parameters<CappedStreamHooks['settle']>[0]) => {
    if (settled) return;
    settled = true;
    hooks.settle(result);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = iterator ? await iterator.next() : { done: true as const, value: undefined };
        if (next.done) {
          controller.close();
          settle({ bytes: total, sha256: hash.digest('hex') });
          return;
        }
        total += next.value.byteLength;
        if (total > limit) {
          const error = new BodyTooLargeError({ url, limit, received: total });
          if (iterator) release(iterator);
          controller.error(error);
          settle({ error });
          return;
        }
        hash.update(next.value);
        controller.enqueue(next.value);
      } catch (error) {
        const mapped = hooks.mapError(error);
        controller.error(mapped);
        settle({ error: mapped });
      }
    },
    async cancel(reason) {
      settle({ error: reason ?? new Error('stream cancelled') });
      if (iterator) release(iterator);
    },
  });
}

/** Reads at most about `limit` bytes of `source` for an error message, then releases the rest. */
export async function readExcerpt(source: ByteSource | null, limit: number): Promise<Uint8Array> {
  if (!source) return EMPTY;
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < limit) {
      const next = await iterator.next();
      if (next.done) break;
      chunks.push(next.value);
      total += next.value.byteLength;
    }
  } catch {
    // The excerpt is best effort; the status error is what matters.
  }
  release(iterator);
  return Buffer.concat(chunks, total).subarray(0, limit);
}
