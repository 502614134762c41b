import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FanOutResult, fanOutSearch, type MerchantClient } from '@agentweb/cap';
import { isStateStoreError } from '@agentweb/core';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import {
  clientFor,
  type DiscoveredMerchant,
  discoverMerchants,
  sandboxHttp,
} from '../../cap/test/helpers/sandbox-clients.js';
import { samplePage } from '../../cap/test/helpers/search-cache-contract.js';
import { createRedisHttpCache, createRedisSearchCache, type RedisSearchCache } from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';

// Interoperability: the shared caches while a real redis-server stops and restarts under a fan-out against
// sandbox merchants (test/interop-suites.json). A cache is optional: Redis trouble must cost a search neither its
// results nor its deadline, only the sharing, and it must say so.
const redis = interopSuite(import.meta.url);

const MERCHANTS = 4;
const DEADLINE_MS = 4_000;

/** One AgentWeb-like instance: its own HTTP client, merchant clients and Redis connection. */
interface Instance {
  http: HttpClient;
  merchants: MerchantClient[];
  cache: RedisSearchCache;
}

let server: RedisServerHandle;
let sb: Sandbox;
let found: DiscoveredMerchant[];
const instances: Instance[] = [];
let prefixes = 0;
/** A fresh key prefix, so each test starts with an empty cache. */
function nextPrefix(): string {
  prefixes += 1;
  return `f${prefixes}:`;
}

async function instance(keyPrefix: string): Promise<Instance> {
  const http = sandboxHttp(sb);
  const merchants = await Promise.all(found.map((merchant) => clientFor(merchant, { http })));
  const cache = createRedisSearchCache({ url: server.url, keyPrefix, commandTimeoutMs: 500 });
  const made = { http, merchants, cache };
  instances.push(made);
  return made;
}

function search(from: Instance): Promise<FanOutResult> {
  return fanOutSearch({
    query: 'lamp',
    merchants: from.merchants,
    cache: from.cache,
    deadlineMs: DEADLINE_MS,
    // Anonymous calls are the ones a cache may share.
    personalise: false,
  });
}

const searchCalls = () => sb.merchants.reduce((sum, merchant) => sum + merchant.stats.a2aRequests, 0);

/** Resolves once every merchant has received one more search call than `before` counted. */
async function merchantsCalled(before: number): Promise<void> {
  await expect.poll(searchCalls, { timeout: 5_000, interval: 5 }).toBeGreaterThanOrEqual(before + MERCHANTS);
}

/** Resolves once `cache` reads from Redis again (each client reconnects on its own schedule). */
async function redisAnswers(cache: { get(key: string): unknown }, probeKey = '["probe"]'): Promise<void> {
  await expect
    .poll(
      () =>
        Promise.resolve(cache.get(probeKey)).then(
          () => 'up',
          () => 'down',
        ),
      { timeout: 10_000, interval: 50 },
    )
    .toBe('up');
}

function expectAllMerchantsAnswered(result: FanOutResult): void {
  expect(result.outcomes.map((outcome) => outcome.status)).toEqual(Array(MERCHANTS).fill('ok'));
  expect(result.deadlineReached).toBe(false);
  for (const outcome of result.outcomes) expect(outcome.products).toBeGreaterThan(0);
}

const warningsOf = (result: FanOutResult) =>
  result.outcomes.map((outcome) =>
    outcome.warnings.filter((w) => w.code === 'cache-unavailable').map((w) => w.message.split(' (')[0]),
  );

