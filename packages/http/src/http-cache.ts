import { checkOptions } from '@agentweb/core';
import { LRUCache } from 'lru-cache';
import {
  type CacheEntry,
  cacheEntryTtlSeconds,
  createCacheEntry,
  isCacheEntryFresh,
  type RequestHeaderReader,
  revalidatedFields,
  type StorableResponse,
} from './cache-entry.js';
import type { HttpCacheStore } from './http-cache-store.js';
import { CACHE_OPTION_RULES } from './option-rules.js';
import type { ReadonlyHeaders } from './readonly-headers.js';

export type { CacheEntry, RequestHeaderReader, StorableResponse } from './cache-entry.js';

/** Options of {@link HttpCache}. */
export interface HttpCacheOptions {
  /** Most entries kept (default 1 000). */
  maxEntries?: number;
  /** Most body bytes kept, all entries together (default 32 MiB); least recently used entries go first. */
  maxBytes?: number;
  /** Freshness in ms for responses with neither `max-age` nor `Expires` (default 0: revalidate every use). */
  heuristicTtlMs?: number;
  /** Freshness in ms for 404 and 410 responses with neither `max-age` nor `Expires` (default 30 000). */
  negativeTtlMs?: number;
  /**
   * Largest entry kept, in bytes: body plus a fixed bookkeeping overhead (default: `maxBytes`). A larger
   * response is served but not stored.
   */
  maxEntryBytes?: number;
}

// Per-entry bookkeeping (URL, headers, objects) counted against maxBytes besides the body itself.
const ENTRY_OVERHEAD = 512;

/**
 * A bounded, private HTTP cache implementing the subset of RFC 9111 the client needs: `max-age`, `Expires`,
 * `no-store`, `no-cache`, `Age`, `Vary`, validators for conditional requests, a heuristic TTL and negative
 * caching. One variant is kept per URL. Share an instance between clients to share entries (and note that
 * entries fetched under one client's address policy are then served to the others). It answers synchronously;
 * the client awaits nothing on its hot path.
 */
export class HttpCache implements HttpCacheStore {
  /** Freshness for responses without explicit freshness, in ms. */
  readonly heuristicTtlMs: number;
  /** Freshness for 404/410 without explicit freshness, in ms. */
  readonly negativeTtlMs: number;
  readonly #entries: LRUCache<string, CacheEntry>;

  constructor(options: HttpCacheOptions = {}) {
    checkOptions('new HttpCache', options, CACHE_OPTION_RULES);
    this.heuristicTtlMs = options.heuristicTtlMs ?? 0;
    this.negativeTtlMs = options.negativeTtlMs ?? 30_000;
    const maxSize = options.maxBytes ?? 32 * 1024 * 1024;
    this.#entries = new LRUCache<string, CacheEntry>({
      max: options.maxEntries ?? 1_000,
      maxSize,
      maxEntrySize: Math.min(options.maxEntryBytes ?? maxSize, maxSize),
      sizeCalculation: (entry) => entry.bytes.byteLength + ENTRY_OVERHEAD,
    });
  }

  /** Entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes accounted (bodies plus a fixed per-entry overhead). */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** The entry for `url` whose `Vary` headers match this request, fresh or stale. */
  get(url: string, requestHeader?: RequestHeaderReader): CacheEntry | undefined {
    const entry = this.#entries.get(url);
    if (!entry || entry.vary.length === 0) return entry;
    for (const [name, value] of entry.vary) {
      if ((requestHeader?.(name) ?? null) !== value) return undefined;
    }
    return entry;
  }

  /** True when `entry` may be used without revalidation. */
  isFresh(entry: CacheEntry, now: number = Date.now()): boolean {
    return isCacheEntryFresh(entry, now);
  }

  /** Seconds of freshness left (0 when stale), e.g. for a provenance TTL. */
  ttlSeconds(entry: CacheEntry, now: number = Date.now()): number {
    return cacheEntryTtlSeconds(entry, now);
  }

  /** Stores a GET response when RFC 9111 (and these options) allow it; returns the entry, if stored. */
  store(
    url: string,
    response: StorableResponse,
    requestHeader?: RequestHeaderReader,
    now: number = Date.now(),
  ): CacheEntry | undefined {
    const entry = createCacheEntry(url, response, this, requestHeader, now);
    if (!entry) {
      this.#entries.delete(url);
      return undefined;
    }
    this.#entries.set(url, entry);
    return this.#entries.get(url) === entry ? entry : undefined;
  }

  /** Applies a 304 answer to a stale entry (RFC 9111 §4.3.4): merges its headers and restarts freshness. */
  refresh(entry: CacheEntry, notModified: ReadonlyHeaders, now: number = Date.now()): CacheEntry {
    // In place: callers holding this entry (and its shared memo) see the new freshness too.
    const { storable, ...fields } = revalidatedFields(entry, notModified, this, now);
    Object.assign(entry, fields);
    if (!storable) this.#entries.delete(entry.url);
    return entry;
  }

  /** Drops the entry for `url`. */
  delete(url: string): boolean {
    return this.#entries.delete(url);
  }

  /** Drops everything. */
  clear(): void {
    this.#entries.clear();
  }
}
