import { type CachedSearchPage, createSearchCache, type SearchCacheStore } from '@agentweb/cap';
import { isInvalidOptionError } from '@agentweb/core';
import { type Sandbox, startSandbox, TEST_PAYMENT_HANDLER_ID, TEST_TOKEN_SUCCESS } from '@agentweb/sandbox';
import { isUcpProtocolError } from '@agentweb/ucp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentWeb, type AgentWebEvent, type UcpCredentials } from '../src/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

// `ucp.credentials`: merchants whose UCP service authenticates platforms (the sandbox's `tokens` option answers
// 401 with a UCP error body without the token, and repeats a wrong one in its error text).
const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
const REST_TOKEN = 'rest-token-7f3a9c';
const MCP_KEY = 'mcp-api-key-51d2e8';
const WRONG = 'wrong-token-c0ffee';
let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({
    merchants: 0,
    agis: false,
    seed: 'client-ucp-credentials',
    // ucp-0 REST, ucp-1 MCP (both require a token), ucp-2 REST without authentication.
    ucp: { count: 3, transports: ['rest', 'mcp', 'rest'], tokens: { 0: REST_TOKEN, 1: MCP_KEY } },
  });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

const host = (i: number) => new URL(sb.ucpMerchants[i]!.baseUrl).host;
const credentials = (): UcpCredentials => ({
  [host(0)]: { type: 'bearer', token: REST_TOKEN },
  // By bare host name (no port), as an API key header.
  [sb.ucpMerchants[1]!.domain]: { type: 'apiKey', key: MCP_KEY },
});

function recordingCache(): SearchCacheStore & { keys: string[] } {
  const inner = createSearchCache();
  const keys: string[] = [];
  return {
    keys,
    get: async (key: string) => inner.get(key),
    set: async (key: string, page: CachedSearchPage) => {
      keys.push(key);
      inner.set(key, page);
    },
  };
}

describe('ucp.credentials', () => {
  it('sends the token (REST: bearer, MCP: API key header) so search, cart and checkout work', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(
      sandboxOptions(sb, {
        ucp: { profileUrl: PLATFORM, credentials: credentials() },
        onEvent: (e) => events.push(e),
      }),
    );
    for (const i of [0, 1]) {
      const before = sb.ucpMerchants[i]!.stats.authenticatedCalls ?? 0;
      const found = await aw.search('lamp', { limit: 2, merchants: [host(i)] });
      expect(found.outcomes[0]).toMatchObject({ status: 'ok' });
      const item = found.products[0]!.product.id;
      await aw.cart(host(i), { action: 'add', addItems: [{ productId: item, quantity: 1 }] });
      const done = await aw.checkout(host(i), {
        confirm: true,
        buyer: { email: 'buyer@example.test' },
        payment: {
          id: 'instr_1',
          handler_id: TEST_PAYMENT_HANDLER_ID,
          type: 'card',
          credential: { type: 'token', token: TEST_TOKEN_SUCCESS },
        },
      });
      expect(done).toMatchObject({ status: 'completed', completed: true });
      expect(sb.ucpMerchants[i]!.stats.authenticatedCalls ?? 0).toBeGreaterThan(before + 3);
    }
    expect(sb.ucpMerchants[1]!.transports).toBe('mcp');
    const text = JSON.stringify(events);
    expect(text).not.toContain(REST_TOKEN);
    expect(text).not.toContain(MCP_KEY);
  }, 60_000);

  it('without credentials the merchant answers 401 unauthorized, a typed error in the outcome', async () => {
    const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM } }));
    // The profile is public: the merchant is found; its operations are refused.
    const merchant = await aw.addMerchant(host(0));
    expect(merchant.protocol).toBe('ucp');
    const found = await aw.search('lamp', { merchants: [host(0)] });
    const error = found.outcomes[0]?.error;
    expect(isUcpProtocolError(error) && { status: error.status, ucpCode: error.ucpCode }).toEqual({
      status: 401,
      ucpCode: 'unauthorized',
    });
  }, 60_000);

  it.each([0, 1])(
    'a wrong token (merchant %i) is withheld from the error, its JSON and the events, on REST and MCP',
    async (i) => {
      const events: AgentWebEvent[] = [];
      const aw = pool.make(
        sandboxOptions(sb, {
          // A function: called with the merchant's domain and origin.
          ucp: {
            profileUrl: PLATFORM,
            credentials: ({ domain }) => (domain === host(i) ? { type: 'bearer', token: WRONG } : undefined),
          },
          onEvent: (e) => events.push(e),
        }),
      );
      const found = await aw.search('lamp', { merchants: [host(i)] });
      const error = found.outcomes[0]?.error as Error & { content?: string };
      expect(isUcpProtocolError(error)).toBe(true);
      // The careless merchant repeated the token: it is withheld.
      expect(error.content).toBe('token [withheld] is not valid');
      for (const text of [
        error.message,
        JSON.stringify(error),
        JSON.stringify(found),
        JSON.stringify(events),
      ])
        expect(text).not.toContain(WRONG);
      const refused = await aw
        .cart(host(i), { action: 'add', addItems: [{ productId: 'x', quantity: 1 }] })
        .catch((e: unknown) => e as Error);
      expect(isUcpProtocolError(refused)).toBe(true);
      expect(`${(refused as Error).message} ${JSON.stringify(refused)}`).not.toContain(WRONG);
    },
    60_000,
  );

  it('search pages of a merchant called with credentials are cached per user, not shared', async () => {
    const searchCache = recordingCache();
    const calls = () => sb.ucpMerchants[0]!.stats.operations['search_catalog'] ?? 0;
    const make = (userId: string) =>
      pool.make(
        sandboxOptions(sb, {
          userId,
          searchCache,
          ucp: { profileUrl: PLATFORM, credentials: credentials() },
        }),
      );
    const before = calls();
    await make('alice').search('desk lamp', { merchants: [host(0)] });
    await make('bob').search('desk lamp', { merchants: [host(0)] });
    // Each user's page came from the merchant: bob did not get alice's.
    expect(calls() - before).toBe(2);
    expect(searchCache.keys.length).toBe(2);
    expect(new Set(searchCache.keys).size).toBe(2);
    expect(searchCache.keys.join(' ')).not.toContain(REST_TOKEN);
    // An unauthenticated merchant's page is shared.
    const open = () => sb.ucpMerchants[2]!.stats.operations['search_catalog'] ?? 0;
    const openBefore = open();
    const plain = (userId: string) =>
      pool.make(sandboxOptions(sb, { userId, searchCache, ucp: { profileUrl: PLATFORM } }));
    await plain('alice').search('desk lamp', { merchants: [host(2)] });
    await plain('bob').search('desk lamp', { merchants: [host(2)] });
    expect(open() - openBefore).toBe(1);
  }, 60_000);

  it('refuses a ucp.credentials that is neither a map nor a function', () => {
    expect(() => new AgentWeb({ ucp: { profileUrl: PLATFORM, credentials: 'secret' as never } })).toThrow(
      expect.objectContaining({ name: 'InvalidOptionError' }),
    );
    try {
      new AgentWeb({ ucp: { profileUrl: PLATFORM, credentials: 'hunter2-secret' as never } });
    } catch (error) {
      expect(isInvalidOptionError(error)).toBe(true);
      expect(String((error as Error).message)).not.toContain('hunter2-secret');
    }
  });
});
