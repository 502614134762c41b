import { afterAll, describe } from 'vitest';
import { benchFileNotRun, benchGroup, recordMetric } from '../../../bench/support/bench-group.js';
import { findExecutable } from '../../../test/interop.js';
import { createRedisHostGate } from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';
import {
  type DistributedCrawlRunReport,
  runDistributedCrawl,
} from '../test/helpers/distributed-crawl-run.js';

// The distributed crawl figure (issue 14): 2,000 sandbox product pages over 50 hosts, each answering in 20-50 ms with
// a robots.txt Crawl-delay of 0.2 s (5 requests/s at most), crawled by worker processes on one real redis-server;
// 4 workers against 1, then 4 workers with one SIGKILLed mid-run. Each worker runs 2 jobs at once, so one worker is
// bound by its own requests in flight (about 2 / 50 ms) and 4 workers stay under the hosts' combined limit
// (50 x ~4.3/s, Crawl-delay counted from the end of each answer): the ratio measures scale-out, not politeness.
// Politeness is checked by the storefronts themselves (sandbox `stats.crawl`), on the server side.
const executable = findExecutable('redis-server');
const CRAWL_GROUP =
  'distributed crawl, 2,000 sandbox pages over 50 hosts (20-50 ms, Crawl-delay 0.2 s), worker processes with 2 jobs each';
const GATE_GROUP =
  'host turn on Redis (acquire + release, 2 Lua round trips) vs GET + SET on the same server';

let server: RedisServerHandle | undefined;
if (executable === undefined) {
  benchFileNotRun(import.meta.url, 'redis-server is not on PATH (apt-get install redis-server)');
} else {
  server = await startRedisServer({ executable });
  const crawlWith = (workers: number, killAfterResults?: number): Promise<DistributedCrawlRunReport> =>
    runDistributedCrawl({
      redisUrl: server!.url,
      hosts: 50,
      pagesPerHost: 40,
      workers,
      concurrency: 2,
      crawlDelaySeconds: 0.2,
      pageLatency: { minMs: 20, maxMs: 50 },
      ...(killAfterResults === undefined ? {} : { killAfterResults }),
    });
  const four = await crawlWith(4);
  const one = await crawlWith(1);
  const killed = await crawlWith(4, 600);
  const rows = [
    ['1 worker', one],
    ['4 workers', four],
    ['4 workers, one SIGKILLed after 600 results', killed],
  ] as const;
  console.log(`\n${CRAWL_GROUP}`);
  console.table(
    rows.map(([name, r]) => ({
      run: name,
      'pages/s': r.pagesPerSecond.toFixed(1),
      seconds: r.seconds.toFixed(1),
      lost: r.lost,
      duplicated: r.duplicated,
      errors: r.errors,
      'Crawl-delay violations': r.crawlDelayViolations,
      'robots.txt fetches': r.robotsTxtRequests,
      'pages fetched twice': r.repeatedRequests,
      'min gap (ms)': r.minGapMs.toFixed(0),
    })),
  );
  for (const [name, r] of rows)
    recordMetric({ group: CRAWL_GROUP, name: `${name}: pages/s`, value: r.pagesPerSecond, unit: 'pages/s' });
  recordMetric({
    group: CRAWL_GROUP,
    name: '4 workers vs 1 worker: pages/s',
    value: four.pagesPerSecond / one.pagesPerSecond,
    unit: 'ratio',
  });
  recordMetric({
    group: CRAWL_GROUP,
    name: 'Crawl-delay violations counted by the storefronts, all runs',
    value: rows.reduce((sum, [, r]) => sum + r.crawlDelayViolations, 0),
    unit: 'requests',
  });
  recordMetric({
    group: CRAWL_GROUP,
    name: 'URLs lost or duplicated, all runs (one worker SIGKILLed in the last)',
    value: rows.reduce((sum, [, r]) => sum + r.lost + r.duplicated, 0),
    unit: 'URLs',
  });
  recordMetric({
    group: CRAWL_GROUP,
    name: 'robots.txt fetches per host, all runs',
    value: rows.reduce((sum, [, r]) => sum + r.robotsTxtRequests, 0) / (50 * rows.length),
    unit: 'fetches',
  });
}

const gate = server ? createRedisHostGate({ url: server.url, keyPrefix: 'bench:' }) : undefined;
const plain = server ? (await import('ioredis')).Redis : undefined;
const client = server && plain ? new plain(server.url) : undefined;
let turn = 0;

afterAll(async () => {
  await gate?.close();
  client?.disconnect();
  await server?.close();
});

describe.skipIf(server === undefined)('redis-server', () => {
  benchGroup(
    GATE_GROUP,
    [
      {
        name: 'baseline: GET + SET of one key (two round trips)',
        fn: async () => {
          await client!.get('bench:plain');
          await client!.set('bench:plain', String(turn++), 'PX', 60_000);
        },
      },
      {
        name: 'tryAcquire + release of a host turn',
        fn: async () => {
          // A host of its own each time, so every acquire finds the turn free (the cost measured is the scripts').
          const attempt = await gate!.tryAcquire(`host-${turn++ % 10_000}.test`, { delayMs: 0 });
          if (!attempt.acquired) throw new Error('turn not free');
          await gate!.release(attempt.turn, { delayMs: 0 });
        },
      },
    ],
    { time: 300, warmupTime: 50 },
  );
});
