// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.
import { isInvalidOptionError } from '@agentweb/core';
import { invalidOption } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import {
  createAddressPolicy,
  createGuardedConnector,
  createGuardedDispatcher,
  createGuardedFetch,
  createHttpClient,
  HttpCache,
} from '../src/index.js';

describe('option checks of the http factories', () => {
  it.each([
    ['createHttpClient', () => createHttpClient('https://example.test'), 'options'],
    ['createHttpClient', () => createHttpClient({ timeoutMs: '5s' }), 'timeoutMs'],
    ['createHttpClient', () => createHttpClient({ fetch: 'node-fetch' }), 'fetch'],
    ['createHttpClient', () => createHttpClient({ lookup: {} }), 'lookup'],
    ['createHttpClient', () => createHttpClient({ signal: { aborted: false } }), 'signal'],
    ['createHttpClient', () => createHttpClient({ redirect: 'manual' }), 'redirect'],
    ['createHttpClient', () => createHttpClient({ retry: { onRetry: 'log' } }), 'retry.onRetry'],
    ['createHttpClient', () => createHttpClient({ retry: { methods: ['GET', 1] } }), 'retry.methods[1]'],
    ['createHttpClient', () => createHttpClient({ cache: { maxEntries: 0 } }), 'cache.maxEntries'],
    ['createHttpClient', () => createHttpClient({ allowPrivateNetwork: 'yes' }), 'allowPrivateNetwork'],
    [
      'createHttpClient',
      () => createHttpClient({ allowPrivateNetwork: ['10.0.0.0/33'] }),
      'allowPrivateNetwork',
    ],
    [
      'createHttpClient',
      () => createHttpClient({ allowPrivateNetwork: ['localhost', 7] }),
      'allowPrivateNetwork',
    ],
    // An object with a `get` method is a store, and must have all of a store's methods.
    ['createHttpClient', () => createHttpClient({ cache: { get: () => undefined } }), 'cache'],
    ['new HttpCache', () => new HttpCache({ maxBytes: -1 }), 'maxBytes'],
    ['new HttpCache', () => new HttpCache({ maxEntryBytes: 1.5 }), 'maxEntryBytes'],
    ['createAddressPolicy', () => createAddressPolicy('loopback'), 'allowPrivateNetwork'],
    ['createGuardedFetch', () => createGuardedFetch({ dispatcher: {} }), 'dispatcher'],
    ['createGuardedFetch', () => createGuardedFetch({ lookup: 'dns' }), 'lookup'],
    ['createGuardedDispatcher', () => createGuardedDispatcher({ connections: 0 }), 'connections'],
    ['createGuardedConnector', () => createGuardedConnector({ connector: {} }), 'connector'],
  ])('%s refuses a wrong option', (callee, call, option) => {
    expect(call).toThrow(expect.objectContaining(invalidOption(callee, option)));
  });

  it('names what was expected and what was given, as a typed error', () => {
    let thrown;
    try {
      createHttpClient({ timeoutMs: -5 });
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidOptionError(thrown)).toBe(true);
    expect(thrown.message).toBe(
      'createHttpClient: option "timeoutMs" must be a positive number of milliseconds up to 2147483647; got the number -5',
    );
  });

  // Node fires a timer longer than 2^31-1 ms after 1 ms: such a deadline would end every call at once.
  it.each([
    ['createHttpClient', () => createHttpClient({ timeoutMs: 3e9 }), 'timeoutMs'],
    ['createHttpClient', () => createHttpClient({ retry: { baseDelayMs: 3e9 } }), 'retry.baseDelayMs'],
    ['createHttpClient', () => createHttpClient({ retry: { maxDelayMs: 2 ** 31 } }), 'retry.maxDelayMs'],
    [
      'createHttpClient',
      () => createHttpClient({ retry: { maxRetryDelayMs: 1e12 } }),
      'retry.maxRetryDelayMs',
    ],
    ['createGuardedDispatcher', () => createGuardedDispatcher({ connectTimeoutMs: 3e9 }), 'connectTimeoutMs'],
    [
      'createGuardedDispatcher',
      () => createGuardedDispatcher({ keepAliveTimeoutMs: 3e9 }),
      'keepAliveTimeoutMs',
    ],
  ])('%s refuses a timer past 2^31-1 ms', (callee, call, option) => {
    expect(call).toThrow(expect.objectContaining(invalidOption(callee, option)));
  });

  it('accepts timers up to 2^31-1 ms, and delays of 0', async () => {
    const client = createHttpClient({
      timeoutMs: 2 ** 31 - 1,
      retry: { baseDelayMs: 0, maxDelayMs: 2 ** 31 - 1, maxRetryDelayMs: 0 },
    });
    await client.close();
  });

  it('still accepts every documented form', async () => {
    const clients = [
      createHttpClient(),
      createHttpClient({ fetch: 'global', retry: false, cache: false }),
      createHttpClient({ cache: new HttpCache(), allowPrivateNetwork: ['localhost', '10.0.0.0/8'] }),
      createHttpClient({ headers: new Headers({ a: 'b' }), signal: new AbortController().signal }),
      createHttpClient({ headers: [['a', 'b']], retry: { budgetMs: Number.POSITIVE_INFINITY } }),
    ];
    await Promise.all(clients.map((client) => client.close()));
  });
});