describe.runIf(redis.available)('interop: shared caches while redis-server stops and restarts', () => {
  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    // Every search call takes 150-250 ms, so Redis can be stopped while the merchants are still answering.
    sb = await startSandbox({
      merchants: MERCHANTS,
      seed: 'redis-cache-faults',
      faults: () => ({ latency: { minMs: 150, maxMs: 250 } }),
    });
    const http = sandboxHttp(sb);
    found = await discoverMerchants(sb, http);
    await http.close();
  });
  afterAll(async () => {
    await Promise.all(instances.flatMap((made) => [made.cache.close(), made.http.close()]));
    await sb?.close();
    await server?.close();
  });

  it('Redis stopped mid fan-out: every merchant answers by the deadline, and each outcome says its page was not shared', async () => {
    const a = await instance(nextPrefix());
    await redisAnswers(a.cache);
    const before = searchCalls();
    const started = performance.now();
    const running = search(a);
    // The cache reads are done once the merchants have the calls; their answers (and the writes) come later.
    await merchantsCalled(before);
    await server.stop();
    const result = await running;
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS);
    expectAllMerchantsAnswered(result);
    expect(warningsOf(result)).toEqual(Array(MERCHANTS).fill(['the search cache could not be written']));
    await server.start();
  });

  it('while Redis is down, searches skip the cache, and after a restart two instances share pages again', async () => {
    const prefix = nextPrefix();
    const a = await instance(prefix);
    const b = await instance(prefix);
    await redisAnswers(a.cache);
    await server.stop();
    const down = await search(a);
    expectAllMerchantsAnswered(down);
    expect(warningsOf(down)).toEqual(
      Array(MERCHANTS).fill(['the search cache could not be read', 'the search cache could not be written']),
    );
    expect(down.outcomes.every((outcome) => outcome.cachedPages === 0)).toBe(true);

    await server.start();
    await redisAnswers(a.cache);
    await redisAnswers(b.cache);
    const warm = await search(a);
    expectAllMerchantsAnswered(warm);
    expect(warningsOf(warm)).toEqual(Array(MERCHANTS).fill([]));
    const before = searchCalls();
    const shared = await search(b);
    expectAllMerchantsAnswered(shared);
    expect(shared.outcomes.map((outcome) => outcome.cachedPages)).toEqual(Array(MERCHANTS).fill(1));
    expect(shared.products.map((p) => p.product.id)).toEqual(warm.products.map((p) => p.product.id));
    expect(searchCalls()).toBe(before);
  });

  it('Redis restarting mid fan-out costs no results, and the cache comes back on its own', async () => {
    const prefix = nextPrefix();
    const a = await instance(prefix);
    await redisAnswers(a.cache);
    const before = searchCalls();
    const running = search(a);
    await merchantsCalled(before);
    await server.restart();
    const result = await running;
    expectAllMerchantsAnswered(result);
    // Whether the writes landed depends on how fast the client reconnected; either way the search is whole.
    for (const warnings of warningsOf(result))
      expect(['the search cache could not be written']).toEqual(expect.arrayContaining(warnings));
    await redisAnswers(a.cache);
    await search(a);
    const again = await search(a);
    expect(again.outcomes.map((outcome) => outcome.cachedPages)).toEqual(Array(MERCHANTS).fill(1));
  });

  it('a full Redis that refuses writes (noeviction) leaves searches whole, with a warning', async () => {
    // Past its maxmemory (here: at once) a noeviction Redis refuses every write with OOM and still serves reads.
    const full = await startRedisServer({
      executable: redis.executable,
      args: ['--maxmemory', '1', '--maxmemory-policy', 'noeviction'],
    });
    const cache = createRedisSearchCache({ url: full.url });
    try {
      const refused = await cache.set('["fill"]', samplePage('m', 1)).catch((error: unknown) => error);
      expect(isStateStoreError(refused)).toBe(true);
      expect((refused as Error).message).toContain('OOM');
      const a = await instance(nextPrefix());
      const result = await fanOutSearch({
        query: 'lamp',
        merchants: a.merchants,
        cache,
        deadlineMs: DEADLINE_MS,
        personalise: false,
      });
      expectAllMerchantsAnswered(result);
      expect(warningsOf(result)).toEqual(Array(MERCHANTS).fill(['the search cache could not be written']));
    } finally {
      await cache.close();
      await full.close();
    }
  });

  it('the HTTP cache: calls go on without Redis (provenance.cacheError) and share entries again after a restart', async () => {
    let calls = 0;
    const origin: Server = createServer((_request, response) => {
      calls += 1;
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      response.end(JSON.stringify({ calls }));
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/agent-card.json`;
    const keyPrefix = nextPrefix();
    const caches = [0, 1].map(() =>
      createRedisHttpCache({ url: server.url, keyPrefix, commandTimeoutMs: 500 }),
    );
    const [a, b] = caches.map((cache) =>
      createHttpClient({ allowHttp: true, allowPrivateNetwork: ['127.0.0.1'], cache, timeoutMs: 3_000 }),
    ) as [HttpClient, HttpClient];
    try {
      await server.stop();
      const offline = await a.getJson<{ calls: number }>(url);
      expect(offline.data).toEqual({ calls: 1 });
      expect(offline.provenance.fromCache).toBe(false);
      expect(offline.provenance.cacheError).toMatchObject({
        operation: 'get',
        code: 'STATE_STORE_UNAVAILABLE',
      });

      await server.start();
      // Each client reconnects on its own schedule (no offline queue): wait until both caches answer Redis.
      for (const cache of caches) await redisAnswers(cache, 'http://127.0.0.1/probe');
      await expect
        .poll(async () => (await a.getJson(url)).provenance.cacheError === undefined, { timeout: 10_000 })
        .toBe(true);
      const before = calls;
      const shared = await b.getJson<{ calls: number }>(url);
      expect(shared.provenance).toMatchObject({ fromCache: true });
      expect(shared.provenance.cacheError).toBeUndefined();
      expect(calls).toBe(before);
    } finally {
      await Promise.all([a.close(), b.close(), ...caches.map((cache) => cache.close())]);
      origin.close();
    }
  });
});
