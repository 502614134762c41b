import { createMemoryContextStore } from '@agentweb/cap';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { minorToDecimal } from '../src/client/ucp/ucp-product.js';
import { isUnknownMerchantError } from '../src/index.js';
import { clientPool, sandboxOptions } from './client-fixtures.js';

const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({
    merchants: 2,
    agis: false,
    seed: 'client-ucp',
    // ucp-0 REST+MCP, ucp-1 MCP only, ucp-2 REST only without a catalog.
    ucp: { count: 3, transports: ['both', 'mcp', 'rest'], withoutCatalog: [2] },
  });
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => sb.close());

const ucpHost = (i: number) => new URL(sb.ucpMerchants[i]!.baseUrl).host;
const capHost = (i: number) => new URL(sb.merchants[i]!.baseUrl).host;

describe('one merchant model: CAP and UCP', () => {
  it('detects each protocol by domain and searches both in one fan-out', async () => {
    const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM } }));
    const cap = await aw.addMerchant(capHost(0));
    const ucp0 = await aw.addMerchant(ucpHost(0));
    const ucp1 = await aw.addMerchant(ucpHost(1));
    const noCatalog = await aw.addMerchant(ucpHost(2));
    expect(cap.protocol).toBe('cap');
    expect(ucp0).toMatchObject({ protocol: 'ucp', domain: ucpHost(0) });
    expect(ucp0.ucp?.version).toBe('2026-04-08');
    expect(ucp1.ucp?.transport).toBe('mcp');
    expect(ucp0.ucp?.paymentHandlers.length).toBeGreaterThan(0);

    const result = await aw.search('lamp', { limit: 4, deadlineMs: 10_000 });
    const status = new Map(result.outcomes.map((o) => [o.merchantId, o]));
    expect(status.get(cap.id)?.status).toBe('ok');
    expect(status.get(ucp0.id)?.status).toBe('ok');
    expect(status.get(ucp1.id)?.status).toBe('ok');
    expect(status.get(noCatalog.id)).toMatchObject({ status: 'skipped', reason: 'not-declared' });
    const from = new Set(result.products.map((p) => p.merchantId));
    expect(from.has(cap.id)).toBe(true);
    expect(from.has(ucp0.id)).toBe(true);
    // Interleaved round-robin: the first products come from different merchants.
    expect(result.products[0]?.merchantId).not.toBe(result.products[1]?.merchantId);
    const fromUcp = result.products.find((p) => p.merchantId === ucp0.id);
    expect(fromUcp?.product.name).toEqual(expect.any(String));
    // Prices as CAP carries them (decimal strings in major units), and a GTIN for de-duplication.
    expect(fromUcp?.product.offers?.[0]?.price).toMatch(/^\d+(\.\d+)?$/);
    expect(fromUcp?.gtin).toMatch(/^\d{14}$/);
    for (const m of sb.ucpMerchants) {
      expect(m.stats.invalidRequests).toEqual([]);
      expect(m.stats.invalidResponses).toEqual([]);
    }
  }, 60_000);

  it('caches UCP search pages like CAP ones (a second search is served from the cache)', async () => {
    const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM } }));
    const ucp0 = await aw.addMerchant(ucpHost(0));
    await aw.search('mug', { limit: 3 });
    const again = await aw.search('mug', { limit: 3 });
    expect(again.outcomes.find((o) => o.merchantId === ucp0.id)?.cachedPages).toBe(1);
  }, 60_000);

  it('does not probe for UCP without the ucp option', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const error = await aw.search('lamp', { merchants: [ucpHost(0)] }).catch((e: unknown) => e);
    expect(isUnknownMerchantError(error)).toBe(true);
  }, 60_000);

  it('refuses a ucp option without a profile URL', () => {
    expect(() => pool.make(sandboxOptions(sb, { ucp: {} as never }))).toThrow(/profileUrl/);
  });
});

describe('product and cart at a UCP merchant', () => {
  it('gets a product and emulates add, update, remove and view on the replace-the-whole-cart PUT', async () => {
    const store = createMemoryContextStore();
    const aw = pool.make(sandboxOptions(sb, { ucp: { profileUrl: PLATFORM }, contextStore: store }));
    const merchant = await aw.addMerchant(ucpHost(0));
    const found = await aw.search('lamp', { limit: 3, merchants: [ucpHost(0)] });
    const [a, b] = found.products;
    if (!a || !b) throw new Error('no products');
    const detail = await aw.product(a.product.id, { merchant: ucpHost(0) });
    expect(detail.product.name).toBe(a.product.name);
    expect(detail.product.variants?.length).toBeGreaterThan(0);

    const added = await aw.cart(ucpHost(0), {
      action: 'add',
      addItems: [{ productId: a.product.id, quantity: 1 }],
    });
    expect(added.output.items.map((i) => [i.productId, i.quantity])).toEqual([[a.product.id, 1]]);
    const cartId = added.output.cart.cartId;
    expect(await store.get({ userId: 'default', merchantId: `${merchant.id}#ucp-cart` })).toBe(cartId);
    // A second add keeps the first line: the emulation sends the whole list back.
    const both = await aw.cart(ucpHost(0), {
      action: 'add',
      addItems: [
        { productId: b.product.id, quantity: 2 },
        { productId: a.product.id, quantity: 1 },
      ],
    });
    expect(both.output.cart.cartId).toBe(cartId);
    expect(new Map(both.output.items.map((i) => [i.productId, i.quantity]))).toEqual(
      new Map([
        [a.product.id, 2],
        [b.product.id, 2],
      ]),
    );
    expect(Number(both.output.totals.total)).toBeGreaterThan(0);
    const removed = await aw.cart(ucpHost(0), { action: 'remove', item: { productId: a.product.id } });
    expect(removed.output.items.map((i) => i.productId)).toEqual([b.product.id]);
    const viewed = await aw.cart(ucpHost(0), { action: 'view' });
    expect(viewed.output.items.map((i) => [i.productId, i.quantity])).toEqual([[b.product.id, 2]]);
    const cleared = await aw.cart(ucpHost(0), { action: 'clear' });
    expect(cleared.output.items).toEqual([]);
    expect(await store.get({ userId: 'default', merchantId: `${merchant.id}#ucp-cart` })).toBeUndefined();
    expect(sb.ucpMerchants[0]!.stats.invalidRequests).toEqual([]);
  }, 60_000);
});

describe('minor units to decimal strings', () => {
  it('uses the currency exponent', () => {
    expect(minorToDecimal(1999, 'USD')).toBe('19.99');
    expect(minorToDecimal(5, 'EUR')).toBe('0.05');
    expect(minorToDecimal(1999, 'JPY')).toBe('1999');
    expect(minorToDecimal(12345, 'KWD')).toBe('12.345');
  });
});
