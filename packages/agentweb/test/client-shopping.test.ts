import { createMemoryContextStore } from '@agentweb/cap';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentWebEvent,
  isNoMerchantsError,
  isProductNotFoundError,
  isUnknownMerchantError,
} from '../src/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({
    merchants: 5,
    seed: 'client-shopping',
    // Merchant 3 never answers its A2A endpoint, merchant 4 answers 503.
    faults: (i) => (i === 3 ? { hang: true } : i === 4 ? { serverError: { status: 503 } } : {}),
  });
}, 60_000);

afterEach(() => pool.closeAll());
afterAll(() => sb.close());

const host = (i: number) => new URL(sb.merchants[i]!.baseUrl).host;
const card = (i: number) => sb.merchants[i]!.cardUrl;

describe('search', () => {
  it('returns the answering merchants by the deadline, with the faulty ones as outcomes', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(sandboxOptions(sb, { onEvent: (e) => events.push(e) }));
    for (let i = 0; i < 5; i++) await aw.addMerchant(card(i));
    const result = await aw.search('lamp', { deadlineMs: 3_000, limit: 5 });
    const byDomain = new Map(result.outcomes.map((o) => [new URL(o.agentCardUrl ?? 'http://x').host, o]));
    expect(byDomain.get(host(0))?.status).toBe('ok');
    expect(byDomain.get(host(1))?.status).toBe('ok');
    expect(byDomain.get(host(2))?.status).toBe('ok');
    expect(byDomain.get(host(3))).toMatchObject({ status: 'timeout', reason: 'deadline' });
    expect(byDomain.get(host(4))?.status).toBe('error');
    expect(result.deadlineReached).toBe(true);
    expect(result.products.length).toBeGreaterThan(0);
    const okIds = new Set(result.outcomes.filter((o) => o.status === 'ok').map((o) => o.merchantId));
    for (const p of result.products) expect(okIds.has(p.merchantId)).toBe(true);
    expect(events.filter((e) => e.type === 'search:merchant')).toHaveLength(5);
    expect(events.at(-1)).toMatchObject({ type: 'search:done', query: 'lamp', deadlineReached: true });
  }, 30_000);

  it('searches only the named merchants, discovering unknown names first', async () => {
    const aw = pool.make(sandboxOptions(sb));
    await aw.addMerchant(card(0));
    const result = await aw.search('lamp', { merchants: [host(1), card(2)], deadlineMs: 10_000 });
    expect(result.outcomes.map((o) => o.agentCardUrl)).toEqual([card(1), card(2)]);
    expect(result.outcomes.every((o) => o.status === 'ok')).toBe(true);
    expect(aw.merchants()).toHaveLength(3);
  });

  it('reports a named merchant that cannot be found as an error outcome, and the rest still answer', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(
      sandboxOptions(sb, {
        discovery: { timeoutMs: 5_000, mechanisms: ['agent-card'] },
        onEvent: (e) => events.push(e),
      }),
    );
    const result = await aw.search('lamp', {
      merchants: [host(0), 'missing.sandbox.test'],
      deadlineMs: 10_000,
    });
    expect(result.outcomes[0]?.status).toBe('ok');
    expect(result.outcomes[1]).toMatchObject({
      merchantId: 'missing.sandbox.test',
      status: 'error',
      reason: 'AGENTWEB_UNKNOWN_MERCHANT',
    });
    expect(isUnknownMerchantError(result.outcomes[1]?.error)).toBe(true);
    // One search:merchant event per outcome, the unreachable name included.
    expect(events.filter((e) => e.type === 'search:merchant').map((e) => e.status)).toEqual(['ok', 'error']);
  });

  it('searchStream reports search:done even when the consumer stops early', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(sandboxOptions(sb, { onEvent: (e) => events.push(e) }));
    for (const i of [0, 1]) await aw.addMerchant(card(i));
    for await (const chunk of aw.searchStream('lamp', { deadlineMs: 10_000 })) {
      expect(chunk.outcome.status).toBe('ok');
      break;
    }
    expect(events.filter((e) => e.type === 'search:start')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'search:done')).toHaveLength(1);
  });

  it('searchStream yields each merchant as it answers, the hung one last at the deadline', async () => {
    const aw = pool.make(sandboxOptions(sb));
    for (const i of [0, 1, 3]) await aw.addMerchant(card(i));
    const chunks = [];
    for await (const chunk of aw.searchStream('lamp', { deadlineMs: 2_000 })) chunks.push(chunk);
    expect(chunks).toHaveLength(3);
    expect(chunks.at(-1)?.outcome).toMatchObject({ status: 'timeout', agentCardUrl: card(3) });
    const answered = chunks.slice(0, 2);
    expect(answered.every((c) => c.outcome.status === 'ok' && c.products.length > 0)).toBe(true);
    expect(new Set(answered.map((c) => c.index))).toEqual(new Set([0, 1]));
  }, 30_000);

  it('refuses a search when no merchant is known', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const error = await aw.search('lamp').catch((e) => e);
    expect(isNoMerchantsError(error)).toBe(true);
  });
});

