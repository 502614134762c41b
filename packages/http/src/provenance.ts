import type { ProvenanceRecord } from '@agentweb/core';

/**
 * A cache store that failed during a call (a shared store unreachable, restarting or slow). The call went on
 * without the cache: it was a miss, and nothing it fetched was stored.
 */
export interface CacheStoreFailure {
  /** What the client asked of the store. */
  operation: 'get' | 'store' | 'refresh';
  /**
   * The store error's `code` (`STATE_STORE_UNAVAILABLE` from the Redis stores), `CACHE_STORE_TIMEOUT` when the
   * store did not answer within the call's deadline, or `CACHE_STORE_FAILED` for an error without a code.
   */
  code: string;
  /** Why, in words (URL secrets withheld, at most 500 characters). */
  message: string;
}

/** Where a response came from. Every result of the client carries one. */
export interface HttpProvenance {
  /** The URL that was asked for. */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** URLs that answered with a redirect, in order (empty when there was none). */
  redirects: readonly string[];
  /** HTTP status of the final response. */
  status: number;
  /** The `Content-Type` header of the final response (empty string when absent). */
  contentType: string;
  /** Body size in bytes after decompression. */
  bytes: number;
  /** Lowercase hex SHA-256 of the decompressed body. */
  sha256: string;
  /** When the response was received from the network, as an ISO 8601 timestamp (for cache hits: originally). */
  fetchedAt: string;
  /** True when served from the client cache, including after a 304 revalidation. */
  fromCache: boolean;
  /** True when a stale cache entry was confirmed by a 304 answer to a conditional request. */
  revalidated: boolean;
  /** Milliseconds this call took. */
  elapsedMs: number;
  /** Present when the cache store failed during this call and the call went on without it. */
  cacheError?: CacheStoreFailure;
}

/** Converts HTTP provenance into the cross-package {@link ProvenanceRecord} of `@agentweb/core`. */
export function toProvenanceRecord(
  provenance: HttpProvenance,
  options: { ttl?: number } = {},
): ProvenanceRecord {
  const record: ProvenanceRecord = {
    mechanism: 'http',
    source: provenance.finalUrl,
    fetchedAt: provenance.fetchedAt,
    status: provenance.status,
    sha256: provenance.sha256,
  };
  if (options.ttl !== undefined) record.ttl = options.ttl;
  return record;
}
