import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crawl, createExtractionPool, type ExtractionPool } from '@agentweb/discovery';
import { createHttpClient } from '@agentweb/http';
import { startSandboxProcess } from '@agentweb/sandbox';
import { AgentWeb } from 'agentweb';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { realProductPages } from '../src/real-inputs.js';

// One process serves a search while a crawl reads 3 MB product pages: read on the event loop, every page holds
// the search's answers back by its extraction time; read in the extraction pool, it does not. The entries
// compare the search's p99 latency (see the p99 column) with a search while nothing else runs.
const MERCHANTS = 10;
const QUERY = 'lamp';
const TIMED = { time: 2000, warmupIterations: 5 };

const sandbox = await startSandboxProcess({
  merchants: MERCHANTS,
  seed: 'pool-bench',
  defaultFaults: { latency: { minMs: 5, maxMs: 15 } },
});
const aw = new AgentWeb({
  lookup: sandbox.lookup,
  allowHttp: true,
  allowPrivateNetwork: true,
  userId: 'bench',
  concurrency: MERCHANTS,
});
await Promise.all(sandbox.merchants.map((m) => aw.addMerchant(m.cardUrl)));

// 3 MB product pages: real pages put together until the size is reached.
const pages = realProductPages();
let page = '';
for (let i = 0; page.length < 3_000_000; i++) page += pages[i % pages.length];
const server = createServer((req, res) => {
  if (req.url?.startsWith('/p/')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  } else res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
const crawlHttp = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: true,
  retry: false,
  maxBodyBytes: 8 << 20,
});
const pool = createExtractionPool({ size: 1 });

let running: { stop: AbortController; done: Promise<void> } | undefined;
/** Crawls the page server over and over until stopped, reading pages with `extractionPool`. */
function startCrawl(extractionPool: ExtractionPool | false): void {
  if (running) return;
  const stop = new AbortController();
  const done = (async () => {
    while (!stop.signal.aborted) {
      for await (const _record of crawl([origin], {
        http: crawlHttp,
        scheme: 'http',
        perHostDelayMs: 0,
        signal: stop.signal,
        extractionPool,
        resolve: () => Promise.reject(new Error('no agent needed')),
        productPages: () => Array.from({ length: 8 }, (_v, i) => `http://${origin}/p/${i}`),
      })) {
        // records are not needed; the point is the extraction work
      }
    }
  })();
  running = { stop, done };
}
async function stopCrawl(): Promise<void> {
  running?.stop.abort();
  await running?.done;
  running = undefined;
}

async function search(): Promise<void> {
  const result = await aw.search(QUERY, { limit: 10 });
  if (result.outcomes.some((o) => o.status !== 'ok')) throw new Error('a merchant failed');
}
for (let round = 0; round < 10; round++) await search();

afterAll(async () => {
  await stopCrawl();
  await pool.close();
  await aw.close();
  await crawlHttp.close();
  await sandbox.close();
  await new Promise((resolve) => server.close(resolve));
});

benchGroup(
  `AgentWeb.search over ${MERCHANTS} merchants while a crawl reads 3 MB product pages (p99)`,
  [
    { name: 'baseline: search, nothing else running', fn: search, timing: { setup: stopCrawl } },
    {
      name: 'search, crawl reading pages on the event loop (extractionPool: false)',
      fn: search,
      timing: { setup: () => startCrawl(false), teardown: stopCrawl },
    },
    {
      name: 'search, crawl reading pages in the extraction pool',
      fn: search,
      timing: { setup: () => startCrawl(pool), teardown: stopCrawl },
    },
  ],
  TIMED,
  { statistic: 'p99' },
);
