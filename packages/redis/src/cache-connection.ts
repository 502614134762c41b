import { createHash } from 'node:crypto';
import { hasLoneSurrogate } from '@agentweb/core';
import type { Redis } from 'ioredis';
import type { RedisConnection } from './redis-connection.js';

/**
 * Runs one cache operation on the connection, which fails it at once with {@link StateStoreError} while Redis is
 * down (a cache is optional: its callers skip it rather than wait for a reconnect); otherwise the connection's
 * deadline applies.
 */
export function cacheCall<T>(
  connection: RedisConnection,
  operation: string,
  run: (client: Redis) => Promise<T>,
): Promise<T> {
  return connection.call(operation, run);
}

// Never a byte of UTF-8: a digest of ill-formed text starts with it, so none equals a digest of well-formed text.
const ILL_FORMED_MARK = Buffer.from([0xff]);

/**
 * A fixed-length key part for text of any length (a URL, a search key): base64url SHA-256 of its UTF-8 bytes. Text
 * with a lone surrogate, which UTF-8 cannot carry (it would hash as U+FFFD, as its look-alikes do), is hashed as
 * 0xFF and its UTF-16 code units instead, so two different texts never share a digest.
 */
export function digestKeyPart(text: string): string {
  const hash = createHash('sha256');
  if (hasLoneSurrogate(text)) hash.update(ILL_FORMED_MARK).update(text, 'utf16le');
  else hash.update(text, 'utf8');
  return hash.digest('base64url');
}

/** `text` with Redis glob characters escaped, for a `SCAN MATCH` pattern that must match it literally. */
function globLiteral(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}

/**
 * Deletes every key that starts with `prefix` (SCAN + UNLINK in batches), for a cache's `clear()`. On Redis
 * Cluster this clears the node the client is connected to; use a standalone client or clear each node.
 */
export async function deleteByPrefix(
  connection: RedisConnection,
  operation: string,
  prefix: string,
): Promise<number> {
  const pattern = `${globLiteral(prefix)}*`;
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await cacheCall(connection, operation, (client) =>
      client.scan(cursor, 'MATCH', pattern, 'COUNT', 500),
    );
    cursor = next;
    if (keys.length > 0)
      deleted += await cacheCall(connection, operation, (client) => client.unlink(...keys));
  } while (cursor !== '0');
  return deleted;
}
