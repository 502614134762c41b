import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { createCrawlQueue, type DistributedCrawlResult } from '../../src/index.js';
import { type CrawlWorkerProcess, startCrawlWorkerProcess } from './crawl-worker-process.js';

/** One distributed crawl of sandbox product pages by worker processes, as the figure and the tests run it. */
export interface DistributedCrawlRunOptions {
  /** Redis URL. */
  redisUrl: string;
  /** Sandbox hosts (merchants). */
  hosts: number;
  /** Product pages per host. */
  pagesPerHost: number;
  /** Worker processes. */
  workers: number;
  /** Jobs per worker. */
  concurrency: number;
  /** Crawl-delay every host's robots.txt sets, in seconds. */
  crawlDelaySeconds: number;
  /** Each host answers in this many ms. */
  pageLatency: { minMs: number; maxMs: number };
  /** SIGKILL the first worker once this many results have come in. */
  killAfterResults?: number;
  /** Called with the running workers and the sandbox once the crawl started (e.g. to restart Redis). */
  during?: (context: { workers: CrawlWorkerProcess[]; sandbox: Sandbox; results: number }) => void;
  /** Also enqueue each host as a domain (robots.txt, agent card, categories). */
  domains?: boolean;
  /** BullMQ lock of the workers (default 3000 ms, so a killed worker's jobs come back within seconds). */
  lockDurationMs?: number;
}

/** What the run measured. */
export interface DistributedCrawlRunReport {
  /** Pages enqueued. */
  pages: number;
  /** Domains enqueued. */
  domains: string[];
  /** Time from the first job queued to the last result, in s. */
  seconds: number;
  pagesPerSecond: number;
  /** Results, in arrival order. */
  results: DistributedCrawlResult[];
  /** Pages enqueued that have no result. */
  lost: number;
  /** Pages with more than one result. */
  duplicated: number;
  /** Results that are errors. */
  errors: number;
  /** Storefront arrivals that broke the Crawl-delay, summed over hosts (counted by the sandbox). */
  crawlDelayViolations: number;
  /** robots.txt requests, summed over hosts. */
  robotsTxtRequests: number;
  /** Requests for a page already served (a killed worker's page fetched again is one). */
  repeatedRequests: number;
  /** The smallest gap between two arrivals on one host, in ms. */
  minGapMs: number;
}

/** Runs the crawl and stops everything it started. */
export async function runDistributedCrawl(
  options: DistributedCrawlRunOptions,
): Promise<DistributedCrawlRunReport> {
  const keyPrefix = `run${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}:`;
  const sandbox = await startSandbox({
    merchants: options.hosts,
    agis: false,
    crawling: { crawlDelaySeconds: options.crawlDelaySeconds, pageLatency: options.pageLatency },
  });
  const workers: CrawlWorkerProcess[] = [];
  const queue = createCrawlQueue({ url: options.redisUrl, keyPrefix });
  try {
    for (let i = 0; i < options.workers; i++)
      workers.push(
        await startCrawlWorkerProcess({
          url: options.redisUrl,
          keyPrefix,
          name: `worker-${i}`,
          concurrency: options.concurrency,
          lockDurationMs: options.lockDurationMs ?? 3_000,
          stalledIntervalMs: 1_000,
          hostSuffix: 'sandbox.test',
          dnsServer: `${sandbox.dns.host}:${sandbox.dns.port}`,
        }),
      );
    const pages = sandbox.merchants.flatMap((m) =>
      Array.from(
        { length: options.pagesPerHost },
        (_, i) =>
          `${m.baseUrl}/products/P${String(m.index).padStart(4, '0')}-${String(i + 1).padStart(4, '0')}`,
      ),
    );
    const results: DistributedCrawlResult[] = [];
    const started = performance.now();
    const domains = options.domains ? sandbox.merchants.map((m) => `${m.domain}:${sandbox.http.port}`) : [];
    for await (const result of queue.crawl(
      { pages, domains },
      { scheme: 'http', perHostDelayMs: 0, reconcileIdleMs: 2_000, progressIntervalMs: 250 },
    )) {
      results.push(result);
      if (options.killAfterResults === results.length) await workers[0]!.kill();
      options.during?.({ workers, sandbox, results: results.length });
    }
    const seconds = (performance.now() - started) / 1000;
    const counts = new Map<string, number>();
    for (const r of results) counts.set(r.target, (counts.get(r.target) ?? 0) + 1);
    const crawlStats = sandbox.merchants.map((m) => m.stats.crawl);
    return {
      pages: pages.length,
      seconds,
      pagesPerSecond: results.filter((r) => r.kind === 'page').length / seconds,
      results,
      domains,
      lost: [...pages, ...domains].filter((p) => !counts.has(p)).length,
      duplicated: [...counts.values()].filter((n) => n > 1).length,
      errors: results.filter((r) => r.records.every((record) => record.kind === 'error')).length,
      crawlDelayViolations: crawlStats.reduce((sum, s) => sum + s.crawlDelayViolations, 0),
      robotsTxtRequests: crawlStats.reduce((sum, s) => sum + s.robotsTxtRequests, 0),
      repeatedRequests: crawlStats.reduce((sum, s) => sum + s.repeatedRequests, 0),
      minGapMs: Math.min(...crawlStats.map((s) => s.minGapMs ?? Number.POSITIVE_INFINITY)),
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await queue.close();
    await sandbox.close();
  }
}
