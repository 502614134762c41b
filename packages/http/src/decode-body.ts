import { pipeline, type Readable, type Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

// Lenient flushing, as browsers and undici do, so a gzip stream cut after the last full block still decodes.
const LENIENT = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };

const KNOWN_CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

function decoderFor(coding: string): Transform | undefined {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip(LENIENT);
    case 'deflate':
      return createInflate(LENIENT);
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * Undoes `Content-Encoding` (gzip, deflate, br, in any stacked order) on a raw body stream. Unknown codings
 * leave the body as received. The byte cap is applied afterwards, to the decoded bytes, so a compression bomb
 * is cut like any other oversized body.
 */
export function decodeContentEncoding(body: Readable, contentEncoding: string | undefined): Readable {
  if (!contentEncoding) return body;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return body;
  // Checked before any decoder exists: a zlib stream built and then abandoned holds native memory until GC.
  if (!codings.every((coding) => KNOWN_CODINGS.has(coding))) return body;
  const decoders = codings.reverse().map((coding) => decoderFor(coding) as Transform);
  return pipeline([body, ...decoders], () => {}) as unknown as Readable;
}
