import type { ProvenanceRecord } from '@agentweb/core';

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
