import type { ParsedAgentCard } from '@agentweb/agentcard';
import { checkOptions, is } from '@agentweb/core';
import { LRUCache } from 'lru-cache';
import type { A2AWarning } from './warnings.js';

/** A validated card as the cache holds it: frozen, so every client sharing it sees the same bytes. */
export interface CachedCard {
  /** The card JSON (deep-frozen). */
  readonly card: unknown;
  /** `parseAgentCard(card)` (deep-frozen). */
  readonly parsed: ParsedAgentCard;
  /** The URL that answered (the legacy `agent.json` path when the fallback was used). */
  readonly url: string;
  /**
   * What the lenient reader repaired to validate the card (`parsed` is then of the repaired copy); empty or absent
   * when the card was valid as received. A strict client validates `card` itself instead.
   */
  readonly warnings?: readonly A2AWarning[];
}

/** Options of {@link createCardCache}. */
export interface CardCacheOptions {
  /** Most cards kept; the least recently used is dropped first (default 256). */
  maxEntries?: number;
  /** Lifetime of a card whose response has no `Cache-Control: max-age`, ms (default 5 minutes). */
  defaultTtlMs?: number;
  /** Shortest lifetime, ms, applied to small `max-age` values (default 0: `max-age=0` is not stored). */
  minTtlMs?: number;
  /** Longest lifetime, ms, applied to large `max-age` values (default 1 hour). */
  maxTtlMs?: number;
  /** Clock in epoch ms (default `Date.now`); inject one to test expiry. */
  now?: () => number;
}

/**
 * A bounded cache of validated agent cards keyed by the URL asked for, with single-flight fetching. Pass one
 * instance as `cardCache` to many `createA2AClient` calls and the card of an agent is fetched and validated
 * once per lifetime, however many clients are made.
 */
export interface CardCache {
  /** A fresh entry for `key`, or undefined. */
  get(key: string): CachedCard | undefined;
  /**
   * The fresh entry for `key`, else the result of `load`, which runs once for concurrent callers; its
   * `ttlMs` (before clamping; `undefined` for the default, `null` for "do not store") decides the lifetime.
   */
  getOrLoad(
    key: string,
    load: () => Promise<{ entry: CachedCard; ttlMs: number | null | undefined }>,
  ): Promise<CachedCard>;
  /** Forgets `key` (or everything). */
  delete(key?: string): void;
  /** Number of entries held (fresh or not yet evicted). */
  readonly size: number;
}

const DEFAULT_MAX_ENTRIES = 256;
const DEFAULT_TTL_MS = 5 * 60_000;
const DEFAULT_MAX_TTL_MS = 60 * 60_000;

/** Creates a {@link CardCache}. */
export function createCardCache(options: CardCacheOptions = {}): CardCache {
  checkOptions('createCardCache', options, {
    maxEntries: is.positiveInteger,
    defaultTtlMs: is.nonNegativeNumber,
    minTtlMs: is.nonNegativeNumber,
    maxTtlMs: is.nonNegativeNumber,
    now: is.function,
  });
  const maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  const defaultTtlMs = options.defaultTtlMs ?? DEFAULT_TTL_MS;
  const minTtlMs = options.minTtlMs ?? 0;
  const maxTtlMs = options.maxTtlMs ?? DEFAULT_MAX_TTL_MS;
  const now = options.now ?? Date.now;
  // lru-cache bounds the entries and expires each after its own ttl. ttlResolution 0 reads the clock on
  // every get (no cached "now"), and the clock is shifted by 1 ms because lru-cache takes an entry stored
  // at time 0 for one without a ttl, which an injected clock starting at 0 would otherwise hit.
  const entries = new LRUCache<string, CachedCard>({
    max: maxEntries,
    perf: { now: () => now() + 1 },
    ttlResolution: 0,
  });
  const flights = new Map<string, Promise<CachedCard>>();

  const get = (key: string): CachedCard | undefined => entries.get(key);

  const store = (key: string, value: CachedCard, ttlMs: number | null | undefined): void => {
    if (ttlMs === null) return;
    const lifetime = Math.min(maxTtlMs, Math.max(minTtlMs, ttlMs ?? defaultTtlMs));
    if (!(lifetime > 0)) return;
    entries.set(key, value, { ttl: lifetime });
  };

  return {
    get,
    getOrLoad(key, load) {
      const hit = get(key);
      if (hit) return Promise.resolve(hit);
      let flight = flights.get(key);
      if (!flight) {
        flight = load().then(({ entry, ttlMs }) => {
          store(key, entry, ttlMs);
          return entry;
        });
        flights.set(key, flight);
        const done = () => flights.delete(key);
        flight.then(done, done);
      }
      return flight;
    },
    delete(key) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
