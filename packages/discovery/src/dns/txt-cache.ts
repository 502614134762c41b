import { LRUCache } from 'lru-cache';
import type { TxtLookupResult } from './dns-types.js';

/** A cached lookup, without the per-call fields. */
export type CachedLookup = Omit<TxtLookupResult, 'fromCache' | 'elapsedMs' | 'ttl'>;

interface Entry {
  lookup: CachedLookup;
  /** Clock value (ms) after which the entry is stale. */
  expiresAt: number;
}

/**
 * Bounded LRU of lookups keyed by normalised name. Expiry is checked against an injectable clock rather than
 * lru-cache's own TTL timers, so tests can step time and no timers keep the process alive.
 */
export class TxtCache {
  readonly #entries: LRUCache<string, Entry>;
  readonly #now: () => number;

  constructor(maxEntries: number, now: () => number) {
    this.#entries = new LRUCache<string, Entry>({ max: Math.max(1, maxEntries) });
    this.#now = now;
  }

  /** The fresh entry for `key` with its remaining lifetime in whole seconds (rounded up), or undefined. */
  get(key: string): { lookup: CachedLookup; ttl: number } | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    const left = entry.expiresAt - this.#now();
    if (left <= 0) {
      this.#entries.delete(key);
      return undefined;
    }
    return { lookup: entry.lookup, ttl: Math.ceil(left / 1000) };
  }

  /** Stores `lookup` for `ttlSeconds`; a lifetime of 0 stores nothing. */
  set(key: string, lookup: CachedLookup, ttlSeconds: number): void {
    if (ttlSeconds <= 0) return;
    this.#entries.set(key, { lookup, expiresAt: this.#now() + ttlSeconds * 1000 });
  }

  /** Drops every entry. */
  clear(): void {
    this.#entries.clear();
  }

  /** Number of entries held (fresh or not yet noticed stale). */
  get size(): number {
    return this.#entries.size;
  }
}
