import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CacheEntry,
  createHttpClient,
  HttpCache,
  type HttpCacheStore,
  type HttpClientOptions,
  isTimeoutError,
  type LookupFunction,
} from '../src/index.js';
import { describeHttpCacheContract } from './helpers/http-cache-contract.js';

describeHttpCacheContract('HttpCache (in memory)', {
  make: (options) => new HttpCache(options),
  shared: false,
});

/** The in-memory cache behind promises, as a shared store answers. */
function asyncStore(inner = new HttpCache()): HttpCacheStore & { calls: string[] } {
  const calls: string[] = [];
  const later = <T>(name: string, value: () => T) => {
    calls.push(name);
    return new Promise<T>((resolve) => setTimeout(() => resolve(value()), 1));
  };
  return {
    calls,
    get: (url, reader) => later('get', () => inner.get(url, reader)),
    isFresh: (entry, now) => inner.isFresh(entry, now),
    ttlSeconds: (entry, now) => inner.ttlSeconds(entry, now),
    store: (url, response, reader, now) => later('store', () => inner.store(url, response, reader, now)),
    refresh: (entry, headers, now) => later('refresh', () => inner.refresh(entry, headers, now)),
    delete: (url) => later('delete', () => inner.delete(url)),
    clear: () => later('clear', () => inner.clear()),
  };
}

/** A store that is down: every operation rejects the way the Redis stores do. */
function brokenStore(overrides: Partial<HttpCacheStore> = {}): HttpCacheStore {
  const down = () =>
    Promise.reject(
      Object.assign(new Error('redis httpCache.get failed: not connected'), {
        code: 'STATE_STORE_UNAVAILABLE',
      }),
    );
  return {
    get: down,
    isFresh: () => false,
    ttlSeconds: () => 0,
    store: down,
    refresh: down,
    delete: down,
    clear: down,
    ...overrides,
  };
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const BASE = 'https://agent.example';
const publicLookup: LookupFunction = (_host, _options, callback) =>
  callback(null, [{ address: '93.184.215.14', family: 4 }]);

function client(options: HttpClientOptions = {}) {
  return createHttpClient({ fetch: 'global', lookup: publicLookup, retry: false, ...options });
}

function counting(path: string, headers: Record<string, string> = { 'cache-control': 'max-age=60' }) {
  const seen = { calls: 0 };
  server.use(
    http.get(`${BASE}${path}`, () => {
      seen.calls += 1;
      return HttpResponse.json({ n: seen.calls }, { headers });
    }),
  );
  return seen;
}

describe('createHttpClient with an asynchronous cache store', () => {
  it('serves fresh answers from the store and exposes it as cacheStore, not as the in-memory cache', async () => {
    const seen = counting('/fresh');
    const store = asyncStore();
    const c = client({ cache: store });
    expect(c.cacheStore).toBe(store);
    expect(c.cache).toBeUndefined();
    const first = await c.getJson<{ n: number }>(`${BASE}/fresh`);
    const second = await c.getJson<{ n: number }>(`${BASE}/fresh`);
    expect(seen.calls).toBe(1);
    expect(second.data).toEqual({ n: 1 });
    expect(second.provenance).toMatchObject({ fromCache: true, sha256: first.provenance.sha256 });
    expect(second.provenance.cacheError).toBeUndefined();
    expect(store.calls).toEqual(['get', 'store', 'get']);
  });

  it('revalidates a stale entry through the store and keeps the refreshed one', async () => {
    const conditions: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/etag`, ({ request }) => {
        conditions.push(request.headers.get('if-none-match'));
        if (request.headers.get('if-none-match') === '"v1"')
          return new HttpResponse(null, {
            status: 304,
            headers: { etag: '"v1"', 'cache-control': 'max-age=60' },
          });
        return HttpResponse.json({ v: 1 }, { headers: { etag: '"v1"', 'cache-control': 'no-cache' } });
      }),
    );
    const store = asyncStore();
    const c = client({ cache: store });
    await c.getJson(`${BASE}/etag`);
    const revalidated = await c.getJson(`${BASE}/etag`);
    expect(revalidated.provenance).toMatchObject({ fromCache: true, revalidated: true });
    const third = await c.getJson(`${BASE}/etag`);
    expect(third.provenance).toMatchObject({ fromCache: true, revalidated: false });
    expect(conditions).toEqual([null, '"v1"']);
    expect(store.calls).toEqual(['get', 'store', 'get', 'refresh', 'get']);
  });

  it('goes on without a store that rejects, and says so in provenance.cacheError', async () => {
    const seen = counting('/down');
    const c = client({ cache: brokenStore() });
    const first = await c.getJson<{ n: number }>(`${BASE}/down`);
    const second = await c.getJson<{ n: number }>(`${BASE}/down`);
    expect([first.data, second.data]).toEqual([{ n: 1 }, { n: 2 }]);
    expect(seen.calls).toBe(2);
    expect(second.provenance.fromCache).toBe(false);
    expect(second.provenance.cacheError).toEqual({
      operation: 'get',
      code: 'STATE_STORE_UNAVAILABLE',
      message: 'redis httpCache.get failed: not connected',
    });
  });

  it('reports a failed write, and a store that throws instead of rejecting', async () => {
    counting('/write');
    const inner = new HttpCache();
    const writeFails = client({
      cache: brokenStore({ get: async (url) => inner.get(url) }),
    });
    const written = await writeFails.getJson(`${BASE}/write`);
    expect(written.provenance.cacheError).toMatchObject({
      operation: 'store',
      code: 'STATE_STORE_UNAVAILABLE',
    });
    const throwing = client({
      cache: brokenStore({
        get: () => {
          throw new TypeError('store bug');
        },
      }),
    });
    const answer = await throwing.getJson(`${BASE}/write`);
    expect(answer.provenance.cacheError).toEqual({
      operation: 'get',
      code: 'CACHE_STORE_FAILED',
      message: 'store bug',
    });
  });

  it('never lets a hanging store hold a call past half its deadline', async () => {
    counting('/hang');
    const c = client({
      cache: brokenStore({ get: () => new Promise<CacheEntry | undefined>(() => {}) }),
      timeoutMs: 600,
    });
    const started = performance.now();
    const answer = await c.getJson(`${BASE}/hang`);
    expect(performance.now() - started).toBeLessThan(600);
    expect(answer.provenance.cacheError).toMatchObject({ operation: 'get', code: 'CACHE_STORE_TIMEOUT' });
  });

  it('fails with TimeoutError when the network has no time left after the store', async () => {
    server.use(
      http.get(`${BASE}/slow`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return HttpResponse.json({});
      }),
    );
    const c = client({
      cache: brokenStore({ get: () => new Promise<CacheEntry | undefined>(() => {}) }),
      timeoutMs: 300,
    });
    const error = await c.getJson(`${BASE}/slow`).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
  });

  it("rejects with the caller's abort reason while waiting on the store", async () => {
    const c = client({ cache: brokenStore({ get: () => new Promise<CacheEntry | undefined>(() => {}) }) });
    const controller = new AbortController();
    const reason = new Error('user left');
    setTimeout(() => controller.abort(reason), 20);
    await expect(c.getJson(`${BASE}/never`, { signal: controller.signal })).rejects.toBe(reason);
  });
});
