// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do. No Redis server is needed: options are checked before connecting.
import { invalidOption } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import { createRedisBackoffFactory, createRedisMerchantBackoff } from '../src/index.js';

// Never connected to: every call below is refused before a connection is opened.
const url = 'redis://127.0.0.1:1';

describe('merchant backoff on Redis', () => {
  it.each([
    ['createRedisBackoffFactory', () => createRedisBackoffFactory(), 'options'],
    ['createRedisBackoffFactory', () => createRedisBackoffFactory({}), 'url'],
    ['createRedisBackoffFactory', () => createRedisBackoffFactory({ url, probeLeaseMs: 0 }), 'probeLeaseMs'],
    ['createRedisBackoffFactory', () => createRedisBackoffFactory({ url, stateTtlMs: 1.5 }), 'stateTtlMs'],
    ['createRedisBackoffFactory', () => createRedisBackoffFactory({ url, onWarning: 'log' }), 'onWarning'],
    ['createRedisBackoffFactory', () => createRedisBackoffFactory({ url, openMs: 3e9 }), 'openMs'],
    ['createRedisBackoffFactory', () => createRedisBackoffFactory({ url, random: 0.5 }), 'random'],
    ['createRedisBackoffFactory', () => createRedisBackoffFactory({ url, keyPrefix: 1 }), 'keyPrefix'],
    ['createRedisMerchantBackoff', () => createRedisMerchantBackoff({ url }), 'merchantId'],
    ['createRedisMerchantBackoff', () => createRedisMerchantBackoff({ url, merchantId: '' }), 'merchantId'],
    [
      'createRedisMerchantBackoff',
      () => createRedisMerchantBackoff({ url, merchantId: 'm', failureThreshold: 0 }),
      'failureThreshold',
    ],
    ['forMerchant', () => createRedisBackoffFactory({ client: {} }).forMerchant(''), 'merchantId'],
  ])('%s refuses %s', (callee, call, option) => {
    expect(call).toThrow(expect.objectContaining(invalidOption(callee, option)));
  });
});
