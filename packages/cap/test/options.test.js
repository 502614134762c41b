// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.
import { parseAgentCard } from '@agentweb/agentcard';
import { isInvalidOptionError } from '@agentweb/core';
import { invalidOption, settle } from '@agentweb/core/test';
import { createHttpClient } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';
import { startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFileContextStore,
  createMemoryContextStore,
  createMerchantBackoff,
  createMerchantClient,
  createSearchCache,
  fanOutSearch,
  fanOutSearchStream,
} from '../src/index.js';

let sb;
let http;
let profiles;

/** An HTTP client that reaches a sandbox's merchants (loopback, plain http, sandbox names). */
const sandboxHttp = (sandbox, extra = {}) =>
  createHttpClient({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    connector: createLoopbackOnlyConnector(),
    ...extra,
  });

/** Runs `use` with a sandbox of one merchant that never answers, and an HTTP client for it; closes both. */
async function withHangingMerchant(seed, httpOptions, use) {
  const hanging = await startSandbox({ merchants: 1, seed, faults: { 0: { hang: true } } });
  const local = sandboxHttp(hanging, httpOptions);
  try {
    const card = (await local.getJson(hanging.merchants[0].cardUrl)).data;
    await use({ card, http: local });
  } finally {
    await local.close();
    await hanging.close();
  }
}
beforeAll(async () => {
  sb = await startSandbox({
    merchants: 3,
    seed: 'cap-options',
    faults: {
      1: { serverError: { status: 503 } },
      2: { rateLimit: { retryAfterSeconds: 60, mode: 'task' } },
    },
  });
  http = sandboxHttp(sb, { timeoutMs: 10_000 });
  profiles = await Promise.all(
    sb.merchants.map(async (m) => parseAgentCard((await http.getJson(m.cardUrl)).data).profile),
  );
});
afterAll(async () => {
  await http?.close();
  await sb?.close();
});

const clientFor = (index, extra = {}) =>
  createMerchantClient({
    profile: profiles[index],
    http,
    userId: 'user-1',
    merchantId: sb.merchants[index].domain,
    agentCardUrl: sb.merchants[index].cardUrl,
    ...extra,
  });

describe('createMerchantClient options', () => {
  it('refuses a missing or wrong-typed required option, naming it', async () => {
    await expect(settle(() => createMerchantClient())).rejects.toMatchObject(
      invalidOption('createMerchantClient', 'options'),
    );
    await expect(settle(() => createMerchantClient({ userId: 'u' }))).rejects.toMatchObject(
      invalidOption('createMerchantClient', 'profile'),
    );
    await expect(settle(() => createMerchantClient({ profile: 'shop', userId: 'u' }))).rejects.toMatchObject(
      invalidOption('createMerchantClient', 'profile'),
    );
    await expect(settle(() => createMerchantClient({ profile: profiles[0] }))).rejects.toMatchObject(
      invalidOption('createMerchantClient', 'userId'),
    );
    await expect(
      settle(() => createMerchantClient({ profile: profiles[0], userId: 7 })),
    ).rejects.toMatchObject(invalidOption('createMerchantClient', 'userId'));
  });

  it('says what a wrong contextStore was', () => {
    let thrown;
    try {
      createMerchantClient({ profile: profiles[0], userId: 'u', contextStore: 'redis://localhost' });
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidOptionError(thrown)).toBe(true);
    expect(thrown.message).toBe(
      'createMerchantClient: option "contextStore" must be an object with get, set and delete methods; got a string',
    );
    expect(() =>
      createMerchantClient({ profile: profiles[0], userId: 'u', contextStore: { get() {} } }),
    ).toThrow('got an object without a set method');
  });

  it('refuses wrong-typed optional options', () => {
    const base = { profile: profiles[0], userId: 'u' };
    for (const [option, value] of [
      ['http', 'https://proxy.test'],
      ['a2a', {}],
      ['backoff', 5],
      ['credentials', 'token'],
      ['allowPii', 'yes'],
      ['rateLimitRetries', -1],
      ['maxRetryWaitMs', Number.NaN],
      ['maxRetryWaitMs', 3e9],
      ['merchantId', ''],
      ['closeA2A', 'yes'],
    ]) {
      expect(() => createMerchantClient({ ...base, [option]: value }), option).toThrow(
        expect.objectContaining(invalidOption('createMerchantClient', option)),
      );
    }
  });

  it('without contextStore keeps contextIds in a memory store of its own, against the sandbox', async () => {
    const client = clientFor(0);
    expect(await client.currentContextId()).toBeUndefined();
    const first = await client.productSearch({ query: 'lamp', limit: 3 });
    expect(first.output.products.length).toBeGreaterThan(0);
    expect(first.contextId).toEqual(expect.any(String));
    expect(await client.currentContextId()).toBe(first.contextId);
    const second = await client.productSearch({ query: 'lamp', limit: 3 });
    expect(second.personalised).toBe(true);
    // Another client without a store has its own: nothing leaks between them.
    expect(await clientFor(0).currentContextId()).toBeUndefined();
  });
});

