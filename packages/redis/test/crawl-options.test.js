// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do. None of them reaches Redis: options are refused first.
import { invalidOption, settle } from '@agentweb/core/test';
import { createHttpClient } from '@agentweb/http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createCrawlQueue,
  createRedisHostGate,
  createRedisRobotsStore,
  startCrawlWorker,
} from '../src/index.js';

const http = createHttpClient();
afterAll(() => http.close());
// A port nothing listens on: a factory that wrongly got past its checks would only fail to connect.
const url = 'redis://127.0.0.1:1';

describe('option checks of the distributed crawl', () => {
  it.each([
    ['createCrawlQueue', () => createCrawlQueue(), 'options'],
    ['createCrawlQueue', () => createCrawlQueue({ url: 6379 }), 'url'],
    ['createCrawlQueue', () => createCrawlQueue({ url, queueName: 'a:b' }), 'queueName'],
    ['createCrawlQueue', () => createCrawlQueue({ url, commandTimeoutMs: 3e9 }), 'commandTimeoutMs'],
    ['startCrawlWorker', () => startCrawlWorker({ url }), 'http'],
    ['startCrawlWorker', () => startCrawlWorker({ url, http: 'https://proxy.test' }), 'http'],
    ['startCrawlWorker', () => startCrawlWorker({ url, http, concurrency: 0 }), 'concurrency'],
    ['startCrawlWorker', () => startCrawlWorker({ url, http, lockDurationMs: '30s' }), 'lockDurationMs'],
    ['startCrawlWorker', () => startCrawlWorker({ url, http, inlineWaitMs: -1 }), 'inlineWaitMs'],
    ['startCrawlWorker', () => startCrawlWorker({ url, http, onEvent: 'log' }), 'onEvent'],
    ['startCrawlWorker', () => startCrawlWorker({ url, http, extractionPool: true }), 'extractionPool'],
    ['createRedisHostGate', () => createRedisHostGate({ url, leaseMs: 0.5 }), 'leaseMs'],
    ['createRedisHostGate', () => createRedisHostGate(null), 'options'],
    ['createRedisRobotsStore', () => createRedisRobotsStore({ url, maxRecordBytes: 0 }), 'maxRecordBytes'],
    ['createRedisRobotsStore', () => createRedisRobotsStore({ client: 'redis' }), 'client'],
  ])('%s refuses a missing or wrong option', async (callee, call, option) => {
    await expect(settle(call)).rejects.toMatchObject(invalidOption(callee, option));
  });

  it('CrawlQueue.crawl refuses bad targets and options on the first next(), before anything is queued', async () => {
    const queue = createCrawlQueue({ url, commandTimeoutMs: 200 });
    try {
      for (const [call, option] of [
        [() => queue.crawl('shop.test').next(), 'targets'],
        [() => queue.crawl({ pages: 'https://shop.test/p' }).next(), 'pages'],
        [() => queue.crawl({ domains: [''] }).next(), 'targets.domains'],
        [() => queue.crawl({ domains: ['a.test'] }, { crawlId: 'a:b' }).next(), 'crawlId'],
        [() => queue.crawl({ domains: ['a.test'] }, { perHostDelayMs: -5 }).next(), 'perHostDelayMs'],
        [() => queue.crawl({ domains: ['a.test'] }, { scheme: 'ftp' }).next(), 'scheme'],
        [() => queue.crawl({ domains: ['a.test'] }, { onProgress: 1 }).next(), 'onProgress'],
      ])
        await expect(settle(call)).rejects.toMatchObject(invalidOption('CrawlQueue.crawl', option));
    } finally {
      await queue.close();
    }
  });
});
