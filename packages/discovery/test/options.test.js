// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.

import { invalidOption, settle } from '@agentweb/core/test';
import { createHttpClient } from '@agentweb/http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  crawl,
  createDnsResolver,
  createExtractionPool,
  createHtmlLinkScanner,
  createMemoryRobotsStore,
  createNooterraRegistryClient,
  createResolver,
  createRobotsPolicy,
  resolveMany,
  SseParser,
} from '../src/index.js';

const http = createHttpClient();
afterAll(() => http.close());

describe('option checks of the discovery factories', () => {
  it.each([
    ['createResolver', () => createResolver({ http: 'https://proxy.test' }), 'http'],
    ['createResolver', () => createResolver({ dns: '1.1.1.1' }), 'dns'],
    ['createResolver', () => createResolver({ mechanisms: 'dns-txt' }), 'mechanisms'],
    ['createResolver', () => createResolver({ cache: { clock: {} } }), 'cache.clock'],
    ['createDnsResolver', () => createDnsResolver({ servers: '127.0.0.1' }), 'servers'],
    ['createDnsResolver', () => createDnsResolver({ now: 0 }), 'now'],
    ['createNooterraRegistryClient', () => createNooterraRegistryClient(), 'options'],
    ['createNooterraRegistryClient', () => createNooterraRegistryClient({ http }), 'baseUrl'],
    ['createNooterraRegistryClient', () => createNooterraRegistryClient({ baseUrl: 7 }), 'baseUrl'],
    [
      'createNooterraRegistryClient',
      () => createNooterraRegistryClient({ baseUrl: 'https://r.test', apiKey: 12345 }),
      'apiKey',
    ],
    ['crawl', () => crawl(['shop.test'], {}).next(), 'http'],
    ['crawl', () => crawl(['shop.test'], { http: {} }).next(), 'http'],
    ['crawl', () => crawl('shop.test', { http }).next(), 'domains'],
    ['crawl', () => crawl(['shop.test'], { http, onProgress: 'log' }).next(), 'onProgress'],
    ['crawl', () => crawl(['shop.test'], { http, extractionPool: true }).next(), 'extractionPool'],
    ['crawl', () => crawl(['shop.test'], { http, offThreadChars: 1.5 }).next(), 'offThreadChars'],
    ['createExtractionPool', () => createExtractionPool({ size: 0 }), 'size'],
    ['createRobotsPolicy', () => createRobotsPolicy({ userAgent: 'bot' }), 'http'],
    ['createRobotsPolicy', () => createRobotsPolicy({ userAgent: 3, http }), 'userAgent'],
    [
      'createRobotsPolicy',
      () => createRobotsPolicy({ userAgent: 'bot', http, store: 'redis://cache' }),
      'store',
    ],
    ['createMemoryRobotsStore', () => createMemoryRobotsStore({ maxOrigins: -1 }), 'maxOrigins'],
    ['crawl', () => crawl(['shop.test'], { http, hostGate: { wait: () => {} } }).next(), 'hostGate'],
    [
      'createRobotsPolicy',
      () => createRobotsPolicy({ userAgent: 'bot', http, maxOrigins: 0.5 }),
      'maxOrigins',
    ],
    ['createHtmlLinkScanner', () => createHtmlLinkScanner({ rel: 'cap-agent-card' }), 'baseUrl'],
    ['createHtmlLinkScanner', () => createHtmlLinkScanner({ rel: 1, baseUrl: 'https://a.test/' }), 'rel'],
    ['new SseParser', () => new SseParser(null), 'options'],
    ['resolveMany', () => resolveMany({}, ['a.test']), 'resolver'],
    ['resolveMany', () => resolveMany({ resolve() {} }, 'a.test'), 'domains'],
    ['resolveMany', () => resolveMany({ resolve() {} }, [], { onProgress: 1 }), 'onProgress'],
  ])('%s refuses a missing or wrong option', async (callee, call, option) => {
    await expect(settle(call)).rejects.toMatchObject(invalidOption(callee, option));
  });

  // Node fires a timer longer than 2^31-1 ms after 1 ms: such a deadline or pause would end (or skip) at once.
  it.each([
    ['createExtractionPool', () => createExtractionPool({ timeoutMs: 3e9 }), 'timeoutMs'],
    ['createExtractionPool', () => createExtractionPool({ idleTimeoutMs: 2 ** 31 }), 'idleTimeoutMs'],
    [
      'createNooterraRegistryClient',
      () => createNooterraRegistryClient({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 3e9 }),
      'timeoutMs',
    ],
    [
      'createNooterraRegistryClient',
      () => createNooterraRegistryClient({ baseUrl: 'http://127.0.0.1:9/', stream: { idleTimeoutMs: 3e9 } }),
      'stream.idleTimeoutMs',
    ],
    [
      'createNooterraRegistryClient',
      () =>
        createNooterraRegistryClient({
          baseUrl: 'http://127.0.0.1:9/',
          stream: { reconnect: { maxDelayMs: 1e12 } },
        }),
      'stream.reconnect.maxDelayMs',
    ],
    [
      'NooterraRegistryClient.stream',
      () =>
        createNooterraRegistryClient({ baseUrl: 'http://127.0.0.1:9/' }).stream({}, { maxConnectionMs: 3e9 }),
      'maxConnectionMs',
    ],
    [
      'NooterraRegistryClient.stream',
      () =>
        createNooterraRegistryClient({ baseUrl: 'http://127.0.0.1:9/' }).stream(
          {},
          { reconnect: { baseDelayMs: 3e9 } },
        ),
      'reconnect.baseDelayMs',
    ],
    ['createRobotsPolicy', () => createRobotsPolicy({ userAgent: 'bot', http, timeoutMs: 3e9 }), 'timeoutMs'],
    // lru-cache takes whole milliseconds only; a fraction was a TypeError from inside it.
    [
      'createRobotsPolicy',
      () => createRobotsPolicy({ userAgent: 'bot', http, cacheTtlMs: 1.5 }),
      'cacheTtlMs',
    ],
    ['crawl', () => crawl(['shop.test'], { http, perHostDelayMs: 3e9 }).next(), 'perHostDelayMs'],
    ['crawl', () => crawl(['shop.test'], { http, maxCrawlDelayMs: 2 ** 31 }).next(), 'maxCrawlDelayMs'],
  ])('%s refuses a timer past 2^31-1 ms', async (callee, call, option) => {
    await expect(settle(call)).rejects.toMatchObject(invalidOption(callee, option));
  });

  it('refuses resolver and DNS deadlines past 2^31-1 ms with their own configuration errors', async () => {
    await expect(settle(() => createResolver({ timeoutMs: 3e9 }))).rejects.toMatchObject({
      code: 'DISCOVERY_CONFIG_INVALID',
      message: expect.stringContaining('2147483647'),
    });
    await expect(settle(() => createDnsResolver({ timeoutMs: 3e9 }))).rejects.toMatchObject({
      name: 'DnsConfigError',
      message: expect.stringContaining('2147483647'),
    });
    // A zero DNS deadline would time every lookup out before it was sent.
    await expect(settle(() => createDnsResolver({ timeoutMs: 0 }))).rejects.toMatchObject({
      name: 'DnsConfigError',
      message: expect.stringContaining('timeoutMs'),
    });
  });

  it('keeps the existing configuration errors where they named the option', async () => {
    await expect(settle(() => createResolver({ timeoutMs: 'soon' }))).rejects.toMatchObject({
      code: 'DISCOVERY_CONFIG_INVALID',
      message: expect.stringContaining('timeoutMs'),
    });
    await expect(settle(() => createDnsResolver({ timeoutMs: 'soon' }))).rejects.toMatchObject({
      name: 'DnsConfigError',
      code: 'DNS_CONFIG_INVALID',
      message: expect.stringContaining('timeoutMs'),
    });
    await expect(settle(() => createNooterraRegistryClient({ baseUrl: 'not a url' }))).rejects.toMatchObject({
      code: 'REGISTRY_CONFIG_INVALID',
    });
    await expect(settle(() => new SseParser({ maxEventBytes: '1MB' }))).rejects.toMatchObject({
      code: 'SSE_CONFIG_INVALID',
      message: expect.stringContaining('maxEventBytes'),
    });
  });
});
