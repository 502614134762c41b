import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { searchCacheKey } from '@agentweb/cap';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookAlikeIds } from '../../../test/id-arbitrary.js';
import { interopSuite } from '../../../test/interop.js';
import { describeSearchCacheContract, samplePage } from '../../cap/test/helpers/search-cache-contract.js';
import { describeSearchCachePartitions } from '../../cap/test/helpers/search-cache-partitions.js';
import { describeHttpCacheContract } from '../../http/test/helpers/http-cache-contract.js';
import {
  createRedisHttpCache,
  createRedisSearchCache,
  httpCacheOn,
  openRedisConnection,
  type RedisHttpCache,
  type RedisSearchCache,
  searchCacheOn,
} from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';

// Interoperability: the shared caches on a real redis-server on 127.0.0.1 (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

let server: RedisServerHandle;
let admin: Redis;
const opened: { close(): Promise<void> }[] = [];
let prefixes = 0;
/** A fresh key prefix per cache, so tests (and the contract's cases) never see each other's keys. */
function nextPrefix(): string {
  prefixes += 1;
  return `t${prefixes}:`;
}

function httpCache(options: Parameters<typeof createRedisHttpCache>[0] = {}): RedisHttpCache {
  const cache = createRedisHttpCache({ url: server.url, keyPrefix: nextPrefix(), ...options });
  opened.push(cache);
  return cache;
}

function searchCache(options: Parameters<typeof createRedisSearchCache>[0] = {}): RedisSearchCache {
  const cache = createRedisSearchCache({ url: server.url, keyPrefix: nextPrefix(), ...options });
  opened.push(cache);
  return cache;
}

/** A fan-out's cache key for `query` at shop.test in `partition`. */
const key = (partition: string, query: string) =>
  searchCacheKey({ merchantId: 'shop.test', partition, query, limit: 10, offset: 0 });

/** Every key under `prefix` with its TTL in ms (-1: none). */
async function keysWithTtl(prefix: string, client: Redis = admin): Promise<Map<string, number>> {
  const ttls = new Map<string, number>();
  for (const key of await client.keys(`${prefix}*`)) ttls.set(key, await client.pttl(key));
  return ttls;
}

