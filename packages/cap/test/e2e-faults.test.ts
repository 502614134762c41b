import { isA2AAuthRequiredError } from '@agentweb/a2a';
import { isAgentWebError } from '@agentweb/core';
import { isBodyTooLargeError, isHttpStatusError } from '@agentweb/http';
import { type MerchantFaults, type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCircuitOpenError } from '../src/backoff/index.js';
import { isCapError } from '../src/cap-error.js';
import { createMemoryContextStore } from '../src/context/index.js';
import { fanOutSearch } from '../src/fan-out/index.js';
import { isCapCredentialsRequiredError, type MerchantClient } from '../src/merchant/index.js';
import {
  type ClientForOptions,
  clientFor,
  type DiscoveredMerchant,
  discoverMerchants,
  sandboxHttp,
} from './helpers/sandbox-clients.js';

// One merchant per fault and dialect: merchant `3 * k + d` runs FAULTS[k] in DIALECTS[d].
const FAULTS: [string, MerchantFaults][] = [
  ['latency', { latency: { minMs: 5, maxMs: 30 } }],
  ['rate limit (http)', { rateLimit: { retryAfterSeconds: 2, mode: 'http' } }],
  ['rate limit (task)', { rateLimit: { retryAfterSeconds: 2, mode: 'task' } }],
  ['server error', { serverError: { status: 503 } }],
  ['hang', { hang: true }],
  ['malformed JSON-RPC', { malformedJsonRpc: true }],
  ['wrong ids', { wrongIds: true }],
  ['oversized', { oversized: { bytes: 2 * 1024 * 1024 } }],
  ['dropped stream', { droppedStream: true }],
  ['contextId refresh', { contextRefresh: true }],
  ['auth required', { authRequired: { token: 'the-right-token' } }],
];
const DIALECTS = ['0.3', '1.0', 'dual'] as const;

let sb: Sandbox;
let found: DiscoveredMerchant[];
let http: ReturnType<typeof sandboxHttp>;
beforeAll(async () => {
  sb = await startSandbox({
    merchants: FAULTS.length * DIALECTS.length,
    seed: 'e2e-faults',
    dialects: DIALECTS,
    faults: (index) => FAULTS[Math.floor(index / DIALECTS.length)]?.[1],
  });
  http = sandboxHttp(sb, { timeoutMs: 5_000, maxBodyBytes: 1024 * 1024 });
  found = await discoverMerchants(sb, http);
});
afterAll(async () => {
  await http.close();
  await sb.close();
});

