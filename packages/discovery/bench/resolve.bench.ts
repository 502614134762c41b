import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createA2ACard } from '@agentweb/agentcard';
import { createHttpClient } from '@agentweb/http';
import pLimit from 'p-limit';
import { afterAll } from 'vitest';
import { benchGroup, recordMetric } from '../../../bench/support/bench-group.js';
import { createResolver, type Resolver, resolveMany } from '../src/resolve/index.js';
import { testLookup } from '../test/helpers/fake-web.js';
import { fakeTxt } from '../test/helpers/resolve-fixtures.js';

// 1,000 "domains" on one loopback server: every Host gets its own card at /.well-known/agent-card.json and a
// home page without a link; any other path is a 404.
const DOMAINS = 1_000;
const CONCURRENCY = 16;

const server = createServer((req, res) => {
  const host = req.headers.host ?? 'unknown';
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/.well-known/agent-card.json') {
    const card = createA2ACard({
      name: host,
      description: 'bench agent',
      url: `http://${host}/a2a`,
      version: '1.0.0',
      skills: [{ id: 'cap:product_search', name: 'Search', description: 'Search', tags: [] }],
      cap: { queryModes: ['keyword'] },
    });
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=3600' });
    res.end(JSON.stringify(card));
  } else if (path === '/') {
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><head><title>shop</title></head><body></body></html>');
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const domains = Array.from({ length: DOMAINS }, (_, i) => `d-${i}.test:${port}`);

const http = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: ['*.test'],
  lookup: testLookup(),
  retry: false,
  cache: false,
});

function newResolver(mechanisms: 'well-known' | 'cap-order'): Resolver {
  return createResolver({
    http,
    dns: fakeTxt({}),
    defaultScheme: 'http',
    allowHttp: true,
    mechanisms: mechanisms === 'well-known' ? ['agent-card'] : ['dns-txt', 'link-tag', 'agent-card'],
  });
}

/** The baseline: the same well-known URLs with global fetch, Promise.all and p-limit, no checks at all. */
async function bareFetchLoop(latencies?: number[]): Promise<void> {
  const limit = pLimit(CONCURRENCY);
  await Promise.all(
    domains.map((_, i) =>
      limit(async () => {
        const started = performance.now();
        // Global fetch ignores a Host header, so the domain rides in the query; the server work is the same.
        const response = await fetch(`http://127.0.0.1:${port}/.well-known/agent-card.json?d=${i}`);
        await response.json();
        latencies?.push(performance.now() - started);
      }),
    ),
  );
}

async function runResolveMany(resolver: Resolver, latencies?: number[]): Promise<void> {
  const timed = {
    async resolve(domain: string) {
      const started = performance.now();
      try {
        return await resolver.resolve(domain);
      } finally {
        latencies?.push(performance.now() - started);
      }
    },
  };
  const outcomes = await resolveMany(latencies ? timed : resolver, domains, { concurrency: CONCURRENCY });
  const failed = outcomes.filter((o) => !o.ok).length;
  if (failed > 0) throw new Error(`${failed} of ${DOMAINS} domains failed to resolve`);
}

const warm = newResolver('well-known');
await runResolveMany(warm);

// One measured pass per mode for throughput and per-domain p99 (the bench table gives per-1,000 timings).
async function measure(name: string, run: (latencies: number[]) => Promise<void>) {
  const latencies: number[] = [];
  const started = performance.now();
  await run(latencies);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { mode: name, 'domains/s': Math.round(DOMAINS / seconds), 'p99 per domain (ms)': p99.toFixed(2) };
}
const summary = [
  await measure('baseline: bare fetch + p-limit', (l) => bareFetchLoop(l)),
  await measure('resolveMany cold, well-known only', (l) => runResolveMany(newResolver('well-known'), l)),
  await measure('resolveMany cold, TXT + home page + well-known', (l) =>
    runResolveMany(newResolver('cap-order'), l),
  ),
  await measure('resolveMany warm (cached)', (l) => runResolveMany(warm, l)),
];
console.log(`\nresolveMany over ${DOMAINS} loopback domains, concurrency ${CONCURRENCY}`);
console.table(summary);
for (const row of summary) {
  const group = `resolveMany, ${DOMAINS} loopback domains, concurrency ${CONCURRENCY}`;
  recordMetric({ group, name: `${row.mode}: domains/s`, value: row['domains/s'], unit: 'domains/s' });
  recordMetric({
    group,
    name: `${row.mode}: p99 per domain`,
    value: Number(row['p99 per domain (ms)']),
    unit: 'ms',
  });
}

afterAll(async () => {
  await http.close();
  server.closeAllConnections();
  server.close();
});

const options = { iterations: 5, warmupIterations: 1, time: 0 };

benchGroup(
  `resolveMany, ${DOMAINS} loopback domains, concurrency ${CONCURRENCY}`,
  [
    { name: 'baseline: bare fetch of agent-card.json, Promise.all + p-limit', fn: () => bareFetchLoop() },
    {
      name: 'resolveMany cold: fresh resolver, well-known only',
      fn: () => runResolveMany(newResolver('well-known')),
    },
    {
      name: 'resolveMany cold: fresh resolver, TXT double + home page + well-known',
      fn: () => runResolveMany(newResolver('cap-order')),
    },
    { name: 'resolveMany warm: cached resolver', fn: () => runResolveMany(warm) },
  ],
  options,
);
