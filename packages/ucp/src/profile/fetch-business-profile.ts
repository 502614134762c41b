import { type HttpClient, parseCacheControl } from '@agentweb/http';
import { UcpDocumentError } from '../ucp-errors.js';
import { parseBusinessProfile } from './parse-business-profile.js';
import { type CachedProfile, type ProfileCache, profileTtlMs } from './profile-cache.js';

/** Largest business profile read (profiles are small; a larger answer is refused by the HTTP client). */
export const MAX_PROFILE_BYTES = 256 * 1024;

/** Options of {@link fetchBusinessProfile}. */
export interface FetchProfileOptions {
  /** The HTTP client (deadline, caps, SSRF guard, retries of reads). */
  http: HttpClient;
  /** Profile URL (`https://shop.example/.well-known/ucp`, or a `supported_versions` URL). */
  url: string;
  /** Refuse on any warning. */
  strict?: boolean;
  /** Aborts the fetch. */
  signal?: AbortSignal;
  /** Deadline in ms (default: the HTTP client's). */
  timeoutMs?: number;
  /** Where profiles are kept; fresh entries are used without a request. */
  cache?: ProfileCache;
  /** Clock (tests). */
  now?: () => number;
}

/** The profile URL of a business: `https://<domain>/.well-known/ucp` (or the given base URL's origin). */
export function businessProfileUrl(business: string, allowHttp = false): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(business) ? business : `https://${business}`;
  const url = new URL(withScheme);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new UcpDocumentError({
      kind: 'business-profile',
      source: business,
      issues: [{ path: '', message: 'a business profile is fetched over https only' }],
    });
  }
  return `${url.origin}/.well-known/ucp`;
}

/**
 * Fetches and reads a business profile: over the HTTP client (https unless it allows http, SSRF guard, whole-call
 * deadline, retries of this read with Retry-After honoured), no redirects followed (the spec forbids them), at most
 * {@link MAX_PROFILE_BYTES}, and kept in `cache` for its `max-age`, at least 60 s. Rejects with `UcpDocumentError`
 * for a document it cannot use, and with the HTTP client's errors for the fetch.
 */
export async function fetchBusinessProfile(options: FetchProfileOptions): Promise<CachedProfile> {
  const now = options.now ?? Date.now;
  const cached = options.cache?.get(options.url);
  if (cached) return cached;
  const result = await options.http.getJson(options.url, {
    redirect: 'error',
    maxBodyBytes: MAX_PROFILE_BYTES,
    // This module keeps profiles itself, with the spec's 60 s floor.
    cache: false,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const read = parseBusinessProfile(result.data, {
    strict: options.strict ?? false,
    source: options.url,
    allowHttp: options.http.allowsHttp,
  });
  const entry: CachedProfile = {
    profile: read.value,
    warnings: read.warnings,
    url: options.url,
    expiresAt: now() + profileTtlMs(parseCacheControl(result.headers.get('cache-control'))),
  };
  if (entry.expiresAt > now()) options.cache?.set(entry);
  return entry;
}
