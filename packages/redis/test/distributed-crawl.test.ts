import { isStateStoreError } from '@agentweb/core';
import type { CrawlRecord } from '@agentweb/discovery';
import { createHttpClient } from '@agentweb/http';
import { startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import {
  type CrawlWorkerEvent,
  createCrawlQueue,
  type DistributedCrawlProgress,
  startCrawlWorker,
} from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';
import { runDistributedCrawl } from './helpers/distributed-crawl-run.js';

// Interoperability: a distributed crawl on a real redis-server, with crawl workers in their own processes reading
// sandbox storefronts on 127.0.0.1 (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)('interop: distributed crawl on redis-server with worker processes', () => {
  let server: RedisServerHandle;
  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('crawls domains and pages: each target once, with provenance, robots.txt once per host, Crawl-delay kept', async () => {
    const run = await runDistributedCrawl({
      redisUrl: server.url,
      hosts: 4,
      pagesPerHost: 8,
      workers: 2,
      concurrency: 3,
      crawlDelaySeconds: 0.1,
      pageLatency: { minMs: 5, maxMs: 15 },
      domains: true,
    });
    expect(run.results).toHaveLength(run.pages + run.domains.length);
    expect(run.lost).toBe(0);
    expect(run.duplicated).toBe(0);
    expect(run.errors).toBe(0);
    // Counted by the storefronts themselves: one robots.txt per host for the whole fleet, no arrival too early.
    expect(run.robotsTxtRequests).toBe(4);
    expect(run.crawlDelayViolations).toBe(0);
    expect(run.minGapMs).toBeGreaterThanOrEqual(100);
    const page = run.results.find((r) => r.kind === 'page')!;
    const product = page.records[0] as Extract<CrawlRecord, { kind: 'product' }>;
    expect(product.kind).toBe('product');
    expect(product.url).toBe(page.target);
    expect(product.extraction.chosen?.id).toBe(new URL(page.target).pathname.split('/').pop());
    expect(product.provenance).toMatchObject({ sourceUrl: page.target, status: 200 });
    expect(product.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(page.worker).toMatch(/^worker-[01]$/);
    const domain = run.results.find((r) => r.kind === 'domain')!;
    expect(domain.records.map((r) => r.kind)).toEqual(['robots', 'agent', 'categories']);
    expect(domain.records[0]).toMatchObject({ kind: 'robots', outcome: 'parsed', crawlDelaySeconds: 0.1 });
    const agent = domain.records[1] as Extract<CrawlRecord, { kind: 'agent' }>;
    expect(agent.provenance.sourceUrl).toMatch(/\/\.well-known\/agent-card\.json$/);
    expect(new Set(run.results.map((r) => r.worker)).size).toBe(2);
  }, 120_000);

  it('loses nothing when a worker is killed with SIGKILL mid-crawl: its jobs run again, each URL comes out once', async () => {
    const run = await runDistributedCrawl({
      redisUrl: server.url,
      hosts: 6,
      pagesPerHost: 12,
      workers: 2,
      concurrency: 3,
      crawlDelaySeconds: 0.05,
      pageLatency: { minMs: 20, maxMs: 40 },
      killAfterResults: 15,
    });
    expect(run.results).toHaveLength(run.pages);
    expect(run.lost).toBe(0);
    expect(run.duplicated).toBe(0);
    expect(run.errors).toBe(0);
    expect(run.crawlDelayViolations).toBe(0);
    // Everything after the kill came from the survivor.
    expect(run.results.slice(-10).every((r) => r.worker === 'worker-1')).toBe(true);
  }, 120_000);

  it('survives a Redis restart mid-crawl (no persistence: every key lost): workers reconnect, the run queues again what Redis lost', async () => {
    let restart: Promise<void> | undefined;
    const run = await runDistributedCrawl({
      redisUrl: server.url,
      hosts: 5,
      pagesPerHost: 10,
      workers: 2,
      concurrency: 2,
      crawlDelaySeconds: 0.05,
      pageLatency: { minMs: 10, maxMs: 20 },
      during: ({ results }) => {
        if (results === 12)
          restart ??= (async () => {
            await server.stop();
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            await server.start();
          })();
      },
    });
    await restart;
    expect(restart).toBeDefined();
    expect(run.results).toHaveLength(run.pages);
    expect(run.lost).toBe(0);
    expect(run.duplicated).toBe(0);
    expect(run.errors).toBe(0);
  }, 120_000);

  it('fails with StateStoreError, after saying so, when Redis stays down: no hang', async () => {
    const sandbox = await startSandbox({ merchants: 1, agis: false });
    const queue = createCrawlQueue({ url: server.url, keyPrefix: 'down:', commandTimeoutMs: 300 });
    const warnings: string[] = [];
    const progress: DistributedCrawlProgress[] = [];
    try {
      // No worker: the run waits on its jobs, reporting progress, until Redis goes away for longer than allowed.
      const iteration = (async () => {
        for await (const _ of queue.crawl(
          { pages: [`${sandbox.merchants[0]!.baseUrl}/products/P0000-0001`] },
          {
            redisDownTimeoutMs: 1_500,
            progressIntervalMs: 100,
            onProgress: (p) => progress.push(p),
            onWarning: (error) => warnings.push(error.operation),
          },
        ));
      })();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stoppedAt = Date.now();
      await server.stop();
      const error = await iteration.catch((e: unknown) => e);
      expect(isStateStoreError(error)).toBe(true);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(warnings.length).toBeGreaterThan(0);
      expect(progress[0]).toMatchObject({ total: 1, done: 0, queued: 1, failed: 0 });
    } finally {
      await server.start();
      await queue.close();
      await sandbox.close();
    }
  }, 60_000);

  it('keeps a worker alive through a Redis outage (warnings, no crash) and lets it close within its deadline', async () => {
    const http = createHttpClient();
    const events: CrawlWorkerEvent['type'][] = [];
    const worker = startCrawlWorker({
      url: server.url,
      http,
      keyPrefix: 'outage:',
      closeTimeoutMs: 1_000,
      onEvent: (event) => events.push(event.type),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await server.stop();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // The outage is reported, not thrown: the process is still here to say so.
      expect(events).toContain('warning');
      const started = Date.now();
      await worker.close();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await server.start();
      await http.close();
    }
  }, 30_000);
});
