import type { AgentProfile } from '@agentweb/agentcard';
import type { ProgressListener, ProvenanceRecord } from '@agentweb/core';
import type { HttpClient } from '@agentweb/http';
import type { ExtractionPool } from '../page/extraction-pool.js';
import type { ProductIdExtraction } from '../page/product-types.js';
import type { ResolverOptions } from '../resolve/resolver-options.js';
import type { RobotsOutcome, RobotsPolicy } from '../robots/robots-policy.js';
import type { CrawlHostGate } from './host-gate.js';

/** Where a crawl record's data came from. */
export interface CrawlProvenance {
  /** The URL fetched (the card URL for agents, the page URL for products). */
  sourceUrl: string;
  /** When it was fetched (ISO 8601). */
  fetchedAt: string;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Lowercase hex SHA-256 of the body, when there was one. */
  sha256?: string;
  /** The agent card URL of the domain, once known. */
  agentCardUrl?: string;
}

/** What an injected resolver returns (a `createResolver().resolve` result fits). */
export interface CrawlResolved {
  /** The agent's normalized profile. */
  profile: AgentProfile;
  /** Where the card came from: `source` is the card URL. */
  provenance: ProvenanceRecord;
}

/** Finds a domain's agent; `createResolver().resolve` has this shape. */
export type CrawlResolveFunction = (
  domain: string,
  options: { signal?: AbortSignal },
) => Promise<CrawlResolved>;

/** One record of the crawl index. Every record names its domain and carries provenance. */
export type CrawlRecord =
  | {
      /** The origin's robots.txt and how it applies. */
      kind: 'robots';
      domain: string;
      outcome: RobotsOutcome;
      /** Crawl-delay (seconds) for this crawler, when set. */
      crawlDelaySeconds?: number;
      provenance: CrawlProvenance;
    }
  | {
      /** The domain's agent card. */
      kind: 'agent';
      domain: string;
      /** How it was found: `well-known` or the injected resolver's mechanism. */
      mechanism: string;
      profile: AgentProfile;
      provenance: CrawlProvenance;
    }
  | {
      /** `/.well-known/cap/categories.txt`. */
      kind: 'categories';
      domain: string;
      text: string;
      format: 'text' | 'markdown';
      provenance: CrawlProvenance;
    }
  | {
      /** One product page and the identifiers read from it. */
      kind: 'product';
      domain: string;
      url: string;
      extraction: ProductIdExtraction;
      provenance: CrawlProvenance;
    }
  | {
      /** Something could not be read; the crawl goes on. */
      kind: 'error';
      domain: string;
      /** Which step failed. */
      stage: 'domain' | 'robots' | 'agent' | 'categories' | 'product';
      /** `ROBOTS_DISALLOWED`, `AGENT_NOT_FOUND`, `CATEGORIES_NOT_FOUND`, an HTTP error code, ... */
      code: string;
      message: string;
      /** The URL concerned, when there was one. */
      url?: string;
      provenance?: CrawlProvenance;
    };

/** Options of `crawl`. */
export interface CrawlOptions {
  /** HTTP client for every request. The crawler sends its own User-Agent on each call. */
  http: HttpClient;
  /** Domains crawled at once (default 4). Requests to one host never overlap. */
  concurrency?: number;
  /** Least time between two requests to one host, in ms (default 1000); robots.txt Crawl-delay raises it. */
  perHostDelayMs?: number;
  /** Cap on a robots.txt Crawl-delay, in ms (default 30 000), so one file cannot stall the crawl. */
  maxCrawlDelayMs?: number;
  /** Called after each domain finishes; errors it throws are ignored. */
  onProgress?: ProgressListener;
  /** Stops the crawl: remaining domains end with `error` records, the iteration then finishes. */
  signal?: AbortSignal;
  /** User-Agent sent with every request and matched against robots.txt (default `AgentWebCrawler/0.1`). */
  userAgent?: string;
  /**
   * Finds a domain's agent (inject to share a resolver or to test). Default: `createResolver(resolverOptions)`
   * for this crawl, whose fetches go through `http` and obey robots.txt, the per-host delay and `userAgent`.
   */
  resolve?: CrawlResolveFunction;
  /**
   * Options of the default resolver (ignored with `resolve`): e.g. `dns`, `mechanisms`, `timeoutMs`. Its
   * `defaultScheme` follows `scheme`, and it accepts `http:` only when `scheme` is `http`.
   */
  resolverOptions?: Omit<ResolverOptions, 'http'>;
  /** Product page URLs to read for a domain (a map by domain, or a function). */
  productPages?: Readonly<Record<string, readonly string[]>> | ((domain: string) => readonly string[]);
  /** Robots policy to share between crawls (default: a new one for this crawl, using `http` and `userAgent`). */
  robots?: RobotsPolicy;
  /**
   * Spaces requests per host (default: a new in-process {@link HostGate} for this crawl). Give one shared by many
   * crawls or processes (`createRedisHostGate` of `@agentweb/redis`) so Crawl-delay holds across all of them.
   */
  hostGate?: CrawlHostGate;
  /** Scheme for bare domains (default `https`; `http` only for tests and local hosts). */
  scheme?: 'https' | 'http';
  /** Largest product page read, in bytes (default 8 MiB). */
  maxPageBytes?: number;
  /**
   * Worker threads that read large product pages (default: the process-wide `sharedExtractionPool()`);
   * `false` reads every page on the event loop. A page that fails there becomes an `error` record
   * (`EXTRACTION_TIMEOUT`, `EXTRACTION_WORKER_FAILED`).
   */
  extractionPool?: ExtractionPool | false;
  /** Pages at least this many characters long are read in the pool (default 256 Ki). */
  offThreadChars?: number;
}
