import type { ReadonlyHeaders } from './readonly-headers.js';

/** The `Cache-Control` directives this package acts on. */
export interface CacheDirectives {
  /** `max-age` in seconds. */
  maxAge: number | undefined;
  /** `no-store`: never store. */
  noStore: boolean;
  /** `no-cache`: store, but revalidate before every use. */
  noCache: boolean;
  /** `private`: only a private cache may store it; a shared one (one store for many users) must not. */
  private: boolean;
  /** `s-maxage` in seconds: the lifetime for shared caches, which wins over `max-age` there. */
  sMaxAge: number | undefined;
}

/** Parses a `Cache-Control` header value (unknown directives are ignored, as RFC 9111 requires). */
export function parseCacheControl(value: string | null): CacheDirectives {
  const directives: CacheDirectives = {
    maxAge: undefined,
    noStore: false,
    noCache: false,
    private: false,
    sMaxAge: undefined,
  };
  if (!value) return directives;
  for (const part of value.split(',')) {
    const [rawName = '', rawValue] = part.split('=', 2);
    const name = rawName.trim().toLowerCase();
    if (name === 'no-store') directives.noStore = true;
    else if (name === 'no-cache') directives.noCache = true;
    else if (name === 'private') directives.private = true;
    else if (name === 'max-age' && rawValue !== undefined) directives.maxAge = deltaSeconds(rawValue);
    else if (name === 's-maxage' && rawValue !== undefined) directives.sMaxAge = deltaSeconds(rawValue);
  }
  return directives;
}

// A malformed delta makes the response stale (RFC 9111 §4.2.1), never fresh.
function deltaSeconds(rawValue: string): number {
  const seconds = Number.parseInt(rawValue.trim().replace(/^"|"$/g, ''), 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 0;
}

/** Statuses a cache may store without explicit freshness (RFC 9110 §15.1), minus those never final here. */
const HEURISTIC_STATUSES = new Set([200, 203, 204, 300, 404, 405, 410, 414, 501]);

/** Freshness settings used when a response gives none. */
export interface FreshnessDefaults {
  /** Lifetime in ms for cacheable responses without `max-age` or `Expires`. */
  heuristicTtlMs: number;
  /** Lifetime in ms for 404 and 410 responses without `max-age` or `Expires`. */
  negativeTtlMs: number;
}

/** How a response may be stored. */
export interface StoragePlan {
  /** Freshness lifetime in ms (0: stale at once, usable only after revalidation). */
  freshnessMs: number;
  /** Age the response already had when received (`Age` header), in ms. */
  initialAgeMs: number;
  /** `no-cache`: revalidate before every use. */
  mustRevalidate: boolean;
}

/**
 * Decides whether and how long a GET response may be stored: `undefined` when it must not be (no-store,
 * uncacheable status, or neither freshness nor validators to make storing it useful). A `shared` cache (one
 * store serving many users, RFC 9111 §3.5) also refuses `private` responses and prefers `s-maxage`.
 */
export function planStorage(
  status: number,
  headers: ReadonlyHeaders,
  defaults: FreshnessDefaults,
  now: number,
  shared = false,
): StoragePlan | undefined {
  if (!HEURISTIC_STATUSES.has(status)) return undefined;
  const directives = parseCacheControl(headers.get('cache-control'));
  if (directives.noStore) return undefined;
  if (shared && directives.private) return undefined;
  if (headers.get('vary')?.includes('*')) return undefined;
  const age = Number.parseInt(headers.get('age') ?? '', 10);
  const initialAgeMs = Number.isFinite(age) && age > 0 ? age * 1000 : 0;
  let freshnessMs: number;
  if (shared && directives.sMaxAge !== undefined) freshnessMs = directives.sMaxAge * 1000;
  else if (directives.maxAge !== undefined) freshnessMs = directives.maxAge * 1000;
  else if (headers.has('expires')) {
    const expires = Date.parse(headers.get('expires') ?? '');
    const date = Date.parse(headers.get('date') ?? '');
    freshnessMs = Number.isNaN(expires) ? 0 : Math.max(0, expires - (Number.isNaN(date) ? now : date));
  } else if (status === 404 || status === 410) freshnessMs = defaults.negativeTtlMs;
  else freshnessMs = defaults.heuristicTtlMs;
  const hasValidator = headers.has('etag') || headers.has('last-modified');
  if (directives.noCache || freshnessMs <= initialAgeMs) {
    if (!hasValidator) return undefined;
  }
  return { freshnessMs, initialAgeMs, mustRevalidate: directives.noCache } satisfies StoragePlan;
}
