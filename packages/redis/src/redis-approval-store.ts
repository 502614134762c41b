import { randomBytes } from 'node:crypto';
import { type ApprovalStore, checkOptions, is } from '@agentweb/core';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.js';
import { redisKey } from './redis-keys.js';
import { defineRedisScript } from './redis-script.js';

/** Default `ttlMs` of intent matches and pending approvals: one hour since last used. */
export const DEFAULT_APPROVAL_TTL_MS = 60 * 60 * 1000;

/** Settings of the Redis approval store, beyond the connection. */
export interface RedisApprovalStoreSettings {
  /**
   * How long an intent match is kept after it was last read, and a proposed action waits for the user's yes, in
   * ms (default one hour).
   */
  ttlMs?: number;
}

/** Options of {@link createRedisApprovalStore}: a connection (`url` or `client`) and the store's settings. */
export interface RedisApprovalStoreOptions extends RedisConnectionOptions, RedisApprovalStoreSettings {}

/** An approval store on Redis; `close()` closes the connection when the store opened it. */
export interface RedisApprovalStore extends ApprovalStore {
  /** Closes the connection the store opened from `url`; a caller's `client` is left open. */
  close(): Promise<void>;
}

/** Rules of {@link RedisApprovalStoreSettings}. */
export const REDIS_APPROVAL_STORE_RULES = { ttlMs: is.positiveInteger };

// Compare and delete in one step: of two instances racing on one approval exactly one sees it. A different action
// leaves the proposal alone.
const CONSUME = defineRedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1`);

/** Random match ids: instances mint them without talking to each other. 64 bits, within one user's scope. */
function newMatchId(): string {
  return `match-${randomBytes(8).toString('base64url')}`;
}

/** The store on an open connection; {@link createRedisState} shares one connection among its stores. */
export function approvalStoreOn(
  connection: RedisConnection,
  settings: RedisApprovalStoreSettings = {},
): RedisApprovalStore {
  // A TTL is not a timer: Redis takes any positive integer, so it is not clamped to setTimeout's range.
  const ttlMs = settings.ttlMs ?? DEFAULT_APPROVAL_TTL_MS;
  // One hash tag per scope (user): all of a user's approval keys share a Redis Cluster slot.
  const matchKey = (scope: string, id: string) =>
    redisKey(connection.keyPrefix, 'approval', { tag: scope }, 'match', id);
  const pendingKey = (scope: string, subject: string) =>
    redisKey(connection.keyPrefix, 'approval', { tag: scope }, 'pending', subject);

  return {
    async putMatch(scope, record) {
      // NX: a (vanishingly unlikely) repeated id never overwrites another match.
      for (;;) {
        const id = newMatchId();
        const stored = await connection.call('approvals.putMatch', (client) =>
          client.set(matchKey(scope, id), record, 'PX', ttlMs, 'NX'),
        );
        if (stored === 'OK') return id;
      }
    },
    async getMatch(scope, matchId) {
      const found = await connection.call('approvals.getMatch', (client) =>
        client.getex(matchKey(scope, matchId), 'PX', ttlMs),
      );
      return found ?? undefined;
    },
    async propose(scope, subject, action) {
      await connection.call('approvals.propose', (client) =>
        client.set(pendingKey(scope, subject), action, 'PX', ttlMs),
      );
    },
    async consume(scope, subject, action) {
      const consumed = await connection.call('approvals.consume', (client) =>
        CONSUME.run(client, [pendingKey(scope, subject)], [action]),
      );
      return consumed === 1;
    },
    close: () => connection.close(),
  };
}

/**
 * An {@link ApprovalStore} on Redis: the intent matches and one-time approvals behind `CONFIRMATION_REQUIRED`,
 * shared by every instance on the same Redis and `keyPrefix`, so a match made on one instance can be invoked on
 * another and an action shown on one can be confirmed on another, exactly once (`consume` is one Lua script).
 * Keys: `<keyPrefix>approval:{<scope>}:match:<id>` and `<keyPrefix>approval:{<scope>}:pending:<subject>`, each kept
 * `ttlMs`. Every call has the connection's deadline; Redis down gives `StateStoreError` and no approval.
 */
export function createRedisApprovalStore(options: RedisApprovalStoreOptions): RedisApprovalStore {
  checkOptions(
    'createRedisApprovalStore',
    options,
    { ...REDIS_CONNECTION_RULES, ...REDIS_APPROVAL_STORE_RULES },
    { optionsRequired: true },
  );
  const { ttlMs, ...connectionOptions } = options;
  return approvalStoreOn(
    openRedisConnection('createRedisApprovalStore', connectionOptions),
    ttlMs === undefined ? {} : { ttlMs },
  );
}
