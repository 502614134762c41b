/** How the storefronts treat crawlers (all merchants alike). */
export interface SandboxCrawlingOptions {
  /** `Crawl-delay` (seconds) in every robots.txt, for every crawler; arrivals closer than this count as violations. */
  crawlDelaySeconds?: number;
  /** Delay before each storefront answer (pages, robots.txt, well-known files), uniform in [minMs, maxMs]. */
  pageLatency?: { minMs: number; maxMs: number };
}

/** What one merchant's storefront saw of crawlers: every request except the A2A endpoint's. */
export interface MerchantCrawlStats {
  /** Storefront requests (pages, robots.txt, sitemap, well-known files). */
  requests: number;
  /** Requests for /robots.txt. */
  robotsTxtRequests: number;
  /** Requests for a path (query included) this storefront had already served once. */
  repeatedRequests: number;
  /**
   * Requests that arrived less than the Crawl-delay after the previous storefront request started arriving
   * (counted only with `crawling.crawlDelaySeconds`), measured here, on the server side.
   */
  crawlDelayViolations: number;
  /** Shortest time between two consecutive storefront arrivals, in ms (null before the second). */
  minGapMs: number | null;
}

/** Most distinct paths remembered per merchant for `repeatedRequests`, so a long-running sandbox stays bounded. */
const MAX_PATHS = 100_000;

/** Counts one merchant's storefront requests into its {@link MerchantCrawlStats}. */
export class CrawlLog {
  private lastArrival: number | undefined;
  private readonly seen = new Set<string>();

  constructor(
    private readonly stats: MerchantCrawlStats,
    private readonly crawlDelayMs: number | undefined,
  ) {}

  /** Records a storefront request for `path` arriving at `now` (ms, monotonic). */
  record(path: string, now: number): void {
    const { stats } = this;
    stats.requests++;
    if (path === '/robots.txt') stats.robotsTxtRequests++;
    if (this.seen.has(path)) stats.repeatedRequests++;
    else if (this.seen.size < MAX_PATHS) this.seen.add(path);
    if (this.lastArrival !== undefined) {
      const gap = now - this.lastArrival;
      stats.minGapMs = stats.minGapMs === null ? gap : Math.min(stats.minGapMs, gap);
      if (this.crawlDelayMs !== undefined && gap < this.crawlDelayMs) stats.crawlDelayViolations++;
    }
    this.lastArrival = now;
  }
}

/** Fresh counters. */
export function newCrawlStats(): MerchantCrawlStats {
  return { requests: 0, robotsTxtRequests: 0, repeatedRequests: 0, crawlDelayViolations: 0, minGapMs: null };
}
