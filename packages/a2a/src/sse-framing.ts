import { type WarningSink, warning } from './warnings.js';

/** Longest run of framing noise stripped before an event's JSON; anything longer is left for the JSON parser to refuse. */
const MAX_NOISE = 16;

/** True for a character some servers put before an SSE event's JSON: C0 controls, DEL, a BOM, white space. */
function isNoise(code: number): boolean {
  return code <= 0x20 || code === 0x7f || code === 0xfeff || code === 0xa0;
}

/**
 * The number of framing characters before the JSON in an SSE `data` field (VoltAgent sends `data: \u001e{...}`, the
 * JSON text sequence record separator of RFC 7464), or 0 when the data does not start with at most 16 of them
 * followed by `{` or `[`. Only the start is looked at, so this runs in constant time.
 */
export function framingNoiseLength(data: string): number {
  const limit = Math.min(data.length, MAX_NOISE + 1);
  for (let i = 0; i < limit; i += 1) {
    const code = data.charCodeAt(i);
    if (code === 123 || code === 91) return i;
    if (!isNoise(code)) return 0;
  }
  return 0;
}

/**
 * `data` without the framing noise before its JSON (see {@link framingNoiseLength}), reported to `warn` as
 * `sse-framing-noise`; `data` itself when it starts with its JSON or with anything else.
 */
export function stripFramingNoise(data: string, warn: WarningSink): string {
  // JSON events start with `{`: only other ones are looked at.
  if (data.charCodeAt(0) === 123) return data;
  const noise = framingNoiseLength(data);
  if (noise === 0) return data;
  warn(
    warning(
      'sse-framing-noise',
      'stream.data',
      `an SSE data field started with ${noise} framing character(s) (${describeNoise(data, noise)}) before its JSON; they were skipped`,
    ),
  );
  return data.slice(noise);
}

function describeNoise(data: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out += `${i > 0 ? ' ' : ''}U+${data.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}
