// Most ids need no escaping; testing first skips building a new string for them (keys are built on every call).
const NEEDS_ESCAPE = /[%:{}]/;

/**
 * Escapes one key component so that no user id, merchant id or URL can forge another key: `%`, `:`, `{` and `}`
 * are percent-encoded (braces because Redis Cluster reads `{...}` as a hash tag).
 */
export function escapeKeyPart(part: string): string {
  if (!NEEDS_ESCAPE.test(part)) return part;
  // `%` first, so the escapes the later passes add are not escaped again. Four native passes over a short id cost
  // less than one regex replace with a callback per match (merchant ids are URLs: every call has colons to escape).
  return part.replaceAll('%', '%25').replaceAll(':', '%3A').replaceAll('{', '%7B').replaceAll('}', '%7D');
}

/**
 * `<keyPrefix><area>:<part>:<part>...` with every part escaped, so no id can forge another key. A part given as
 * `{ tag: id }` becomes a Redis Cluster hash tag (`{<escaped id>}`): keys that share it live in one slot, which a
 * script or transaction touching several of them needs.
 */
export function redisKey(keyPrefix: string, area: string, ...parts: (string | { tag: string })[]): string {
  let key = `${keyPrefix}${area}`;
  for (const part of parts)
    key += typeof part === 'string' ? `:${escapeKeyPart(part)}` : `:{${escapeKeyPart(part.tag)}}`;
  return key;
}
