import { isInvalidOptionError, isStateStoreError } from '@agentweb/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { openRedisConnection } from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';

// Interoperability: a real redis-server on 127.0.0.1. Runs where redis-server is on PATH; elsewhere the test
// output says so in one line (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)('interop: redis-server connection', () => {
  let server: RedisServerHandle;
  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs commands on the server the helper started', async () => {
    const connection = openRedisConnection('test', { url: server.url });
    try {
      await connection.call('set', (client) => client.set('k', 'v'));
      expect(await connection.call('get', (client) => client.get('k'))).toBe('v');
    } finally {
      await connection.close();
    }
  });

  it('fails a call with StateStoreError within the deadline while the server is down, and recovers after a restart', async () => {
    const connection = openRedisConnection('test', { url: server.url, commandTimeoutMs: 300 });
    try {
      await connection.call('ping', (client) => client.ping());
      await server.stop();
      const started = Date.now();
      const error = await connection.call('contextStore.get', (client) => client.get('k')).catch((e) => e);
      expect(isStateStoreError(error)).toBe(true);
      expect(error.operation).toBe('contextStore.get');
      expect(Date.now() - started).toBeLessThan(5_000);
      await server.start();
      await expect
        .poll(() => connection.call('ping', (client) => client.ping()).catch(() => 'down'), {
          timeout: 10_000,
        })
        .toBe('PONG');
    } finally {
      await connection.close();
    }
  });
});

describe('openRedisConnection options', () => {
  it('refuses a call with neither url nor client', () => {
    let error: unknown;
    try {
      openRedisConnection('createRedisContextStore', {});
    } catch (caught) {
      error = caught;
    }
    expect(isInvalidOptionError(error)).toBe(true);
  });
});