describe('other cap factories', () => {
  it.each([
    ['createMemoryContextStore', () => createMemoryContextStore({ maxEntries: '10' }), 'maxEntries'],
    ['createMemoryContextStore', () => createMemoryContextStore(null), 'options'],
    // A lock wait past 2^31-1 ms would fire after 1 ms in Node.
    ['createMemoryContextStore', () => createMemoryContextStore({ lockWaitMs: 3e9 }), 'lockWaitMs'],
    [
      'createFileContextStore',
      () => createFileContextStore({ path: '/tmp/x.json', lockWaitMs: '20s' }),
      'lockWaitMs',
    ],
    [
      'createFileContextStore',
      () => createFileContextStore({ path: '/tmp/x.json', onCorrupt: 'ignore' }),
      'onCorrupt',
    ],
    [
      'createFileContextStore',
      () => createFileContextStore({ path: '/tmp/x.json', onWarning: 'log' }),
      'onWarning',
    ],
    ['createSearchCache', () => createSearchCache({ ttlMs: -1 }), 'ttlMs'],
    ['createMerchantBackoff', () => createMerchantBackoff({ random: 0.5 }), 'random'],
    ['createMerchantBackoff', () => createMerchantBackoff({ failureThreshold: 0 }), 'failureThreshold'],
    // Timers past 2^31-1 ms fire after 1 ms in Node; a fractional TTL is refused by the LRU cache underneath.
    ['createMerchantBackoff', () => createMerchantBackoff({ baseDelayMs: 3e9 }), 'baseDelayMs'],
    ['createMerchantBackoff', () => createMerchantBackoff({ maxDelayMs: 2 ** 31 }), 'maxDelayMs'],
    ['createMerchantBackoff', () => createMerchantBackoff({ maxRetryAfterMs: 1e12 }), 'maxRetryAfterMs'],
    ['createMerchantBackoff', () => createMerchantBackoff({ openMs: 3e9 }), 'openMs'],
    [
      'createMerchantBackoff',
      () => createMerchantBackoff({ stateObject: { failures: 0 } }),
      'stateObject.rateLimits',
    ],
    ['createSearchCache', () => createSearchCache({ ttlMs: 1.5 }), 'ttlMs'],
    ['fanOutSearch', () => fanOutSearch(), 'options'],
    ['fanOutSearch', () => fanOutSearch({ query: 'x', merchants: [{ merchantId: 'm' }] }), 'merchants[0]'],
    ['fanOutSearch', () => fanOutSearch({ query: 'x', merchants: [], signal: 'stop' }), 'signal'],
    ['fanOutSearch', () => fanOutSearch({ query: 'x', merchants: [], cache: {} }), 'cache'],
    [
      'fanOutSearchStream',
      () => fanOutSearchStream({ query: 'x', merchants: [], personalise: 1 }).next(),
      'personalise',
    ],
  ])('%s refuses a bad option', async (callee, call, option) => {
    await expect(settle(call)).rejects.toMatchObject(invalidOption(callee, option));
  });

  it('keeps the existing errors where they already named the option', async () => {
    await expect(settle(() => createFileContextStore({}))).rejects.toMatchObject({
      name: 'ContextStoreError',
      code: 'CAP_CONTEXT_INVALID',
      message: expect.stringContaining('path'),
    });
    await expect(settle(() => fanOutSearch({ query: 'x', merchants: 'all' }))).rejects.toMatchObject({
      name: 'CapInputError',
      issues: [expect.objectContaining({ path: 'merchants' })],
    });
  });
});

