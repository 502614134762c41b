import { charset } from './content-type.js';
import { JsonParseError } from './errors.js';

const utf8 = new TextDecoder('utf-8');

/** Decodes a body with the charset named in its `Content-Type` (UTF-8 when none or unknown; a BOM is dropped). */
export function decodeText(bytes: Uint8Array, contentType: string | null): string {
  const label = charset(contentType);
  if (label === undefined || label === 'utf-8' || label === 'utf8') return utf8.decode(bytes);
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return utf8.decode(bytes);
  }
}

/** Parses a JSON body; an empty body gives `undefined`. Throws {@link JsonParseError}. */
export function parseJsonBody(bytes: Uint8Array, contentType: string | null, url: string): unknown {
  if (bytes.byteLength === 0) return undefined;
  try {
    return JSON.parse(decodeText(bytes, contentType));
  } catch (cause) {
    throw new JsonParseError({ url, cause });
  }
}

/** The first KiB of a body as text, for error messages. */
export function excerptOf(bytes: Uint8Array, contentType: string | null): string {
  return decodeText(bytes.subarray(0, 1024), contentType);
}
