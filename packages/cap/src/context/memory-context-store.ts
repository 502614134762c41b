import { checkOptions, is } from '@agentweb/core';
import { LRUCache } from 'lru-cache';
import { checkContextId, checkKey, keyString } from './check-key.js';
import type { ContextStore } from './context-store.js';

/** Options of {@link createMemoryContextStore}. */
export interface MemoryContextStoreOptions {
  /** Most (user, merchant) pairs kept; the least recently used is forgotten first. Default 10000. */
  maxEntries?: number;
}

/**
 * A context store in process memory, bounded so a long-running multi-user agent cannot grow without limit;
 * an evicted context only costs the merchant's personalisation for that user, who gets a new contextId.
 */
export function createMemoryContextStore(options: MemoryContextStoreOptions = {}): ContextStore {
  checkOptions('createMemoryContextStore', options, { maxEntries: is.positiveInteger });
  const cache = new LRUCache<string, string>({ max: options.maxEntries ?? 10_000 });
  return {
    async get(key) {
      return cache.get(keyString(checkKey(key)));
    },
    async set(key, contextId) {
      cache.set(keyString(checkKey(key)), checkContextId(contextId));
    },
    async delete(key) {
      cache.delete(keyString(checkKey(key)));
    },
  };
}
