import { createHash } from 'node:crypto';
import { hasLoneSurrogate } from '@agentweb/core';

// Most ids need no escaping; testing first skips building a new string for them (keys are built on every call).
const NEEDS_ESCAPE = /[%:{}]/;
// Lone surrogates, each one code point of category Cs in a `u` regex (a well-formed pair is one astral code point).
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * Longest key part written as is, in UTF-8 bytes; a longer one is replaced by its digest, so a card or a user id
 * cannot choose the size of a key (a 100 KB endpoint URL made every context key 100 KB).
 */
export const MAX_KEY_PART_BYTES = 200;

/**
 * Escapes one key component so that no user id, merchant id or URL can forge another key: `%`, `:`, `{` and `}`
 * are percent-encoded (braces because Redis Cluster reads `{...}` as a hash tag), and a lone surrogate becomes
 * `%uD800`-style text. Redis keys are bytes and ioredis writes strings as UTF-8, where every lone surrogate
 * becomes U+FFFD: without that escape `user-\uD800`, `user-\uDFFF` and `user-\uFFFD` shared one key. The result
 * is well-formed Unicode, and two different ids never give the same part.
 */
export function escapeKeyPart(part: string): string {
  let escaped = part;
  if (NEEDS_ESCAPE.test(escaped)) {
    // `%` first, so the escapes the later passes add are not escaped again. Four native passes over a short id cost
    // less than one regex replace with a callback per match (merchant ids are URLs: every call has colons to escape).
    escaped = escaped
      .replaceAll('%', '%25')
      .replaceAll(':', '%3A')
      .replaceAll('{', '%7B')
      .replaceAll('}', '%7D');
  }
  if (hasLoneSurrogate(escaped)) {
    escaped = escaped.replace(
      LONE_SURROGATES,
      (unit) => `%u${unit.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  }
  return escaped;
}

/** UTF-8 length of `text` is at most `max` (a UTF-16 unit takes 1 to 3 bytes: most texts need no count). */
function fitsIn(text: string, max: number): boolean {
  if (text.length * 3 <= max) return true;
  if (text.length > max) return false;
  return Buffer.byteLength(text, 'utf8') <= max;
}

/**
 * One key component of bounded size: the escaped id ({@link escapeKeyPart}) when it is at most
 * {@link MAX_KEY_PART_BYTES} bytes, else `%H` and the base64url SHA-256 of the escaped id's UTF-8 bytes (45
 * characters). An escaped id never holds `%H`, so a digest never reads as a short id.
 */
export function keyPart(part: string): string {
  const escaped = escapeKeyPart(part);
  if (fitsIn(escaped, MAX_KEY_PART_BYTES)) return escaped;
  return `%H${createHash('sha256').update(escaped, 'utf8').digest('base64url')}`;
}

/**
 * `<keyPrefix><area>:<part>:<part>...` with every part escaped and bounded ({@link keyPart}), so no id can forge
 * another key or make a key longer than `keyPrefix`, `area` and 201 bytes per part. A part given as `{ tag: id }`
 * becomes a Redis Cluster hash tag (`{<part>}`): keys that share it live in one slot, which a script or
 * transaction touching several of them needs.
 */
export function redisKey(keyPrefix: string, area: string, ...parts: (string | { tag: string })[]): string {
  let key = `${keyPrefix}${area}`;
  for (const part of parts) key += typeof part === 'string' ? `:${keyPart(part)}` : `:{${keyPart(part.tag)}}`;
  return key;
}
