import { type ApprovalStore, checkOptions, is } from '@agentweb/core';
import { LRUCache } from 'lru-cache';

/** Options of {@link createMemoryApprovalStore}. */
export interface MemoryApprovalStoreOptions {
  /** Most intent matches kept (default 1 000); the least recently used is forgotten first. */
  maxMatches?: number;
  /** Most actions waiting for the user's yes (default 1 000); the least recently proposed is forgotten first. */
  maxPending?: number;
  /** How long a match is kept after it was last read, and a proposed action waits, in ms (default one hour). */
  ttlMs?: number;
}

const DEFAULT_TTL_MS = 60 * 60 * 1000;

/** Scope and id as one map key that no two different pairs share. */
const entryKey = (scope: string, id: string) => JSON.stringify([scope, id]);

/**
 * An {@link ApprovalStore} in process memory: what the tools use when the client shares none. Match ids are
 * `match-1`, `match-2`, ... in this store. `consume` checks and removes in one synchronous step, so two calls racing
 * on one approval in this process get `true` once.
 */
export function createMemoryApprovalStore(options: MemoryApprovalStoreOptions = {}): ApprovalStore {
  checkOptions('createMemoryApprovalStore', options, {
    maxMatches: is.positiveInteger,
    maxPending: is.positiveInteger,
    ttlMs: is.positiveInteger,
  });
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const matches = new LRUCache<string, string>({
    max: options.maxMatches ?? 1_000,
    ttl,
    updateAgeOnGet: true,
  });
  const pending = new LRUCache<string, string>({ max: options.maxPending ?? 1_000, ttl });
  let next = 1;
  return {
    async putMatch(scope, record) {
      const id = `match-${next++}`;
      matches.set(entryKey(scope, id), record);
      return id;
    },
    async getMatch(scope, matchId) {
      return matches.get(entryKey(scope, matchId));
    },
    async propose(scope, subject, action) {
      const key = entryKey(scope, subject);
      // Delete first, so a proposal made again counts as the newest for the bound.
      pending.delete(key);
      pending.set(key, action);
    },
    async consume(scope, subject, action) {
      const key = entryKey(scope, subject);
      if (pending.get(key) !== action) return false;
      pending.delete(key);
      return true;
    },
  };
}
