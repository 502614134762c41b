import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script run atomically by Redis, sent by its SHA1 (`EVALSHA`) and loaded again when Redis forgot it. */
export interface RedisScript {
  /** Runs the script with these keys and arguments; resolves to its reply. */
  run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>;
}

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}

/**
 * Defines a Lua script. It is sent as `EVALSHA` (a few bytes), and as `EVAL` only when the server does not know it
 * yet (first use, or after a restart that emptied its script cache), which also caches it there. Unlike ioredis'
 * `defineCommand`, nothing is added to a client the caller owns. Every key the script touches must be in `keys`
 * (and on Redis Cluster in one hash slot: give them one hash tag).
 */
export function defineRedisScript(source: string): RedisScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return {
    async run(client, keys, args) {
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!isNoScript(error)) throw error;
        return client.eval(source, keys.length, ...keys, ...args);
      }
    },
  };
}
