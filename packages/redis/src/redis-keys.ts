import { escapeKeyPart } from './redis-connection.js';

// Most ids need no escaping; testing first skips building a new string for them (keys are built on every call).
const NEEDS_ESCAPE = /[%:{}]/;
const escaped = (part: string) => (NEEDS_ESCAPE.test(part) ? escapeKeyPart(part) : part);

/**
 * `<keyPrefix><area>:<part>:<part>...` with every part escaped, so no id can forge another key. A part given as
 * `{ tag: id }` becomes a Redis Cluster hash tag (`{<escaped id>}`): keys that share it live in one slot, which a
 * script or transaction touching several of them needs.
 */
export function redisKey(keyPrefix: string, area: string, ...parts: (string | { tag: string })[]): string {
  let key = `${keyPrefix}${area}`;
  for (const part of parts) key += typeof part === 'string' ? `:${escaped(part)}` : `:{${escaped(part.tag)}}`;
  return key;
}
