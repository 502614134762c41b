import { isAgentWebError } from '@agentweb/core';
import type { HttpProvenance } from '@agentweb/http';
import type { CrawlProvenance, CrawlRecord } from './crawl-types.js';

/** A crawl `error` record. */
export type CrawlErrorRecord = Extract<CrawlRecord, { kind: 'error' }>;

/** Provenance of a record made from an HTTP answer. */
export function provenanceFromHttp(http: HttpProvenance, agentCardUrl: string | undefined): CrawlProvenance {
  return {
    sourceUrl: http.finalUrl,
    fetchedAt: http.fetchedAt,
    status: http.status,
    sha256: http.sha256,
    ...(agentCardUrl !== undefined ? { agentCardUrl } : {}),
  };
}

/** Provenance of a record made from a resolver's provenance record. */
export function provenanceFromRecord(
  record: { source: string; fetchedAt: string; status?: number; sha256?: string },
  agentCardUrl: string,
): CrawlProvenance {
  return {
    sourceUrl: record.source,
    fetchedAt: record.fetchedAt,
    ...(record.status !== undefined ? { status: record.status } : {}),
    ...(record.sha256 !== undefined ? { sha256: record.sha256 } : {}),
    agentCardUrl,
  };
}

/**
 * The `error` record for a failed step: the error's code (`CRAWL_FAILED` for one that is not an AgentWeb error),
 * its message and, when a URL is known, provenance naming it (with the HTTP status when the error has one).
 */
export function crawlErrorRecord(
  domain: string,
  stage: CrawlErrorRecord['stage'],
  error: unknown,
  agentCardUrl?: string,
  url?: string,
): CrawlErrorRecord {
  const code = isAgentWebError(error) ? error.code : 'CRAWL_FAILED';
  const message = error instanceof Error ? error.message : String(error);
  const status =
    typeof (error as { status?: unknown })?.status === 'number'
      ? (error as { status: number }).status
      : undefined;
  const target = url ?? (error as { url?: unknown })?.url;
  const record: CrawlErrorRecord = { kind: 'error', domain, stage, code, message };
  if (typeof target === 'string' && target !== '') {
    record.url = target;
    record.provenance = {
      sourceUrl: target,
      fetchedAt: new Date().toISOString(),
      ...(status !== undefined ? { status } : {}),
      ...(agentCardUrl !== undefined ? { agentCardUrl } : {}),
    };
  }
  return record;
}