describe.each(DIALECTS.map((d, i) => [d, i] as const))(
  'faults seen by the client, %s merchants',
  (_dialect, d) => {
    const merchant = (fault: string): DiscoveredMerchant => {
      const k = FAULTS.findIndex(([name]) => name === fault);
      return found[k * DIALECTS.length + d] as DiscoveredMerchant;
    };
    const client = (fault: string, options: Partial<ClientForOptions> = {}): Promise<MerchantClient> =>
      clientFor(merchant(fault), { http, rateLimitRetries: 0, ...options });
    const errorOf = (promise: Promise<unknown>): Promise<unknown> =>
      promise.then(
        () => new Error('expected a failure'),
        (e: unknown) => e,
      );

    it('latency: answers arrive, just later', async () => {
      const shop = await client('latency');
      const result = await shop.productSearch({ query: 'lamp', limit: 5 });
      expect(result.output.products.length).toBeGreaterThan(0);
    });

    it('429 over HTTP: HttpStatusError with Retry-After, and the backoff holds the next call that long', async () => {
      const shop = await client('rate limit (http)');
      const error = await errorOf(shop.productSearch({ query: 'lamp' }));
      expect(isHttpStatusError(error) && error.status).toBe(429);
      expect(isHttpStatusError(error) && error.headers.get('retry-after')).toBe('2');
      // Retry-After: 2 announced; generous bounds because the clock runs on while the test checks.
      expect(shop.backoff.waitMs).toBeGreaterThan(1_000);
      expect(shop.backoff.waitMs).toBeLessThanOrEqual(2_000);
      const before = merchant('rate limit (http)').merchant.stats.a2aRequests;
      const held = await errorOf(shop.productSearch({ query: 'lamp' }, { signal: AbortSignal.timeout(50) }));
      expect((held as Error).name).toMatch(/AbortError|TimeoutError/);
      expect(merchant('rate limit (http)').merchant.stats.a2aRequests).toBe(before);
    });

    it('rate limit as a failed task: CapError CAP_RATE_LIMIT_EXCEEDED, retryAfterSeconds honoured', async () => {
      const shop = await client('rate limit (task)');
      const error = await errorOf(shop.productSearch({ query: 'lamp' }));
      expect(isCapError(error) && error.capErrorCode).toBe('CAP_RATE_LIMIT_EXCEEDED');
      expect(isCapError(error) && error.details).toMatchObject({ retryAfterSeconds: 2 });
      expect(shop.backoff.waitMs).toBeGreaterThan(1_000);
    });

    it('5xx: HttpStatusError 503; repeated failures open the circuit, which refuses without sending', async () => {
      const shop = await client('server error');
      for (let i = 0; i < 5; i += 1) {
        const error = await errorOf(shop.productSearch({ query: 'lamp' }));
        expect(isHttpStatusError(error) && error.status).toBe(503);
      }
      expect(shop.backoff.state).toBe('open');
      const sent = merchant('server error').merchant.stats.a2aRequests;
      expect(await errorOf(shop.productSearch({ query: 'lamp' }))).toSatisfy(isCircuitOpenError);
      expect(merchant('server error').merchant.stats.a2aRequests).toBe(sent);
    });

    it('hang: the caller’s deadline ends the call; in a fan-out it is a timeout outcome', async () => {
      const hung = await client('hang');
      const error = await errorOf(
        hung.productSearch({ query: 'lamp' }, { signal: AbortSignal.timeout(100) }),
      );
      expect((error as Error).name).toMatch(/AbortError|TimeoutError/);
      const healthy = await client('latency');
      const result = await fanOutSearch({
        query: 'lamp',
        merchants: [healthy, await client('hang')],
        // Generous: the healthy merchant must answer within it even on a loaded machine.
        deadlineMs: 1_000,
      });
      expect(result.outcomes.map((o) => o.status)).toEqual(['ok', 'timeout']);
      expect(result.outcomes[1]?.reason).toBe('deadline');
      expect(result.products.length).toBeGreaterThan(0);
      expect(result.products.every((p) => p.merchantId === healthy.merchantId)).toBe(true);
    });

    it('malformed JSON-RPC and wrong ids: typed errors, never a crash', async () => {
      const malformed = await errorOf((await client('malformed JSON-RPC')).productSearch({ query: 'lamp' }));
      expect(isAgentWebError(malformed)).toBe(true);
      expect((malformed as Error).message).toMatch(/JSON/i);
      const wrong = await errorOf((await client('wrong ids')).productSearch({ query: 'lamp' }));
      expect(isAgentWebError(wrong)).toBe(true);
      expect((wrong as Error).message).toMatch(/id/i);
    });

    it('oversized body: BodyTooLargeError at the size cap', async () => {
      const error = await errorOf((await client('oversized')).productSearch({ query: 'lamp' }));
      expect(error).toSatisfy(isBodyTooLargeError);
    });

    it('dropped streams: the CAP client sends blocking message/send, so that merchant still answers', async () => {
      const result = await (await client('dropped stream')).productSearch({ query: 'lamp', limit: 3 });
      expect(result.output.products.length).toBeGreaterThan(0);
    });

    it('contextId refresh: the client stores each new contextId and the cart follows it', async () => {
      const store = createMemoryContextStore();
      const shop = await client('contextId refresh', {
        auth: { type: 'bearer', token: 'u' },
        contextStore: store,
        userId: 'refresh-user',
      });
      const [p] = (await shop.productSearch({ query: 'lamp', limit: 1 })).output.products;
      const first = await shop.currentContextId();
      const added = await shop.cartManage({
        action: 'add',
        addItems: [{ productId: p?.id as string, quantity: 2 }],
      });
      expect(added.contextId).not.toBe(first);
      expect(await shop.currentContextId()).toBe(added.contextId);
      const viewed = await shop.cartManage({ action: 'view' });
      expect(viewed.contextId).not.toBe(added.contextId);
      expect(await shop.currentContextId()).toBe(viewed.contextId);
      expect(viewed.output.items.map((i) => i.quantity)).toEqual([2]);
      expect(merchant('contextId refresh').merchant.stats.foreignContextIds).toEqual([]);
    });

    it('auth required: refused before sending without credentials; a wrong token is a typed 401', async () => {
      const target = merchant('auth required');
      expect(target.profile.cap?.publicSkills).toEqual([]);
      const anonymous = await client('auth required');
      expect(await errorOf(anonymous.productSearch({ query: 'lamp' }))).toSatisfy(
        isCapCredentialsRequiredError,
      );
      expect(target.merchant.stats.a2aRequests).toBe(0);
      const wrong = await client('auth required', { auth: { type: 'bearer', token: 'wrong' } });
      const refused = await errorOf(wrong.productSearch({ query: 'lamp' }));
      expect(isA2AAuthRequiredError(refused) && refused.status).toBe(401);
      const right = await client('auth required', { auth: { type: 'bearer', token: 'the-right-token' } });
      expect((await right.productSearch({ query: 'lamp', limit: 2 })).output.products.length).toBeGreaterThan(
        0,
      );
    });

    it('a fan-out over every faulty merchant gives one fitting outcome each and keeps the good results', async () => {
      const clients = await Promise.all(FAULTS.map(([name]) => client(name)));
      const result = await fanOutSearch({ query: 'lamp', merchants: clients, deadlineMs: 1_200, limit: 5 });
      const status = Object.fromEntries(FAULTS.map(([name], i) => [name, result.outcomes[i]?.status]));
      expect(status).toEqual({
        latency: 'ok',
        'rate limit (http)': 'rate-limited',
        'rate limit (task)': 'rate-limited',
        'server error': 'error',
        hang: 'timeout',
        'malformed JSON-RPC': 'error',
        'wrong ids': 'error',
        oversized: 'error',
        'dropped stream': 'ok',
        'contextId refresh': 'ok',
        'auth required': 'skipped',
      });
      const from = new Set(result.products.map((p) => p.merchantId));
      expect(from).toEqual(new Set([clients[0], clients[8], clients[9]].map((c) => c?.merchantId)));
    });
  },
);
