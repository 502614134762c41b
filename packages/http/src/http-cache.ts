import { checkOptions } from '@agentweb/core';
import { LRUCache } from 'lru-cache';
import { planStorage } from './cache-control.js';
import { CACHE_OPTION_RULES } from './option-rules.js';
import type { ReadonlyHeaders } from './readonly-headers.js';

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
}

/** A response as stored. Treat every field as read-only: entries are shared by all callers. */
export interface CacheEntry {
  /** The request URL it answers. */
  readonly url: string;
  /** Stored status (200, 404, ...). */
  readonly status: number;
  /** Stored headers, updated by 304 revalidations. */
  headers: ReadonlyHeaders;
  /** Decoded body. */
  readonly bytes: Uint8Array;
  /** SHA-256 of `bytes`. */
  readonly sha256: string;
  /** The URL that answered, after redirects. */
  readonly finalUrl: string;
  /** Redirect hops on the way. */
  readonly redirects: readonly string[];
  /** When it was fetched from the network (ISO 8601). */
  readonly fetchedAt: string;
  /** Epoch ms when the response (or its last 304) was received. */
  responseTime: number;
  /** `Age` the response carried, in ms. */
  initialAgeMs: number;
  /** Freshness lifetime in ms. */
  freshnessMs: number;
  /** `no-cache`: revalidate before every use. */
  mustRevalidate: boolean;
  /** Request headers named by `Vary` (lowercase) and the values they had. */
  readonly vary: ReadonlyArray<readonly [string, string | null]>;
  /** Parsed forms, computed once and shared. */
  readonly memo: { json?: { value: unknown }; text?: string };
}

/** What the client hands to {@link HttpCache.store}. */
export interface StorableResponse {
  status: number;
  headers: ReadonlyHeaders;
  bytes: Uint8Array;
  sha256: string;
  finalUrl: string;
  redirects: readonly string[];
  fetchedAt: string;
}

/** Reads one request header (lowercase name) of the call being served. */
export type RequestHeaderReader = (name: string) => string | null;

// Per-entry bookkeeping (URL, headers, objects) counted against maxBytes besides the body itself.
const ENTRY_OVERHEAD = 512;

/**
 * A bounded, private HTTP cache implementing the subset of RFC 9111 the client needs: `max-age`, `Expires`,
 * `no-store`, `no-cache`, `Age`, `Vary`, validators for conditional requests, a heuristic TTL and negative
 * caching. One variant is kept per URL. Share an instance between clients to share entries (and note that
 * entries fetched under one client's address policy are then served to the others).
 */
export class HttpCache {
  /** Freshness for responses without explicit freshness, in ms. */
  readonly heuristicTtlMs: number;
  /** Freshness for 404/410 without explicit freshness, in ms. */
  readonly negativeTtlMs: number;
  readonly #entries: LRUCache<string, CacheEntry>;

  constructor(options: HttpCacheOptions = {}) {
    checkOptions('new HttpCache', options, CACHE_OPTION_RULES);
    this.heuristicTtlMs = options.heuristicTtlMs ?? 0;
    this.negativeTtlMs = options.negativeTtlMs ?? 30_000;
    this.#entries = new LRUCache<string, CacheEntry>({
      max: options.maxEntries ?? 1_000,
      maxSize: options.maxBytes ?? 32 * 1024 * 1024,
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
    return !entry.mustRevalidate && entry.initialAgeMs + (now - entry.responseTime) < entry.freshnessMs;
  }

  /** Seconds of freshness left (0 when stale), e.g. for a provenance TTL. */
  ttlSeconds(entry: CacheEntry, now: number = Date.now()): number {
    const left = entry.freshnessMs - entry.initialAgeMs - (now - entry.responseTime);
    return entry.mustRevalidate || left <= 0 ? 0 : Math.floor(left / 1000);
  }

  /** Stores a GET response when RFC 9111 (and these options) allow it; returns the entry, if stored. */
  store(
    url: string,
    response: StorableResponse,
    requestHeader?: RequestHeaderReader,
    now: number = Date.now(),
  ): CacheEntry | undefined {
    const plan = planStorage(response.status, response.headers, this, now);
    if (!plan) {
      this.#entries.delete(url);
      return undefined;
    }
    const varyHeader = response.headers.get('vary');
    const vary = varyHeader
      ? varyHeader
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name !== '')
          .map((name) => [name, requestHeader?.(name) ?? null] as const)
      : [];
    const entry: CacheEntry = { url, ...response, ...plan, responseTime: now, vary, memo: {} };
    this.#entries.set(url, entry);
    return this.#entries.get(url) === entry ? entry : undefined;
  }

  /** Applies a 304 answer to a stale entry (RFC 9111 §4.3.4): merges its headers and restarts freshness. */
  refresh(entry: CacheEntry, notModified: ReadonlyHeaders, now: number = Date.now()): CacheEntry {
    const headers = new Headers(entry.headers as Headers);
    for (const [name, value] of notModified) {
      if (name !== 'content-length' && name !== 'content-encoding' && name !== 'content-type') {
        headers.set(name, value);
      }
    }
    const plan = planStorage(entry.status, headers, this, now);
    entry.headers = headers;
    entry.responseTime = now;
    entry.initialAgeMs = plan?.initialAgeMs ?? 0;
    entry.freshnessMs = plan?.freshnessMs ?? 0;
    entry.mustRevalidate = plan?.mustRevalidate ?? true;
    if (!plan) this.#entries.delete(entry.url);
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