describe('product', () => {
  it('resolves a product page (JSON-LD, microdata, link) to its merchant and product_get', async () => {
    const aw = pool.make(sandboxOptions(sb));
    for (const n of ['0001', '0002', '0003']) {
      const id = `P0000-${n}`;
      const url = `${sb.merchants[0]!.baseUrl}/products/${id}`;
      const result = await aw.product(url);
      expect(result).toMatchObject({ productId: id, source: 'page' });
      expect(result.product.id).toBe(id);
      expect(result.page?.finalUrl).toBe(url);
    }
    // The page's merchant was discovered once and is now known.
    expect(aw.merchants().map((m) => m.domain)).toEqual([host(0)]);
  });

  it('looks up an id at the only merchant, or at the named one', async () => {
    const aw = pool.make(sandboxOptions(sb));
    await aw.addMerchant(card(1));
    const only = await aw.product('P0001-0002');
    expect(only).toMatchObject({ productId: 'P0001-0002', source: 'id' });
    await aw.addMerchant(card(2));
    const ambiguous = await aw.product('P0002-0001').catch((e) => e);
    expect(isNoMerchantsError(ambiguous)).toBe(true);
    const named = await aw.product('P0002-0001', { merchant: host(2) });
    expect(named.product.id).toBe('P0002-0001');
  });

  it('gives ProductNotFoundError for an unknown id and for a page without an id', async () => {
    const aw = pool.make(sandboxOptions(sb));
    await aw.addMerchant(card(0));
    const missing = await aw.product('P0000-9999').catch((e) => e);
    expect(isProductNotFoundError(missing)).toBe(true);
    expect(missing.reason).toBe('not-at-merchant');
    const noId = await aw.product(`${sb.merchants[0]!.baseUrl}/`).catch((e) => e);
    expect(isProductNotFoundError(noId)).toBe(true);
    expect(noId.reason).toBe('no-id-on-page');
  });
});

describe('cart, orders and preferences', () => {
  it('adds to and views the cart with credentials; the same contextId carries the cart', async () => {
    const aw = pool.make(
      sandboxOptions(sb, { credentials: { [host(0)]: { type: 'bearer', token: 'demo' } } }),
    );
    await aw.addMerchant(host(0));
    const added = await aw.cart(host(0), {
      action: 'add',
      addItems: [{ productId: 'P0000-0001', quantity: 2 }],
    });
    expect(added.contextId).toBeDefined();
    const view = await aw.cart(host(0), { action: 'view' });
    const lines = view.output.items;
    expect(lines).toEqual([expect.objectContaining({ productId: 'P0000-0001', quantity: 2 })]);
  });

  it('refuses cart calls without credentials before anything is sent', async () => {
    const aw = pool.make(sandboxOptions(sb));
    await aw.addMerchant(card(1));
    const before = sb.merchants[1]!.stats.a2aRequests;
    await expect(aw.cart(host(1), { action: 'view' })).rejects.toMatchObject({
      code: 'CAP_CREDENTIALS_REQUIRED',
    });
    expect(sb.merchants[1]!.stats.a2aRequests).toBe(before);
  });

  it('takes per-merchant credentials from a function and from addMerchant', async () => {
    const aw = pool.make(
      sandboxOptions(sb, {
        credentials: ({ domain }) => (domain === host(1) ? { type: 'bearer', token: 'fn' } : undefined),
      }),
    );
    await aw.addMerchant(card(1));
    const status = await aw.orderStatus(host(1), { orderIds: ['ORD-1001'] });
    expect(status.output.orders[0]).toMatchObject({ orderId: 'ORD-1001' });
    await aw.addMerchant(card(2), { credentials: { type: 'bearer', token: 'explicit' } });
    const second = await aw.orderStatus(card(2), { orderIds: ['ORD-1002'] });
    expect(second.output.orders[0]).toMatchObject({ orderId: 'ORD-1002' });
  });

  it('sets preferences, then revokes consent and forgets the contextId', async () => {
    const store = createMemoryContextStore();
    const aw = pool.make(sandboxOptions(sb, { contextStore: store, userId: 'alice' }));
    const merchant = await aw.addMerchant(card(0));
    const set = await aw.setPreferences(host(0), { preferences: { userDataConsent: 'all' } });
    expect(set.contextId).toBeDefined();
    expect(await store.get({ userId: 'alice', merchantId: merchant.id })).toBe(set.contextId);
    const revoked = await aw.revokeConsent(host(0));
    expect(revoked.output.context?.appliedPolicies).toContain('cap:consent:none');
    expect(await store.get({ userId: 'alice', merchantId: merchant.id })).toBeUndefined();
  });

  it('keeps two users apart when their clients share one context store', async () => {
    const store = createMemoryContextStore();
    const creds = { [host(0)]: { type: 'bearer' as const, token: 't' } };
    const alice = pool.make(sandboxOptions(sb, { contextStore: store, userId: 'alice', credentials: creds }));
    const bob = pool.make(sandboxOptions(sb, { contextStore: store, userId: 'bob', credentials: creds }));
    const m = await alice.addMerchant(card(0));
    await bob.addMerchant(card(0));
    await alice.cart(host(0), { action: 'add', addItems: [{ productId: 'P0000-0004', quantity: 1 }] });
    await bob.cart(host(0), { action: 'add', addItems: [{ productId: 'P0000-0005', quantity: 3 }] });
    const aliceCtx = await store.get({ userId: 'alice', merchantId: m.id });
    const bobCtx = await store.get({ userId: 'bob', merchantId: m.id });
    expect(aliceCtx).toBeDefined();
    expect(bobCtx).toBeDefined();
    expect(aliceCtx).not.toBe(bobCtx);
    const aliceCart = await alice.cart(host(0), { action: 'view' });
    const bobCart = await bob.cart(host(0), { action: 'view' });
    expect(aliceCart.output.items.map((l) => l.productId)).toEqual(['P0000-0004']);
    expect(bobCart.output.items.map((l) => l.productId)).toEqual(['P0000-0005']);
    expect(sb.merchants[0]!.stats.foreignContextIds).toEqual([]);
  });
});