describe.runIf(redis.available)('interop: shared caches on redis-server', () => {
  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    admin = new Redis(server.url);
  });
  afterAll(async () => {
    await Promise.all(opened.map((cache) => cache.close()));
    admin?.disconnect();
    await server?.close();
  });

  describeHttpCacheContract('createRedisHttpCache', { make: (options) => httpCache(options), shared: true });
  describeSearchCacheContract('createRedisSearchCache', {
    make: (options) => searchCache(options),
    capsEntryBytes: true,
  });
  // Every read a round trip: the contract holds for what Redis itself keeps, not only for the near cache.
  describeSearchCacheContract('createRedisSearchCache without a near cache', {
    make: (options) => searchCache({ ...options, nearCacheBytes: 0 }),
    capsEntryBytes: true,
  });
  describeSearchCachePartitions('createRedisSearchCache', () => searchCache());

  describe('createRedisHttpCache on Redis', () => {
    const now = Date.now();
    const answer = (headers: Record<string, string>, size = 100) => ({
      status: 200,
      headers: new Headers(headers),
      bytes: new Uint8Array(size),
      sha256: 'x',
      finalUrl: 'https://shop.test/a',
      redirects: [],
      fetchedAt: new Date(now).toISOString(),
    });

    it('gives every key a TTL: freshness, plus the revalidation window with a validator, at most maxTtlMs', async () => {
      const keyPrefix = nextPrefix();
      const cache = createRedisHttpCache({
        url: server.url,
        keyPrefix,
        revalidationWindowMs: 60_000,
        maxTtlMs: 3_600_000,
      });
      opened.push(cache);
      await cache.store('https://shop.test/plain', answer({ 'cache-control': 'max-age=30' }), undefined, now);
      await cache.store(
        'https://shop.test/etag',
        answer({ 'cache-control': 'max-age=30', etag: '"1"' }),
        undefined,
        now,
      );
      await cache.store(
        'https://shop.test/year',
        answer({ 'cache-control': 'max-age=31536000' }),
        undefined,
        now,
      );
      const ttls = [...(await keysWithTtl(keyPrefix)).values()].sort((a, b) => a - b);
      expect(ttls).toHaveLength(3);
      expect(ttls[0]).toBeGreaterThan(25_000);
      expect(ttls[0]).toBeLessThanOrEqual(30_000);
      expect(ttls[1]).toBeGreaterThan(85_000);
      expect(ttls[1]).toBeLessThanOrEqual(90_000);
      expect(ttls[2]).toBeLessThanOrEqual(3_600_000);
      expect(ttls[2]).toBeGreaterThan(3_500_000);
    });

    it('lays keys out as <prefix>http:<host>:<digest>, with the host escaped', async () => {
      const keyPrefix = nextPrefix();
      const cache = createRedisHttpCache({ url: server.url, keyPrefix });
      opened.push(cache);
      await cache.store(
        'https://shop.test:8443/a',
        answer({ 'cache-control': 'max-age=30' }),
        undefined,
        now,
      );
      const [key] = [...(await keysWithTtl(keyPrefix)).keys()];
      expect(key).toMatch(new RegExp(`^${keyPrefix}http:shop\\.test%3A8443:[A-Za-z0-9_-]{43}$`));
    });

    it('shares entries between clients of different processes, and never stores Set-Cookie', async () => {
      let calls = 0;
      const origin: Server = createServer((_request, response) => {
        calls += 1;
        response.writeHead(200, {
          'content-type': 'application/json',
          'cache-control': 'max-age=60',
          'set-cookie': 'session=one-users-secret',
        });
        response.end(JSON.stringify({ calls }));
      });
      await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/card.json`;
      const keyPrefix = nextPrefix();
      // Two instances: each its own connection, as two processes would have.
      const [a, b] = [0, 1].map(() => {
        const cache = createRedisHttpCache({ url: server.url, keyPrefix });
        opened.push(cache);
        return createHttpClient({ allowHttp: true, allowPrivateNetwork: ['127.0.0.1'], cache });
      }) as [HttpClient, HttpClient];
      try {
        const first = await a.getJson<{ calls: number }>(url);
        expect(first.headers.get('set-cookie')).toBe('session=one-users-secret');
        const second = await b.getJson<{ calls: number }>(url);
        expect(calls).toBe(1);
        expect(second.data).toEqual({ calls: 1 });
        expect(second.provenance).toMatchObject({ fromCache: true, sha256: first.provenance.sha256 });
        expect(second.headers.get('set-cookie')).toBeNull();
      } finally {
        await Promise.all([a.close(), b.close()]);
        origin.close();
      }
    });
  });

  describe('createRedisSearchCache on Redis', () => {
    it('gives every key the TTL and lays keys out by partition', async () => {
      const keyPrefix = nextPrefix();
      const cache = createRedisSearchCache({ url: server.url, keyPrefix, ttlMs: 45_000 });
      opened.push(cache);
      await cache.set(key('anonymous', 'lamp'), samplePage('m', 2));
      await cache.set(key('user:al:ice', 'lamp'), samplePage('m', 2));
      const ttls = await keysWithTtl(keyPrefix);
      expect([...ttls.keys()].sort()).toEqual([
        expect.stringMatching(new RegExp(`^${keyPrefix}search:anonymous:[A-Za-z0-9_-]{43}$`)),
        expect.stringMatching(new RegExp(`^${keyPrefix}search:user%3Aal%3Aice:[A-Za-z0-9_-]{43}$`)),
      ]);
      for (const ttl of ttls.values()) {
        expect(ttl).toBeGreaterThan(40_000);
        expect(ttl).toBeLessThanOrEqual(45_000);
      }
    });

    it('is shared between instances on one Redis and prefix, and separate under another prefix', async () => {
      const keyPrefix = nextPrefix();
      const [a, b] = [0, 1].map(() => {
        const cache = createRedisSearchCache({ url: server.url, keyPrefix });
        opened.push(cache);
        return cache;
      }) as [RedisSearchCache, RedisSearchCache];
      await a.set(key('anonymous', 'lamp'), samplePage('shared', 1));
      expect((await b.get(key('anonymous', 'lamp')))?.output.products[0]?.id).toBe('shared-p0');
      expect(await searchCache().get(key('anonymous', 'lamp'))).toBeUndefined();
    });

    it('serves pages an instance has read or written from its near cache, and only while the Redis key lives', async () => {
      const keyPrefix = nextPrefix();
      const [writer, reader, uncached] = [16 * 1024 * 1024, 16 * 1024 * 1024, 0].map((nearCacheBytes) => {
        const cache = createRedisSearchCache({ url: server.url, keyPrefix, ttlMs: 1_000, nearCacheBytes });
        opened.push(cache);
        return cache;
      }) as [RedisSearchCache, RedisSearchCache, RedisSearchCache];
      await writer.set(key('anonymous', 'lamp'), samplePage('m', 1));
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await reader.get(key('anonymous', 'lamp'))).toBeDefined();
      // Gone from Redis: the instances that hold it near still serve it (no round trip), the others do not.
      await admin.del(...(await admin.keys(`${keyPrefix}*`)));
      expect(await uncached.get(key('anonymous', 'lamp'))).toBeUndefined();
      expect(reader.get(key('anonymous', 'lamp'))).toMatchObject({ output: { totalResults: 1 } });
      expect(writer.get(key('anonymous', 'lamp'))).toMatchObject({ output: { totalResults: 1 } });
      // The reader kept the expiry the key had in Redis, not a fresh ttlMs from its own read.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await reader.get(key('anonymous', 'lamp'))).toBeUndefined();
      expect(await writer.get(key('anonymous', 'lamp'))).toBeUndefined();
    });

    it("keeps every user's pages apart, whatever the user id holds (lone surrogates, U+FFFD, long ids), in short keys", async () => {
      const keyPrefix = nextPrefix();
      const cache = createRedisSearchCache({ url: server.url, keyPrefix, nearCacheBytes: 0 });
      opened.push(cache);
      const long = 'u'.repeat(10_000);
      const users = lookAlikeIds(long);
      for (const [i, user] of users.entries())
        await cache.set(key(`user:${user}`, 'lamp'), samplePage(`p${i}`, 1));
      for (const [i, user] of users.entries())
        expect((await cache.get(key(`user:${user}`, 'lamp')))?.output.products[0]?.id).toBe(`p${i}-p0`);
      // A query that differs only in a lone surrogate is another page too.
      await cache.set(key('anonymous', 'lamp \uD800'), samplePage('surrogate', 1));
      expect(await cache.get(key('anonymous', 'lamp \uFFFD'))).toBeUndefined();
      for (const stored of await admin.keys(`${keyPrefix}*`))
        expect(Buffer.byteLength(stored)).toBeLessThan(300);
    });

    it('treats a value it did not write as a miss', async () => {
      const keyPrefix = nextPrefix();
      const cache = createRedisSearchCache({ url: server.url, keyPrefix, nearCacheBytes: 0 });
      opened.push(cache);
      await cache.set(key('anonymous', 'lamp'), samplePage('m', 1));
      const [stored] = await admin.keys(`${keyPrefix}*`);
      for (const garbage of ['not json', '{"v":1,"page":{"output":{"products":"x"}}}', '{"v":99}']) {
        await admin.set(stored!, garbage, 'PX', 60_000);
        expect(await cache.get(key('anonymous', 'lamp'))).toBeUndefined();
      }
    });
  });

  it('puts both caches on one open connection, as createRedisState shares it', async () => {
    const keyPrefix = nextPrefix();
    const connection = openRedisConnection('test', { url: server.url, keyPrefix });
    opened.push(connection);
    const pages = searchCacheOn(connection, { ttlMs: 30_000 });
    const responses = httpCacheOn(connection, { maxTtlMs: 20_000 });
    await pages.set(key('anonymous', 'lamp'), samplePage('m', 1));
    await responses.store('https://shop.test/card', {
      status: 200,
      headers: new Headers({ 'cache-control': 'max-age=600' }),
      bytes: new Uint8Array(3),
      sha256: 'x',
      finalUrl: 'https://shop.test/card',
      redirects: [],
      fetchedAt: new Date().toISOString(),
    });
    const ttls = await keysWithTtl(keyPrefix);
    expect([...ttls.keys()].map((name) => name.split(':')[1]).sort()).toEqual(['http', 'search']);
    for (const ttl of ttls.values()) expect(ttl).toBeLessThanOrEqual(30_000);
    expect(connection.client.status).toBe('ready');
  });

  describe('bounds against a hostile merchant', () => {
    it('keeps huge pages out and lets many distinct queries only churn a maxmemory-bounded Redis', async () => {
      // A Redis configured as the README recommends for caches: a memory cap and an LRU eviction policy.
      const bounded = await startRedisServer({
        executable: redis.executable,
        args: ['--maxmemory', '4mb', '--maxmemory-policy', 'allkeys-lru'],
      });
      const cache = createRedisSearchCache({ url: bounded.url, maxEntryBytes: 64 * 1024 });
      const probe = new Redis(bounded.url);
      try {
        await cache.set(key('anonymous', 'huge'), samplePage('huge', 10, 'x'.repeat(20_000)));
        expect(await cache.get(key('anonymous', 'huge'))).toBeUndefined();
        // 2,000 distinct queries of ~20 KB pages: 40 MB offered to a 4 MB Redis.
        for (let batch = 0; batch < 20; batch += 1) {
          await Promise.all(
            Array.from({ length: 100 }, (_, i) =>
              cache.set(key('anonymous', `q${batch}-${i}`), samplePage('m', 10, 'y'.repeat(1_900))),
            ),
          );
        }
        const usedMemory = Number(/used_memory:(\d+)/.exec(await probe.info('memory'))?.[1]);
        expect(usedMemory).toBeLessThan(6 * 1024 * 1024);
        // Still a working cache: the most recent pages are there.
        expect(await cache.get(key('anonymous', 'q19-99'))).toBeDefined();
        // No key without a TTL (-1); -2 is a key evicted between KEYS and PTTL.
        for (const ttl of (await keysWithTtl('', probe)).values()) expect(ttl).not.toBe(-1);
      } finally {
        probe.disconnect();
        await cache.close();
        await bounded.close();
      }
    });
  });
});
