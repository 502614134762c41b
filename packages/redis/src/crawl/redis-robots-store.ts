import { checkOptions, is } from '@agentweb/core';
import type { RobotsStore, StoredRobotsRecord } from '@agentweb/discovery';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from '../redis-connection.js';
import { robotsKey } from './crawl-keys.js';

/** Options of {@link createRedisRobotsStore}. */
export interface RedisRobotsStoreOptions extends RedisConnectionOptions {
  /**
   * Largest record kept, in bytes of JSON (default 640 KiB: a robots.txt is parsed up to 500 KiB). A bigger one is
   * not shared (its policy still uses it), so one hostile file cannot take more than this in Redis.
   */
  maxRecordBytes?: number;
}

/** A {@link RobotsStore} on Redis that can also close its connection. */
export interface RedisRobotsStore extends RobotsStore {
  /** Closes the connection when the store opened it. */
  close(): Promise<void>;
}

const OUTCOMES = new Set(['parsed', 'unavailable', 'unreachable']);

/** The stored JSON as a record, or undefined for anything that is not one (a foreign or damaged value). */
function parseStored(raw: string, origin: string): StoredRobotsRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Partial<StoredRobotsRecord>;
  if (
    record.origin !== origin ||
    typeof record.sourceUrl !== 'string' ||
    typeof record.fetchedAt !== 'string' ||
    typeof record.expiresAt !== 'number' ||
    !OUTCOMES.has(String(record.outcome)) ||
    (record.text !== undefined && typeof record.text !== 'string')
  )
    return undefined;
  return record as StoredRobotsRecord;
}

/** A robots store on an open connection (the connection is the caller's). */
export function robotsStoreOn(
  connection: RedisConnection,
  options: { maxRecordBytes?: number } = {},
): RedisRobotsStore {
  const maxBytes = options.maxRecordBytes ?? 640 * 1024;
  return {
    async get(origin) {
      const raw = await connection.call('crawl.robots.get', (client) =>
        client.get(robotsKey(connection.keyPrefix, origin)),
      );
      if (raw === null) return undefined;
      const record = parseStored(raw, origin);
      return record !== undefined && record.expiresAt > Date.now() ? record : undefined;
    },
    async set(record) {
      const ttl = Math.round(record.expiresAt - Date.now());
      if (ttl <= 0) return;
      const json = JSON.stringify(record);
      if (Buffer.byteLength(json) > maxBytes) return;
      await connection.call('crawl.robots.set', (client) =>
        client.set(robotsKey(connection.keyPrefix, record.origin), json, 'PX', ttl),
      );
    },
    close: () => connection.close(),
  };
}

/**
 * A robots.txt store on Redis, for `createRobotsPolicy`'s `store` option: every policy on the same Redis and key
 * prefix reads an origin's record there before fetching, so a fleet of crawlers fetches each robots.txt once per
 * TTL. Each record expires with its own TTL (at most 24 h, RFC 9309 §2.4).
 *
 * @throws InvalidOptionError for options that do not fit.
 */
export function createRedisRobotsStore(options: RedisRobotsStoreOptions): RedisRobotsStore {
  checkOptions(
    'createRedisRobotsStore',
    options,
    { ...REDIS_CONNECTION_RULES, maxRecordBytes: is.positiveInteger },
    { optionsRequired: true },
  );
  const { maxRecordBytes, ...connectionOptions } = options;
  return robotsStoreOn(openRedisConnection('createRedisRobotsStore', connectionOptions), {
    ...(maxRecordBytes === undefined ? {} : { maxRecordBytes }),
  });
}
