import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CachedSearchPage, createSearchCache, type SearchCacheStore } from '@agentweb/cap';
import { isInvalidOptionError } from '@agentweb/core';
import { createHttpClient, HttpCache, type HttpCacheStore } from '@agentweb/http';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientPool, sandboxOptions } from './client-fixtures.js';

// The facade's cache options: the stores two instances would share (Redis in production; here in-memory stores
// behind promises, as a shared store answers), so instances on one store share what one of them fetched.

let sb: Sandbox;
const pool = clientPool();
beforeAll(async () => {
  sb = await startSandbox({ merchants: 2, seed: 'client-shared-caches' });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

function sharedSearchCache(): SearchCacheStore & { writes: number } {
  const inner = createSearchCache();
  const store = {
    writes: 0,
    get: async (key: string): Promise<CachedSearchPage | undefined> => inner.get(key),
    set: async (key: string, page: CachedSearchPage): Promise<void> => {
      store.writes += 1;
      inner.set(key, page);
    },
  };
  return store;
}

function sharedHttpCache(): HttpCacheStore {
  const inner = new HttpCache();
  return {
    get: async (url, reader) => inner.get(url, reader),
    isFresh: (entry, now) => inner.isFresh(entry, now),
    ttlSeconds: (entry, now) => inner.ttlSeconds(entry, now),
    store: async (url, response, reader, now) => inner.store(url, response, reader, now),
    refresh: async (entry, headers, now) => inner.refresh(entry, headers, now),
    delete: async (url) => inner.delete(url),
    clear: async () => inner.clear(),
  };
}

const searchCalls = () => sb.merchants.reduce((sum, merchant) => sum + merchant.stats.a2aRequests, 0);

describe('new AgentWeb({ searchCache, httpCache })', () => {
  it('two instances on one search cache: the second is served what the first fetched', async () => {
    const searchCache = sharedSearchCache();
    const [a, b] = [0, 1].map(() => pool.make(sandboxOptions(sb, { searchCache, userId: 'shopper' })));
    for (const aw of [a!, b!]) for (const merchant of sb.merchants) await aw.addMerchant(merchant.cardUrl);
    const first = await a!.search('lamp', { personalise: false, deadlineMs: 10_000 });
    expect(first.outcomes.map((o) => [o.status, o.cachedPages])).toEqual([
      ['ok', 0],
      ['ok', 0],
    ]);
    expect(searchCache.writes).toBe(2);
    const before = searchCalls();
    const second = await b!.search('lamp', { personalise: false, deadlineMs: 10_000 });
    expect(second.outcomes.map((o) => [o.status, o.cachedPages])).toEqual([
      ['ok', 1],
      ['ok', 1],
    ]);
    expect(second.products.map((p) => p.product.id)).toEqual(first.products.map((p) => p.product.id));
    expect(searchCalls()).toBe(before);
  });

  it('builds its HTTP client on the given cache store, so a document fetched by one instance serves the other', async () => {
    let calls = 0;
    const origin = createServer((_request, response) => {
      calls += 1;
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      response.end(JSON.stringify({ name: 'shop', calls }));
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/.well-known/agent-card.json`;
      const httpCache = sharedHttpCache();
      const a = pool.make(sandboxOptions(sb, { httpCache }));
      const b = pool.make(sandboxOptions(sb, { httpCache }));
      expect(a.http.cacheStore).toBe(httpCache);
      await a.http.getJson(url);
      const again = await b.http.getJson(url);
      expect(again.provenance.fromCache).toBe(true);
      expect(again.data).toEqual({ name: 'shop', calls: 1 });
      expect(calls).toBe(1);
    } finally {
      origin.close();
    }
  });

  it('refuses an httpCache next to an http client, whose own cache would silently win', () => {
    let error: unknown;
    try {
      pool.make({ http: createHttpClient({ cache: false }), httpCache: sharedHttpCache() });
    } catch (caught) {
      error = caught;
    }
    expect(isInvalidOptionError(error)).toBe(true);
    expect(error).toMatchObject({ option: 'httpCache' });
  });
});
