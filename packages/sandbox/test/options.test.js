// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.
import { invalidOption, settle } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import {
  createSandboxFetch,
  createSandboxLookup,
  startMinimalSdkMerchants,
  startMinimalSdkMerchantsProcess,
  startSandbox,
  startSandboxProcess,
} from '../src/index.js';

const sandboxOption = (option) => ({
  name: 'SandboxOptionsError',
  code: 'SANDBOX_OPTIONS_INVALID',
  option,
  message: expect.stringContaining(option),
});

describe('sandbox starters', () => {
  it.each([
    ['startSandbox', () => startSandbox(null)],
    ['startSandboxProcess', () => startSandboxProcess('fast')],
    ['startMinimalSdkMerchants', () => startMinimalSdkMerchants()],
    ['startMinimalSdkMerchantsProcess', () => startMinimalSdkMerchantsProcess()],
  ])('%s refuses options that are not an object', async (callee, call) => {
    await expect(settle(call)).rejects.toMatchObject(invalidOption(callee, 'options'));
  });

  it.each([
    ['a merchant count that is a string', () => startSandbox({ merchants: '3' }), 'merchants'],
    ['a host off loopback', () => startSandbox({ host: '0.0.0.0' }), 'host'],
    ['faults that are a list', () => startSandbox({ faults: 'hang' }), 'faults'],
    ['UCP tokens keyed by name', () => startSandbox({ ucp: { tokens: { shop: 'x' } } }), 'ucp.tokens'],
    ['an empty UCP token', () => startSandbox({ ucp: { tokens: { 0: '' } } }), 'ucp.tokens'],
    [
      'a start timeout that is a string',
      () => startSandboxProcess({ startTimeoutMs: '1m' }),
      'startTimeoutMs',
    ],
    [
      'a crawl delay that is a string',
      () => startSandbox({ crawling: { crawlDelaySeconds: '1' } }),
      'crawling',
    ],
    [
      'a page latency upside down',
      () => startSandbox({ crawling: { pageLatency: { minMs: 50, maxMs: 20 } } }),
      'crawling.pageLatency',
    ],
    ['no merchant count', () => startMinimalSdkMerchants({}), 'merchants'],
    [
      'a latency without bounds',
      () => startMinimalSdkMerchantsProcess({ merchants: 2, latency: 5 }),
      'latency',
    ],
  ])('keeps SandboxOptionsError for %s', async (_case, call, option) => {
    await expect(settle(call)).rejects.toMatchObject(sandboxOption(option));
  });

  it('checks the lookup and fetch factories', () => {
    expect(() => createSandboxLookup(['shop.sandbox.test'])).toThrow(
      expect.objectContaining(invalidOption('createSandboxLookup', 'domains')),
    );
    expect(() => createSandboxLookup(new Set(), 'localhost')).toThrow(
      expect.objectContaining(invalidOption('createSandboxLookup', 'address')),
    );
    expect(() => createSandboxFetch()).toThrow(
      expect.objectContaining(invalidOption('createSandboxFetch', 'lookup')),
    );
  });
});
