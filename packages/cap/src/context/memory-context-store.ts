import { checkOptions, is } from '@agentweb/core';
import { LRUCache } from 'lru-cache';
import { checkContextId, checkKey, keyString } from './check-key.js';
import { inProcessContextLock } from './context-lock.js';
import type { ContextStore } from './context-store.js';
import { GenerationTable } from './generation-table.js';

/** Options of {@link createMemoryContextStore}. */
export interface MemoryContextStoreOptions {
  /** Most (user, merchant) pairs kept; the least recently used is forgotten first. Default 10000. */
  maxEntries?: number;
  /**
   * Longest wait for a key's context-creation lock (`lock`), in ms (default 20 000); past it the waiting call fails
   * with `ContextLockTimeoutError` and sends nothing.
   */
  lockWaitMs?: number;
}

/**
 * A context store in process memory, bounded so a long-running multi-user agent cannot grow without limit;
 * an evicted context only costs the merchant's personalisation for that user, who gets a new contextId. It has
 * `read` and `setIfGeneration`, so a consent revocation is never undone by a late answer, and `lock`, so concurrent
 * first calls of one user at one merchant share one context (single flight within this process).
 */
export function createMemoryContextStore(options: MemoryContextStoreOptions = {}): ContextStore {
  checkOptions('createMemoryContextStore', options, {
    maxEntries: is.positiveInteger,
    lockWaitMs: is.timerMs,
  });
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new LRUCache<string, string>({ max: maxEntries });
  const generations = new GenerationTable(maxEntries);
  return {
    async get(key) {
      return cache.get(keyString(checkKey(key)));
    },
    async set(key, contextId) {
      const id = keyString(checkKey(key));
      cache.set(id, checkContextId(contextId));
      generations.advance(id);
    },
    async delete(key) {
      const id = keyString(checkKey(key));
      cache.delete(id);
      generations.advance(id);
    },
    async read(key) {
      const id = keyString(checkKey(key));
      return { contextId: cache.get(id), generation: generations.of(id) };
    },
    async setIfGeneration(key, contextId, generation) {
      const id = keyString(checkKey(key));
      checkContextId(contextId);
      if (generations.of(id) !== generation) return false;
      cache.set(id, contextId);
      return true;
    },
    lock: inProcessContextLock(options.lockWaitMs),
  };
}
