import {
  createSearchCache,
  type FanOutResult,
  type FanOutSearchOptions,
  fanOutSearch,
  type SearchCacheStore,
} from '@agentweb/cap';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { type SandboxProcess, startSandboxProcess } from '@agentweb/sandbox';
import { afterAll } from 'vitest';
import { benchFileNotRun, benchGroup } from '../../../bench/support/bench-group.js';
import { findExecutable } from '../../../test/interop.js';
import { discover } from '../../cap/bench/helpers/merchants.js';
import { createRedisSearchCache, type RedisSearchCache } from '../src/index.js';
import { startRedisServer } from '../src/test/index.js';

// Fan-out search with a warm cache: two instances sharing one Redis (each its own merchant clients, HTTP client
// and Redis connection, as two processes would have; searches alternate between them) against one instance with
// the in-memory cache. 20 sandbox merchants in a child process, each answering in 20-80 ms when called; with the
// cache warm none is called, so the group measures what reading the shared cache costs a search. "Warm" means each
// instance has searched once since the other filled Redis, so its near cache holds the pages; the entry without a
// near cache pays a Redis round trip and a JSON parse per merchant on every search.
const MERCHANTS = 20;
const INPUT = { query: 'lamp', limit: 10 };
const GROUP = `fan-out search, ${MERCHANTS} sandbox merchants, cache warm: two instances sharing Redis vs one with the memory cache`;

const executable = findExecutable('redis-server');

/** An instance: its merchant clients and HTTP client, and the cache it searches with. */
interface Instance {
  http: HttpClient;
  options: FanOutSearchOptions;
}

async function instance(sandbox: SandboxProcess, cache: SearchCacheStore | undefined): Promise<Instance> {
  const http = createHttpClient({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    cache: false,
    retry: false,
  });
  const { clients } = await discover(
    sandbox.merchants.map((m) => m.cardUrl),
    http,
    INPUT,
  );
  // Anonymous searches: the ones a cache may serve.
  return { http, options: { ...INPUT, merchants: clients, personalise: false, ...(cache ? { cache } : {}) } };
}

function expectAll(result: FanOutResult, cachedPages: number): void {
  for (const outcome of result.outcomes) {
    if (outcome.status !== 'ok' || outcome.cachedPages !== cachedPages || outcome.warnings.length > 0)
      throw new Error(`${outcome.merchantId}: ${outcome.status}, ${outcome.cachedPages} cached page(s)`);
  }
}

if (executable === undefined) {
  benchFileNotRun(import.meta.url, 'redis-server is not on PATH (apt-get install redis-server)');
} else {
  const [server, sandbox] = await Promise.all([
    startRedisServer({ executable }),
    startSandboxProcess({
      merchants: MERCHANTS,
      seed: 'bench-shared-caches',
      defaultFaults: { latency: { minMs: 20, maxMs: 80 } },
    }),
  ]);
  const shared: RedisSearchCache[] = [undefined, undefined, 0, 0].map((nearCacheBytes) =>
    createRedisSearchCache({
      url: server.url,
      keyPrefix: 'bench:',
      ...(nearCacheBytes === undefined ? {} : { nearCacheBytes }),
    }),
  );
  const [a, b, farA, farB, memory, uncached] = (await Promise.all([
    ...shared.map((cache) => instance(sandbox, cache)),
    instance(sandbox, createSearchCache()),
    instance(sandbox, undefined),
  ])) as [Instance, Instance, Instance, Instance, Instance, Instance];
  // Warm: A fills Redis, B reads it (and so do the instances without a near cache); the memory instance fills its
  // own cache.
  expectAll(await fanOutSearch(a.options), 0);
  for (const other of [b, farA, farB]) expectAll(await fanOutSearch(other.options), 1);
  expectAll(await fanOutSearch(memory.options), 0);
  expectAll(await fanOutSearch(memory.options), 1);
  let turn = 0;
  let farTurn = 0;

  afterAll(async () => {
    await Promise.all([a, b, farA, farB, memory, uncached].map((made) => made.http.close()));
    await Promise.all(shared.map((cache) => cache.close()));
    await sandbox.close();
    await server.close();
  });

  benchGroup(GROUP, [
    {
      name: 'baseline: one instance, in-memory search cache',
      fn: async () => expectAll(await fanOutSearch(memory.options), 1),
    },
    {
      name: 'two instances sharing Redis (createRedisSearchCache), alternating',
      fn: async () => {
        turn += 1;
        expectAll(await fanOutSearch((turn % 2 === 0 ? a : b).options), 1);
      },
    },
    {
      name: 'two instances sharing Redis, no near cache (a round trip per merchant), alternating',
      fn: async () => {
        farTurn += 1;
        expectAll(await fanOutSearch((farTurn % 2 === 0 ? farA : farB).options), 1);
      },
    },
    {
      // For scale: what the cache saves, every merchant called (20-80 ms each, in parallel).
      name: 'no cache (every merchant called)',
      fn: async () => expectAll(await fanOutSearch(uncached.options), 0),
      timing: { iterations: 10, time: 0, warmupIterations: 1 },
    },
  ]);
}
