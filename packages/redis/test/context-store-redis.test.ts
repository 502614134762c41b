import { createMerchantClient, isContextStoreError } from '@agentweb/cap';
import { isStateStoreError } from '@agentweb/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { createRedisContextStore, DEFAULT_CONTEXT_TTL_MS, REVOCATION_FENCE_MS } from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';
import { describeContextStoreContract } from './helpers/context-store-contract.js';
import { describeSingleFlightContract } from './helpers/single-flight-contract.js';

// Interoperability: the Redis context store against a real redis-server on 127.0.0.1. Runs where redis-server is
// on PATH; elsewhere the test output says so in one line (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)('interop: redis-server context store', () => {
  let server: RedisServerHandle;
  let admin: Redis;
  let prefixes = 0;
  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    admin = new Redis(server.url);
    // The tests stop the server on purpose; this connection reconnects quietly.
    admin.on('error', () => {});
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.close();
  });

  // Two stores on two connections with one key prefix: two instances of a backend.
  describeContextStoreContract('redis', async () => {
    const keyPrefix = `contract-${++prefixes}:`;
    const a = createRedisContextStore({ url: server.url, keyPrefix });
    const b = createRedisContextStore({ url: server.url, keyPrefix });
    return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
  });

  // Two instances: two stores, each on its own connection, one key prefix.
  describeSingleFlightContract('redis', async (settings = {}) => {
    const keyPrefix = `single-flight-${++prefixes}:`;
    const a = createRedisContextStore({ url: server.url, keyPrefix, ...settings });
    const b = createRedisContextStore({ url: server.url, keyPrefix, ...settings });
    return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
  });

  it('keeps every key short whatever the card or user id holds: a 100 KB merchant id gives keys of at most ~250 bytes', async () => {
    const store = createRedisContextStore({ url: server.url, keyPrefix: 'bounded:' });
    const merchantId = `https://shop.example/${'x'.repeat(100_000)}`;
    try {
      for (let i = 0; i < 50; i += 1)
        await store.set({ userId: `user-${i}-${'u'.repeat(i * 100)}`, merchantId }, `ctx-${i}`);
      const keys = await admin.keys('bounded:*');
      expect(keys).toHaveLength(50);
      for (const keyName of keys)
        expect(Buffer.byteLength(keyName)).toBeLessThanOrEqual('bounded:context'.length + 2 * 201);
      expect(await store.get({ userId: 'user-49-'.padEnd(8 + 4_900, 'u'), merchantId })).toBe('ctx-49');
      expect(
        await store.get({ userId: 'user-49-'.padEnd(8 + 4_900, 'u'), merchantId: `${merchantId}y` }),
      ).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('keeps one string per user and merchant, escaped, with a TTL that reads and writes renew and a revocation never shortens', async () => {
    const store = createRedisContextStore({ url: server.url, keyPrefix: 'layout:', ttlMs: 60_000 });
    // Another instance: it has not renewed the key yet, so its first read does.
    const other = createRedisContextStore({ url: server.url, keyPrefix: 'layout:', ttlMs: 60_000 });
    const key = { userId: 'u:1', merchantId: 'shop{a}' };
    try {
      await store.set(key, 'ctx');
      const keyName = 'layout:context:u%3A1:shop%7Ba%7D';
      // The generation (an unconditional set starts one), a newline, the contextId.
      expect(await admin.get(keyName)).toMatch(/^[0-9a-f-]{36}\nctx$/);
      const ttl = await admin.pttl(keyName);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      await admin.pexpire(keyName, 5_000);
      await other.get(key);
      expect(await admin.pttl(keyName)).toBeGreaterThan(50_000);
      // A revocation's generation outlives a short ttlMs, so a late answer is fenced for at least a day...
      await store.delete(key);
      const fenced = await admin.get(keyName);
      expect(fenced).toMatch(/^[0-9a-f-]{36}\n$/);
      expect(await admin.pttl(keyName)).toBeGreaterThan(REVOCATION_FENCE_MS - 60_000);
      // ...and neither a read nor a contextId written after it shortens that.
      const { generation } = await store.read(key);
      expect(`${generation}\n`).toBe(fenced);
      await store.setIfGeneration(key, 'ctx-2', generation);
      expect(await admin.get(keyName)).toBe(`${fenced}ctx-2`);
      await store.set(key, 'ctx-3');
      expect(await admin.pttl(keyName)).toBeGreaterThan(REVOCATION_FENCE_MS - 60_000);
      // Nothing AgentWeb writes lives forever.
      for (const name of await admin.keys('layout:*')) expect(await admin.pttl(name)).toBeGreaterThan(0);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('keeps a contextId 30 days by default; reads renew it, at most once an hour per key and instance', async () => {
    const store = createRedisContextStore({ url: server.url, keyPrefix: 'default-ttl:' });
    const other = createRedisContextStore({ url: server.url, keyPrefix: 'default-ttl:' });
    const key = { userId: 'u', merchantId: 'm' };
    try {
      await store.set(key, 'ctx');
      const ttl = await admin.pttl('default-ttl:context:u:m');
      expect(ttl).toBeGreaterThan(DEFAULT_CONTEXT_TTL_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(DEFAULT_CONTEXT_TTL_MS);
      await admin.pexpire('default-ttl:context:u:m', 5_000);
      // The store that just wrote it renewed it a moment ago: its reads are plain GETs for the next hour.
      expect(await store.get(key)).toBe('ctx');
      expect(await admin.pttl('default-ttl:context:u:m')).toBeLessThanOrEqual(5_000);
      // Another instance renews on its first read.
      expect(await other.get(key)).toBe('ctx');
      expect(await admin.pttl('default-ttl:context:u:m')).toBeGreaterThan(DEFAULT_CONTEXT_TTL_MS - 60_000);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('context-creation lock: a lease with a TTL; a stalled or dead holder is taken over once it runs out; a late release never frees the next holder', async () => {
    const settings = { url: server.url, keyPrefix: 'lease:', lockTtlMs: 400, lockWaitMs: 5_000 };
    const stalled = createRedisContextStore(settings);
    const other = createRedisContextStore(settings);
    const dead = createRedisContextStore(settings);
    const key = { userId: 'u:1', merchantId: 'shop' };
    try {
      const stale = await stalled.lock(key);
      const [lockKey, ...others] = await admin.keys('lease:*');
      expect(others).toEqual([]);
      expect(lockKey).toBe('lease:context:u%3A1:shop:lock');
      const ttl = await admin.pttl(lockKey as string);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(400);
      // A holder that outlives its lease: another instance takes over once it runs out...
      let started = performance.now();
      const taken = await other.lock(key);
      expect(performance.now() - started).toBeGreaterThan(200);
      // ...and the first holder's late release (its token no longer matches) leaves the new holder's lease.
      const holder = await admin.get(lockKey as string);
      await stale.release();
      expect(await admin.get(lockKey as string)).toBe(holder);
      await taken.release();
      expect(await admin.exists(lockKey as string)).toBe(0);
      // A holder whose instance dies (connection gone, no release): the lease runs out, and the next caller gets it.
      await dead.lock(key);
      await dead.close();
      started = performance.now();
      const after = await other.lock(key);
      expect(performance.now() - started).toBeGreaterThan(200);
      await after.release();
      expect(await admin.exists(lockKey as string)).toBe(0);
    } finally {
      await Promise.all([stalled.close(), other.close(), dead.close()]);
    }
  });

  it('context-creation lock while Redis is down: lock fails with StateStoreError within the deadline, a release resolves, and locking works after a restart', async () => {
    const store = createRedisContextStore({
      url: server.url,
      keyPrefix: 'lease-down:',
      commandTimeoutMs: 300,
    });
    const key = { userId: 'u', merchantId: 'm' };
    try {
      const held = await store.lock(key);
      await server.stop();
      const started = Date.now();
      // A release that cannot reach Redis does not throw: the lease runs out by itself.
      await expect(held.release()).resolves.toBeUndefined();
      await expect(store.lock(key)).rejects.toSatisfy(isStateStoreError);
      expect(Date.now() - started).toBeLessThan(3_000);
      await server.start();
      await expect
        .poll(
          () =>
            store.lock(key).then(
              async (lease) => {
                await lease.release();
                return 'ok';
              },
              () => 'down',
            ),
          { timeout: 10_000 },
        )
        .toBe('ok');
    } finally {
      await store.close();
    }
  });

  it('keeps a contextId that contains a newline intact', async () => {
    const store = createRedisContextStore({ url: server.url, keyPrefix: 'newline:' });
    try {
      await store.set({ userId: 'u', merchantId: 'm' }, 'line one\nline two');
      await store.delete({ userId: 'u', merchantId: 'n' });
      expect(await store.get({ userId: 'u', merchantId: 'm' })).toBe('line one\nline two');
      const { generation } = await store.read({ userId: 'u', merchantId: 'n' });
      expect(await store.setIfGeneration({ userId: 'u', merchantId: 'n' }, 'a\nb', generation)).toBe(true);
      expect(await store.read({ userId: 'u', merchantId: 'n' })).toEqual({ contextId: 'a\nb', generation });
    } finally {
      await store.close();
    }
  });

  it('works on a client the caller owns, and leaves it open on close()', async () => {
    const client = new Redis(server.url);
    try {
      const store = createRedisContextStore({ client, keyPrefix: 'owned:' });
      await store.set({ userId: 'u', merchantId: 'm' }, 'ctx');
      await store.close();
      expect(await client.get('owned:context:u:m')).toMatch(/\nctx$/);
    } finally {
      client.disconnect();
    }
  });

  it('runs its scripts after Redis forgot them (SCRIPT FLUSH, as after a restart)', async () => {
    const store = createRedisContextStore({ url: server.url, keyPrefix: 'flush:' });
    try {
      await store.set({ userId: 'u', merchantId: 'm' }, 'before');
      await admin.script('FLUSH');
      await store.set({ userId: 'u', merchantId: 'm' }, 'after');
      expect(await store.get({ userId: 'u', merchantId: 'm' })).toBe('after');
    } finally {
      await store.close();
    }
  });

  it('a bad key is a ContextStoreError before any round trip, not a Redis error', async () => {
    const store = createRedisContextStore({ url: server.url, keyPrefix: 'bad:' });
    try {
      await expect(store.get({ userId: '', merchantId: 'm' })).rejects.toSatisfy(isContextStoreError);
      await expect(store.delete({ userId: 'u' } as never)).rejects.toSatisfy(isContextStoreError);
    } finally {
      await store.close();
    }
  });

  it('Redis down: every call fails with StateStoreError within the deadline, a merchant call sends nothing, and all works again after a restart', async () => {
    const store = createRedisContextStore({ url: server.url, keyPrefix: 'down:', commandTimeoutMs: 300 });
    const key = { userId: 'u', merchantId: 'm' };
    let sent = 0;
    try {
      await store.set(key, 'ctx');
      await server.stop();
      const calls: [string, () => Promise<unknown>][] = [
        ['contextStore.get', () => store.get(key)],
        ['contextStore.read', () => store.read(key)],
        ['contextStore.set', () => store.set(key, 'other')],
        ['contextStore.setIfGeneration', () => store.setIfGeneration(key, 'other', '')],
        ['contextStore.delete', () => store.delete(key)],
      ];
      for (const [operation, call] of calls) {
        const started = Date.now();
        const error = await call().then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(isStateStoreError(error), operation).toBe(true);
        expect(error).toMatchObject({ code: 'STATE_STORE_UNAVAILABLE', store: 'redis', operation });
        expect(Date.now() - started).toBeLessThan(3_000);
      }
      // A merchant call cannot go on without the user's contextId: it fails before anything is sent, rather than
      // silently starting a new context at the merchant.
      const { parseAgentCard } = await import('@agentweb/agentcard');
      const { sampleCapMerchantCard } = await import('@agentweb/agentcard/test');
      const client = createMerchantClient({
        profile: parseAgentCard(sampleCapMerchantCard()).profile,
        a2a: {
          sendMessage: async () => {
            sent += 1;
            throw new Error('not reached');
          },
          waitForTask: async () => {
            throw new Error('not reached');
          },
        } as never,
        contextStore: store,
        userId: 'u',
        merchantId: 'm',
      });
      await expect(client.productSearch({ query: 'tent' })).rejects.toSatisfy(isStateStoreError);
      expect(sent).toBe(0);
      await server.start();
      await expect
        .poll(
          () =>
            store.set(key, 'after-restart').then(
              () => 'ok',
              () => 'down',
            ),
          { timeout: 10_000 },
        )
        .toBe('ok');
      expect(await store.get(key)).toBe('after-restart');
    } finally {
      await store.close();
    }
  });
});
