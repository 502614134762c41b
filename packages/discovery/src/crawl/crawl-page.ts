import type { HttpClient } from '@agentweb/http';
import { type ExtractionPool, extractProductIdsOffThread } from '../page/extraction-pool.js';
import { provenanceFromHttp } from './crawl-records.js';
import type { CrawlRecord } from './crawl-types.js';

/** A crawl `product` record. */
export type CrawlProductRecord = Extract<CrawlRecord, { kind: 'product' }>;

/** Options of {@link crawlProductPage}. */
export interface CrawlProductPageOptions {
  /** HTTP client for the request. */
  http: HttpClient;
  /** The domain the record names (default: the URL's host). */
  domain?: string;
  /** User-Agent sent (default: the client's). */
  userAgent?: string;
  /** Aborts the fetch and the extraction. */
  signal?: AbortSignal;
  /** Largest page read, in bytes (default 8 MiB). */
  maxPageBytes?: number;
  /** Worker threads for large pages (default: the process-wide pool); `false` reads on the event loop. */
  extractionPool?: ExtractionPool | false;
  /** Pages at least this many characters long are read in the pool (default 256 Ki). */
  offThreadChars?: number;
  /** The domain's agent card URL, when known, for provenance. */
  agentCardUrl?: string;
  /** Passed to the client's call: `false` sends exactly one request (what a crawler in its host's turn wants). */
  retry?: false;
}

/**
 * Fetches one product page and reads its product identifiers into a `product` record with provenance. It neither
 * consults robots.txt nor spaces requests: `crawl` (or a distributed crawl worker) calls it in the host's turn,
 * once robots.txt allowed the URL. Rejects with the client's typed error when the page cannot be read.
 */
export async function crawlProductPage(
  url: string,
  options: CrawlProductPageOptions,
): Promise<CrawlProductRecord> {
  const result = await options.http.getText(url, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.userAgent ? { headers: { 'user-agent': options.userAgent } } : {}),
    ...(options.retry === false ? { retry: false } : {}),
    maxBodyBytes: options.maxPageBytes ?? 8 * 1024 * 1024,
    accept: 'text/html, application/xhtml+xml;q=0.9',
  });
  // A large page is read in a worker thread, so it does not stall other work (or the host app).
  const extraction = await extractProductIdsOffThread(result.text, {
    baseUrl: result.provenance.finalUrl,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.extractionPool === undefined ? {} : { pool: options.extractionPool }),
    ...(options.offThreadChars === undefined ? {} : { offThreadChars: options.offThreadChars }),
  });
  return {
    kind: 'product',
    domain: options.domain ?? new URL(url).host,
    url,
    extraction,
    provenance: provenanceFromHttp(result.provenance, options.agentCardUrl),
  };
}
