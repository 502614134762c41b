import { type FreshnessDefaults, planStorage } from './cache-control.js';
import type { ReadonlyHeaders } from './readonly-headers.js';

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

/** What the client hands to a cache store's `store`. */
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

/** How a store plans its entries: freshness defaults, and whether it serves many users (RFC 9111 §3.5). */
export interface CachePolicy extends FreshnessDefaults {
  /**
   * A shared store (one cache for many users or instances) refuses `Cache-Control: private` responses and uses
   * `s-maxage` over `max-age`; a private one (the in-memory `HttpCache`) does neither.
   */
  shared?: boolean;
}

/**
 * The entry a store keeps for a GET response, or `undefined` when RFC 9111 (and `policy`) do not allow storing it.
 * Every store builds its entries with this, so they share one set of storage and freshness rules.
 */
export function createCacheEntry(
  url: string,
  response: StorableResponse,
  policy: CachePolicy,
  requestHeader: RequestHeaderReader | undefined,
  now: number,
): CacheEntry | undefined {
  const plan = planStorage(response.status, response.headers, policy, now, policy.shared ?? false);
  if (!plan) return undefined;
  const varyHeader = response.headers.get('vary');
  const vary = varyHeader
    ? varyHeader
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== '')
        .map((name) => [name, requestHeader?.(name) ?? null] as const)
    : [];
  return { url, ...response, ...plan, responseTime: now, vary, memo: {} };
}

/** True when the request headers `Vary` names have the values the stored response was fetched with. */
export function cacheEntryMatches(
  entry: CacheEntry,
  requestHeader: RequestHeaderReader | undefined,
): boolean {
  for (const [name, value] of entry.vary) {
    if ((requestHeader?.(name) ?? null) !== value) return false;
  }
  return true;
}

/** True when `entry` may be used without revalidation. */
export function isCacheEntryFresh(entry: CacheEntry, now: number): boolean {
  return !entry.mustRevalidate && entry.initialAgeMs + (now - entry.responseTime) < entry.freshnessMs;
}

/** Seconds of freshness left (0 when stale). */
export function cacheEntryTtlSeconds(entry: CacheEntry, now: number): number {
  const left = entry.freshnessMs - entry.initialAgeMs - (now - entry.responseTime);
  return entry.mustRevalidate || left <= 0 ? 0 : Math.floor(left / 1000);
}

/** What a 304 answer changes in a stored entry (RFC 9111 §4.3.4). */
export interface RevalidatedFields {
  /** The stored headers with the 304's merged in. */
  headers: Headers;
  /** When the 304 arrived. */
  responseTime: number;
  /** `Age` of the 304, in ms. */
  initialAgeMs: number;
  /** The new freshness lifetime, in ms. */
  freshnessMs: number;
  /** `no-cache` after the merge. */
  mustRevalidate: boolean;
  /** False when the merged headers no longer allow storing the entry (`no-store` in the 304): drop it. */
  storable: boolean;
}

/** Merges a 304's headers into a stale entry's (not its body's framing headers) and restarts freshness. */
export function revalidatedFields(
  entry: CacheEntry,
  notModified: ReadonlyHeaders,
  policy: CachePolicy,
  now: number,
): RevalidatedFields {
  const headers = new Headers(entry.headers as Headers);
  for (const [name, value] of notModified) {
    if (name !== 'content-length' && name !== 'content-encoding' && name !== 'content-type') {
      headers.set(name, value);
    }
  }
  const plan = planStorage(entry.status, headers, policy, now, policy.shared ?? false);
  return {
    headers,
    responseTime: now,
    initialAgeMs: plan?.initialAgeMs ?? 0,
    freshnessMs: plan?.freshnessMs ?? 0,
    mustRevalidate: plan?.mustRevalidate ?? true,
    storable: plan !== undefined,
  };
}
