import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script and its SHA-1, for EVALSHA. */
export interface LuaScript {
  /** The script's source. */
  readonly source: string;
  /** Its SHA-1 in hex, as Redis names it in its script cache. */
  readonly sha: string;
}

/** Prepares a Lua script for {@link evalScript}. */
export function luaScript(source: string): LuaScript {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

/**
 * Runs a script by its SHA-1 (one short command on the wire) and sends the source only when the server does not
 * have it cached: the first time, and after a restart or `SCRIPT FLUSH`. The caller's client is left as it was
 * (no `defineCommand`).
 */
export async function evalScript(
  client: Redis,
  script: LuaScript,
  keys: readonly string[],
  args: readonly (string | number)[],
): Promise<unknown> {
  try {
    return await client.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return await client.eval(script.source, keys.length, ...keys, ...args);
  }
}
