import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isStateStoreError } from '@agentweb/core';
import { createRobotsPolicy } from '@agentweb/discovery';
import { createHttpClient } from '@agentweb/http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { createRedisHostGate, createRedisRobotsStore, robotsKey } from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';
import { describeHostGateContract, describeRobotsStoreContract } from './helpers/crawl-state-contract.js';

// Interoperability: the crawl's shared state on a real redis-server on 127.0.0.1 (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

/** A plain client for looking at keys; quiet while the server is stopped. */
function adminClient(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  return client;
}

let counter = 0;
const freshPrefix = (): string => `t${++counter}${Math.random().toString(36).slice(2, 6)}:`;

describe.runIf(redis.available)('interop: redis-server crawl state', () => {
  let server: RedisServerHandle;
  let admin: Redis;
  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    admin = adminClient(server.url);
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.close();
  });

  describeHostGateContract('redis (createRedisHostGate)', async () => {
    const gate = createRedisHostGate({ url: server.url, keyPrefix: freshPrefix() });
    return { gate, close: () => gate.close() };
  });
  describeRobotsStoreContract('redis (createRedisRobotsStore)', async () => {
    const store = createRedisRobotsStore({ url: server.url, keyPrefix: freshPrefix() });
    return { store, close: () => store.close() };
  });

  it('shares turns between gates on separate connections: no overlap, spacing from the end of the last request', async () => {
    const keyPrefix = freshPrefix();
    const gates = [0, 1, 2].map(() => createRedisHostGate({ url: server.url, keyPrefix }));
    try {
      const spans: { start: number; end: number }[] = [];
      await Promise.all(
        gates.flatMap((gate) =>
          [0, 1].map(() =>
            gate.run(
              'fleet.test',
              () => 40,
              async () => {
                const start = performance.now();
                await new Promise((resolve) => setTimeout(resolve, 10));
                spans.push({ start, end: performance.now() });
              },
            ),
          ),
        ),
      );
      spans.sort((a, b) => a.start - b.start);
      expect(spans).toHaveLength(6);
      for (let i = 1; i < spans.length; i++)
        expect(spans[i]!.start - spans[i - 1]!.end).toBeGreaterThanOrEqual(35);
    } finally {
      await Promise.all(gates.map((g) => g.close()));
    }
  });

  it('gives each waiter that reserves its own later slot, and passes on a turn whose holder never released it', async () => {
    const gate = createRedisHostGate({ url: server.url, keyPrefix: freshPrefix(), leaseMs: 300 });
    try {
      const first = await gate.tryAcquire('busy.test', { delayMs: 100 });
      expect(first.acquired).toBe(true);
      const waits: number[] = [];
      for (let i = 0; i < 3; i++) {
        const attempt = await gate.tryAcquire('busy.test', { delayMs: 100, reserve: true });
        expect(attempt.acquired).toBe(false);
        if (!attempt.acquired) waits.push(attempt.waitMs);
      }
      expect(waits[1]!).toBeGreaterThan(waits[0]!);
      expect(waits[2]!).toBeGreaterThan(waits[1]!);
      // The holder "died": its lease runs out and the turn is free again, with no release.
      await new Promise((resolve) => setTimeout(resolve, 350));
      const next = await gate.tryAcquire('busy.test', { delayMs: 100 });
      expect(next.acquired).toBe(true);
      // The dead holder's late release changes nothing: the turn is someone else's now.
      if (first.acquired) expect(await gate.release(first.turn, { delayMs: 0 })).toBe(false);
    } finally {
      await gate.close();
    }
  });

  it('puts a TTL on every key it writes', async () => {
    const keyPrefix = freshPrefix();
    const gate = createRedisHostGate({ url: server.url, keyPrefix });
    const store = createRedisRobotsStore({ url: server.url, keyPrefix });
    try {
      await gate.run(
        'ttl.test',
        () => 50,
        async () => {},
      );
      const waiting = await gate.tryAcquire('ttl.test', { delayMs: 50, reserve: true });
      expect(waiting.acquired).toBe(false);
      await store.set({
        origin: 'http://ttl.test',
        sourceUrl: 'http://ttl.test/robots.txt',
        outcome: 'unavailable',
        fetchedAt: new Date().toISOString(),
        expiresAt: Date.now() + 60_000,
      });
      const keys = await admin.keys(`${keyPrefix}*`);
      expect(keys.length).toBe(2);
      for (const key of keys) expect(await admin.pttl(key)).toBeGreaterThan(0);
    } finally {
      await gate.close();
      await store.close();
    }
  });

  it('keeps no record over its byte cap, and reads a damaged or foreign value as no record', async () => {
    const keyPrefix = freshPrefix();
    const store = createRedisRobotsStore({ url: server.url, keyPrefix, maxRecordBytes: 1024 });
    try {
      await store.set({
        origin: 'http://big.test',
        sourceUrl: 'http://big.test/robots.txt',
        outcome: 'parsed',
        fetchedAt: new Date().toISOString(),
        text: `User-agent: *\n${'Disallow: /x\n'.repeat(200)}`,
        expiresAt: Date.now() + 60_000,
      });
      expect(await store.get('http://big.test')).toBeUndefined();
      await admin.set(robotsKey(keyPrefix, 'http://bad.test'), '{not json', 'PX', 60_000);
      await admin.set(
        robotsKey(keyPrefix, 'http://other.test'),
        JSON.stringify({ origin: 'http://elsewhere.test', outcome: 'parsed' }),
        'PX',
        60_000,
      );
      expect(await store.get('http://bad.test')).toBeUndefined();
      expect(await store.get('http://other.test')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('lets robots policies in different processes fetch each robots.txt once through the shared store', async () => {
    let fetches = 0;
    const site: Server = createServer((req, res) => {
      if (req.url === '/robots.txt') fetches++;
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private\nCrawl-delay: 3\n');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const keyPrefix = freshPrefix();
    const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true });
    const stores = [0, 1, 2].map(() => createRedisRobotsStore({ url: server.url, keyPrefix }));
    try {
      // Three policies on three connections stand for three crawler processes.
      const policies = stores.map((store) => createRobotsPolicy({ userAgent: 'TestBot/1', http, store }));
      expect(await policies[0]!.isAllowed(`${origin}/private/x`)).toBe(false);
      expect(await policies[1]!.isAllowed(`${origin}/public`)).toBe(true);
      expect(await policies[2]!.crawlDelay(`${origin}/`)).toBe(3);
      expect((await policies[2]!.getRecord(`${origin}/`)).sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(fetches).toBe(1);
      // Its TTL is the policy's (24 h by default), set on the server.
      const ttl = await admin.pttl(robotsKey(keyPrefix, origin));
      expect(ttl).toBeGreaterThan(23 * 60 * 60 * 1000);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await http.close();
      site.closeAllConnections();
      site.close();
    }
  });

  it('fails a turn request with StateStoreError within its deadline while Redis is down', async () => {
    const gate = createRedisHostGate({ url: server.url, keyPrefix: freshPrefix(), commandTimeoutMs: 300 });
    try {
      await gate.run(
        'down.test',
        () => 0,
        async () => {},
      );
      await server.stop();
      const started = Date.now();
      const error = await gate.tryAcquire('down.test', { delayMs: 0 }).catch((e: unknown) => e);
      expect(isStateStoreError(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await server.start();
      await gate.close();
      admin.disconnect();
      admin = adminClient(server.url);
    }
  });
});
