import { isStateStoreError } from '@agentweb/core';
import { createRedisApprovalStore, DEFAULT_APPROVAL_TTL_MS } from '@agentweb/redis';
import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { describeApprovalStoreContract } from './approval-store-contract.js';

// Interoperability: the Redis approval store against a real redis-server on 127.0.0.1. Runs where redis-server
// is on PATH; elsewhere the test output says so in one line (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)('interop: redis-server approval store', () => {
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
  describeApprovalStoreContract('redis', async ({ ttlMs }) => {
    const options = { url: server.url, keyPrefix: `contract-${++prefixes}:`, ...(ttlMs ? { ttlMs } : {}) };
    const a = createRedisApprovalStore(options);
    const b = createRedisApprovalStore(options);
    return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
  });

  it('keeps the keys of one user under one hash tag, escaped, each with a TTL (one hour by default)', async () => {
    const store = createRedisApprovalStore({ url: server.url, keyPrefix: 'layout:' });
    try {
      const id = await store.putMatch('u:{1}', 'record');
      await store.propose('u:{1}', 'intent:match-1:0', '{"x":1}');
      const keys = (await admin.keys('layout:*')).sort();
      expect(keys).toEqual([
        `layout:approval:{u%3A%7B1%7D}:match:${id}`,
        'layout:approval:{u%3A%7B1%7D}:pending:intent%3Amatch-1%3A0',
      ]);
      for (const key of keys) {
        const ttl = await admin.pttl(key);
        expect(ttl).toBeGreaterThan(DEFAULT_APPROVAL_TTL_MS - 60_000);
        expect(ttl).toBeLessThanOrEqual(DEFAULT_APPROVAL_TTL_MS);
      }
    } finally {
      await store.close();
    }
  });

  it('Redis down: no approval is granted, StateStoreError within the deadline; after a restart it works again', async () => {
    const store = createRedisApprovalStore({ url: server.url, keyPrefix: 'down:', commandTimeoutMs: 300 });
    try {
      await store.propose('u', 's', 'x');
      await server.stop();
      const started = Date.now();
      const error = await store.consume('u', 's', 'x').then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isStateStoreError(error)).toBe(true);
      expect(error).toMatchObject({ operation: 'approvals.consume' });
      await expect(store.putMatch('u', 'r')).rejects.toSatisfy(isStateStoreError);
      expect(Date.now() - started).toBeLessThan(5_000);
      await server.start();
      await expect
        .poll(
          () =>
            store.propose('u', 's', 'y').then(
              () => 'ok',
              () => 'down',
            ),
          { timeout: 10_000 },
        )
        .toBe('ok');
      // The restarted server kept nothing (no persistence here): the old proposal is gone, the new one works.
      expect(await store.consume('u', 's', 'x')).toBe(false);
      expect(await store.consume('u', 's', 'y')).toBe(true);
    } finally {
      await store.close();
    }
  });
});