describe('fan-out outcomes as JSON', () => {
  it('carry the code, name and message of every failure, and never an untyped error', async () => {
    const brokenStore = {
      get() {
        return undefined.contextId;
      },
      set() {},
      delete() {},
    };
    const merchants = [clientFor(0), clientFor(1), clientFor(2), clientFor(0, { contextStore: brokenStore })];
    const result = await fanOutSearch({ query: 'lamp', merchants, deadlineMs: 8_000 });
    const outcomes = JSON.parse(JSON.stringify(result)).outcomes;
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'error', 'rate-limited', 'error']);
    expect(outcomes[0].error).toBeUndefined();
    expect(outcomes[1]).toMatchObject({
      reason: 'HTTP_STATUS',
      error: {
        name: 'HttpStatusError',
        code: 'HTTP_STATUS',
        status: 503,
        message: expect.stringContaining('503'),
      },
    });
    expect(outcomes[2].error).toMatchObject({
      name: 'CapError',
      code: 'CAP_TASK_FAILED',
      capErrorCode: 'CAP_RATE_LIMIT_EXCEEDED',
      message: expect.stringContaining('CAP_RATE_LIMIT_EXCEEDED'),
    });
    expect(outcomes[3]).toMatchObject({
      reason: 'CAP_FAN_OUT_UNEXPECTED',
      error: {
        name: 'UnexpectedFanOutError',
        code: 'CAP_FAN_OUT_UNEXPECTED',
        message: expect.stringContaining('TypeError'),
        cause: { name: 'TypeError', message: expect.stringContaining('contextId') },
      },
    });
    // Response headers and bodies stay out of the JSON.
    expect(JSON.stringify(outcomes[1].error)).not.toMatch(/headers|bodyExcerpt/);
  });

  it('never carry an API key sent as a query parameter, from a 503 or an HTTP timeout', async () => {
    const KEY = 'S3CRET-query-key-7f3a';
    // The card asks for the key in the query (in its own version's form), so every request URL carries it.
    const withQueryKey = (card) =>
      parseAgentCard({
        ...card,
        securitySchemes: {
          ...card.securitySchemes,
          key:
            card.protocolVersion === undefined
              ? { apiKeySecurityScheme: { location: 'query', name: 'api_key' } }
              : { type: 'apiKey', in: 'query', name: 'api_key' },
        },
      }).profile;
    const card1 = (await http.getJson(sb.merchants[1].cardUrl)).data;
    const failing = createMerchantClient({
      profile: withQueryKey(card1),
      http,
      userId: 'u',
      merchantId: sb.merchants[1].domain,
      credentials: { type: 'apiKey', key: KEY },
    });
    await withHangingMerchant('cap-options-key', { timeoutMs: 300, retry: false }, async (hanging) => {
      const slow = createMerchantClient({
        profile: withQueryKey(hanging.card),
        http: hanging.http,
        userId: 'u',
        credentials: { type: 'apiKey', key: KEY },
      });
      const result = await fanOutSearch({ query: 'lamp', merchants: [failing, slow], deadlineMs: 8_000 });
      expect(result.outcomes.map((o) => o.status)).toEqual(['error', 'error']);
      // The key did go out, in the URL the timeout names...
      expect(result.outcomes[1].error).toMatchObject({ code: 'TIMEOUT', url: expect.stringContaining(KEY) });
      // ...and stays out of the JSON and the messages.
      for (const outcome of result.outcomes) {
        expect(JSON.stringify(outcome)).not.toContain(KEY);
        expect(outcome.error.message).not.toContain(KEY);
      }
      expect(JSON.parse(JSON.stringify(result.outcomes))).toMatchObject([
        { error: { code: 'HTTP_STATUS', status: 503 } },
        {
          error: {
            code: 'TIMEOUT',
            url: expect.stringMatching(/\/a2a\/jsonrpc\?\[query withheld\]$/),
            message: expect.stringContaining('?[query withheld] timed out after 300 ms'),
          },
        },
      ]);
    });
  });

  it('a merchant cut off by the deadline is a typed timeout', async () => {
    await withHangingMerchant('cap-options-hang', {}, async (hanging) => {
      const card = parseAgentCard(hanging.card);
      const client = createMerchantClient({ profile: card.profile, http: hanging.http, userId: 'u' });
      const result = await fanOutSearch({ query: 'lamp', merchants: [client], deadlineMs: 300 });
      expect(JSON.parse(JSON.stringify(result.outcomes[0]))).toMatchObject({
        status: 'timeout',
        reason: 'deadline',
        error: {
          name: 'FanOutInterruptedError',
          code: 'CAP_FAN_OUT_DEADLINE',
          reason: 'deadline',
          message: expect.stringContaining('300 ms'),
        },
      });
    });
  });
});
