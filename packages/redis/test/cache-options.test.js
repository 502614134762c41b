// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do. No Redis is needed: every call is refused before connecting.
import { invalidOption } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import { createRedisHttpCache, createRedisSearchCache } from '../src/index.js';

const url = 'redis://127.0.0.1:1';

describe('option checks of the Redis caches', () => {
  it.each([
    ['createRedisHttpCache', () => createRedisHttpCache(), 'options'],
    ['createRedisHttpCache', () => createRedisHttpCache('redis://127.0.0.1:6379'), 'options'],
    ['createRedisHttpCache', () => createRedisHttpCache({}), 'url'],
    ['createRedisHttpCache', () => createRedisHttpCache({ url: 6379 }), 'url'],
    ['createRedisHttpCache', () => createRedisHttpCache({ client: 'redis' }), 'client'],
    ['createRedisHttpCache', () => createRedisHttpCache({ url, keyPrefix: 7 }), 'keyPrefix'],
    ['createRedisHttpCache', () => createRedisHttpCache({ url, commandTimeoutMs: 3e9 }), 'commandTimeoutMs'],
    ['createRedisHttpCache', () => createRedisHttpCache({ url, maxEntryBytes: 0 }), 'maxEntryBytes'],
    ['createRedisHttpCache', () => createRedisHttpCache({ url, heuristicTtlMs: -1 }), 'heuristicTtlMs'],
    ['createRedisHttpCache', () => createRedisHttpCache({ url, negativeTtlMs: '30s' }), 'negativeTtlMs'],
    [
      'createRedisHttpCache',
      () => createRedisHttpCache({ url, revalidationWindowMs: 1.5 }),
      'revalidationWindowMs',
    ],
    ['createRedisHttpCache', () => createRedisHttpCache({ url, maxTtlMs: 0 }), 'maxTtlMs'],
    ['createRedisSearchCache', () => createRedisSearchCache(), 'options'],
    ['createRedisSearchCache', () => createRedisSearchCache({ keyPrefix: 'a:' }), 'url'],
    ['createRedisSearchCache', () => createRedisSearchCache({ url, ttlMs: 0 }), 'ttlMs'],
    ['createRedisSearchCache', () => createRedisSearchCache({ url, ttlMs: 1.5 }), 'ttlMs'],
    ['createRedisSearchCache', () => createRedisSearchCache({ url, maxEntryBytes: '1mb' }), 'maxEntryBytes'],
    ['createRedisSearchCache', () => createRedisSearchCache({ url, nearCacheBytes: -1 }), 'nearCacheBytes'],
  ])('%s refuses a wrong option', (callee, call, option) => {
    expect(call).toThrow(expect.objectContaining(invalidOption(callee, option)));
  });
});
