import { createHttpClient } from '@agentweb/http';
import { startSandbox } from '@agentweb/sandbox';
import { createCrawlQueue, startCrawlWorker } from './src/index.ts';
import { startRedisServer } from './src/test/index.ts';
const server = await startRedisServer();
const sb = await startSandbox({ merchants: 5, agis: false, crawling: { crawlDelaySeconds: 0.2, pageLatency: { minMs: 20, maxMs: 50 } } });
const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true, lookup: sb.lookup, retry: false });
const workers = [0, 1].map((i) => startCrawlWorker({ url: server.url, http, concurrency: 2, name: `w${i}`, onEvent: (e) => { if (e.type !== 'completed' && e.type !== 'deferred') console.log(i, e.type, (e as any).error?.message); } }));
const queue = createCrawlQueue({ url: server.url });
const pages = sb.merchants.flatMap((m) => Array.from({ length: 10 }, (_, i) => `${m.baseUrl}/products/P${String(m.index).padStart(4, '0')}-${String(i + 1).padStart(4, '0')}`));
const t0 = performance.now();
let n = 0;
for await (const r of queue.crawl({ pages, domains: [sb.merchants[0]!.domain + ':' + sb.http.port] }, { scheme: 'http', perHostDelayMs: 0, onProgress: (p) => console.log(JSON.stringify(p)) })) {
  n++;
  if (n < 3 || r.kind === 'domain') console.log(JSON.stringify(r).slice(0, 300));
}
console.log('done', n, ((performance.now() - t0) / 1000).toFixed(2), 's');
console.log(sb.merchants.map((m) => m.stats.crawl));
console.log(workers.map((w) => w.stats));
await Promise.all(workers.map((w) => w.close()));
await queue.close(); await http.close(); await sb.close(); await server.close();
