import { escapeKeyPart } from './redis-connection.js';

/**
 * `<keyPrefix><area>:<part>:<part>...` with every part escaped, so no id can forge another key. A part given as
 * `{ tag: id }` becomes a Redis Cluster hash tag (`{<escaped id>}`): keys that share it live in one slot, which a
 * script or transaction touching several of them needs.
 */
export function redisKey(keyPrefix: string, area: string, ...parts: (string | { tag: string })[]): string {
  const escaped = parts.map((part) =>
    typeof part === 'string' ? escapeKeyPart(part) : `{${escapeKeyPart(part.tag)}}`,
  );
  return `${keyPrefix}${area}:${escaped.join(':')}`;
}
