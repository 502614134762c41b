import { AgentWebError } from '@agentweb/core';
import { describe, expect, it } from 'vitest';
import type { AgentWebToolResult, JsonValue } from '../src/tools/index.js';

type JsonObject = { [key: string]: JsonValue };

import { toolInputJsonSchema } from '../src/tools/index.js';
import { searchResultOf, setupTools as setup } from './tools-fake-client.js';

function dataOf(result: AgentWebToolResult): { [key: string]: JsonValue[] & JsonValue } {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.data as { [key: string]: JsonValue[] & JsonValue };
}

describe('discover_merchants', () => {
  it('adds CAP merchants by their card URL and reports other agents and failures apart', async () => {
    const { tool, calls } = setup({ nonCap: ['blog.test'] });
    const result = await tool('discover_merchants').execute({
      targets: ['shop-1.test', ' blog.test ', 'fail.test', ''],
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        merchants: [{ domain: 'shop-1.test', name: 'Shop shop-1.test', foundBy: 'well-known' }],
        otherAgents: [{ target: 'blog.test', name: 'Shop blog.test' }],
        failed: [{ target: 'fail.test', reason: 'no agent card was found' }],
        knownMerchants: ['shop-0.test', 'shop-1.test'],
      },
    });
    expect(calls.find((c) => c.method === 'addMerchant')?.args[0]).toBe(
      'http://shop-1.test/.well-known/agent-card.json',
    );
    expect(calls.find((c) => c.method === 'discoverMany')?.args[0]).toEqual([
      'shop-1.test',
      'blog.test',
      'fail.test',
    ]);
  });

  it('with an empty list only lists the known merchants, without network calls', async () => {
    const { tool, calls } = setup();
    const result = await tool('discover_merchants').execute({ targets: [] });
    expect(result).toEqual({
      ok: true,
      data: { merchants: [], otherAgents: [], failed: [], knownMerchants: ['shop-0.test'] },
    });
    expect(calls).toEqual([]);
  });
});

describe('search_products', () => {
  it('returns compact hits: domain as merchant, the plain price (not the promotional one), promotions apart', async () => {
    const { tool, calls } = setup();
    const result = await tool('search_products').execute({
      query: ' rain jacket ',
      merchants: null,
      filter: "price < 100 AND brand = 'Acme'",
      maxResults: null,
    });
    expect(result.ok).toBe(true);
    const data = dataOf(result);
    expect(data.products?.[0]).toEqual({
      merchant: 'shop-0.test',
      productId: 'P-0',
      name: 'Rain jacket 0',
      price: '20.00',
      currency: 'USD',
      availability: 'inStock',
      promotions: ['urn:cap:StandardOffer:BOGO50'],
      brand: 'Acme',
      description: expect.stringMatching(/^A waterproof jacket\..{100,}…$/),
    });
    // Unknown large fields of the merchant's product never reach the model.
    expect(JSON.stringify(data)).not.toContain('xxxxxxxxxx');
    expect(calls[0]).toEqual({
      method: 'search',
      args: ['rain jacket', { limit: 20, filter: "price < 100 AND brand = 'Acme'" }],
    });
  });

  it('caps the list at maxResults, advertised as 1 to the maxProducts option, reporting how many were found', async () => {
    const { tool, calls } = setup({ search: () => searchResultOf(['shop-0.test'], 40) }, { maxProducts: 10 });
    const search = tool('search_products');
    // The advertised range is the honoured one: 1..maxProducts.
    expect(toolInputJsonSchema(search).properties).toMatchObject({
      maxResults: { anyOf: [{ type: 'integer', minimum: 1, maximum: 10 }, { type: 'null' }] },
    });
    const over = await search.execute({ query: 'jacket', merchants: null, filter: null, maxResults: 30 });
    expect(over).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const result = await search.execute({
      query: 'jacket',
      merchants: ['shop-0.test'],
      filter: null,
      maxResults: 10,
    });
    expect(result).toMatchObject({ ok: true, data: { found: 40, shown: 10, deadlineReached: false } });
    expect(dataOf(result).products).toHaveLength(10);
    expect(calls[0]?.args[1]).toEqual({ limit: 10, merchants: ['shop-0.test'] });
    expect(dataOf(result).merchants).toEqual({ asked: 1, byStatus: { ok: 1 }, failed: [] });
  });

  it('the default tool list advertises maxResults up to 20 and returns up to 20, one merchant supplying them all', async () => {
    const { tool, calls } = setup({ search: () => searchResultOf(['shop-0.test'], 40) });
    const search = tool('search_products');
    expect(toolInputJsonSchema(search).properties).toMatchObject({
      maxResults: { anyOf: [{ type: 'integer', maximum: 20 }, { type: 'null' }] },
    });
    const result = await search.execute({ query: 'jacket', merchants: null, filter: null, maxResults: 20 });
    expect(dataOf(result).products).toHaveLength(20);
    expect(calls[0]?.args[1]).toMatchObject({ limit: 20 });
  });

  it('tells the model to discover merchants first when none is known, and refuses an empty query', async () => {
    const { tool, calls } = setup({ known: [] });
    const none = await tool('search_products').execute({
      query: 'x',
      merchants: null,
      filter: null,
      maxResults: null,
    });
    expect(none).toMatchObject({ ok: false, error: { code: 'AGENTWEB_NO_MERCHANT' } });
    expect(none.ok || none.error.message).toMatch(/discover_merchants/);
    const empty = await tool('search_products').execute({
      query: '  ',
      merchants: null,
      filter: null,
      maxResults: null,
    });
    expect(empty).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'query must not be empty' },
    });
    expect(calls).toEqual([]);
  });

  it('keeps the result under maxResultChars by dropping hits, and says so', async () => {
    const { tool } = setup(
      { search: () => searchResultOf(['shop-0.test'], 50) },
      { maxResultChars: 3_000, maxProducts: 50 },
    );
    const result = await tool('search_products').execute({
      query: 'jacket',
      merchants: null,
      filter: null,
      maxResults: 50,
    });
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(3_000);
    expect(result).toMatchObject({ ok: true, data: { truncated: true, found: 50, shown: 50 } });
    const products = dataOf(result).products;
    expect(products?.length).toBeGreaterThan(0);
    expect(products?.length).toBeLessThan(50);
  });
});

describe('get_product', () => {
  it('returns the compact detail with variant ids and the headline price', async () => {
    const { tool, calls } = setup();
    const result = await tool('get_product').execute({ product: 'P-1', merchant: 'shop-0.test' });
    expect(result).toEqual({
      ok: true,
      data: {
        merchant: 'shop-0.test',
        source: 'id',
        product: {
          productId: 'P-1',
          name: 'Rain jacket',
          price: '20.00',
          currency: 'USD',
          availability: 'inStock',
          description: 'Waterproof.',
          offers: [{ id: 'o1', price: '20.00', currency: 'USD', availability: 'inStock' }],
          variants: [{ variantId: 'V-S', name: 'Small', size: 'S' }],
        },
      },
    });
    expect(calls[0]).toEqual({ method: 'product', args: ['P-1', { merchant: 'shop-0.test' }] });
  });

  it('turns typed client errors into ok:false with their code and message', async () => {
    const { tool } = setup({
      product: () => {
        throw new AgentWebError({
          code: 'AGENTWEB_PRODUCT_NOT_FOUND',
          message: 'product P-9 not found at shop-0',
        });
      },
    });
    await expect(tool('get_product').execute({ product: 'P-9', merchant: null })).resolves.toEqual({
      ok: false,
      error: { code: 'AGENTWEB_PRODUCT_NOT_FOUND', message: 'product P-9 not found at shop-0' },
    });
  });

  it('turns other errors into a generic code, and never rejects', async () => {
    const { tool } = setup({
      product: () => {
        throw new TypeError('cannot read properties of undefined');
      },
    });
    await expect(tool('get_product').execute({ product: 'P-9', merchant: null })).resolves.toEqual({
      ok: false,
      error: {
        code: 'UNEXPECTED_ERROR',
        message: 'the tool failed unexpectedly: cannot read properties of undefined',
      },
    });
  });
});

describe('manage_cart', () => {
  const base = { productId: null, variantId: null, cartItemId: null, quantity: null } as const;

  it('maps each action of the flat input to the CAP cart_manage input', async () => {
    const { tool, calls } = setup();
    const cart = tool('manage_cart');
    const inputs = [
      { ...base, merchant: 'shop-0.test', action: 'add', productId: 'P-1', variantId: 'V-S' },
      { ...base, merchant: 'shop-0.test', action: 'add', productId: 'P-2', quantity: 3 },
      { ...base, merchant: 'shop-0.test', action: 'update', cartItemId: 'line-1', quantity: 0 },
      { ...base, merchant: 'shop-0.test', action: 'remove', productId: 'P-2' },
      { ...base, merchant: 'shop-0.test', action: 'view' },
      { ...base, merchant: 'shop-0.test', action: 'clear' },
    ] as const;
    for (const input of inputs) expect((await cart.execute(input)).ok).toBe(true);
    expect(calls.map((c) => c.args[1])).toEqual([
      { action: 'add', addItems: [{ productId: 'P-1', quantity: 1, variantId: 'V-S' }] },
      { action: 'add', addItems: [{ productId: 'P-2', quantity: 3 }] },
      { action: 'update', item: { cartItemId: 'line-1' }, quantity: 0 },
      { action: 'remove', item: { productId: 'P-2' } },
      { action: 'view' },
      { action: 'clear' },
    ]);
  });

  it('returns the lines with their cartItemId and the totals', async () => {
    const { tool } = setup();
    const result = await tool('manage_cart').execute({ ...base, merchant: 'shop-0.test', action: 'view' });
    expect(result).toEqual({
      ok: true,
      data: {
        merchant: 'shop-0.test',
        action: 'view',
        operation: { success: true },
        cartId: 'cart-1',
        itemCount: 1,
        items: [
          {
            cartItemId: 'line-1',
            productId: 'P-1',
            name: 'Product P-1',
            quantity: 1,
            unitPrice: '10.00',
            lineTotal: '10.00',
            currency: 'USD',
            availability: 'inStock',
          },
        ],
        totals: { subtotal: '10.00', tax: '0.80', total: '10.80', currency: 'USD' },
      },
    });
  });

  it('names the missing field for inconsistent input and sends nothing', async () => {
    const { tool, calls } = setup();
    const cart = tool('manage_cart');
    const cases = [
      [{ ...base, merchant: 'shop-0.test', action: 'add' }, 'add needs productId'],
      [
        { ...base, merchant: 'shop-0.test', action: 'add', productId: 'P-1', quantity: 0 },
        'add needs a quantity of at least 1',
      ],
      [{ ...base, merchant: 'shop-0.test', action: 'update', cartItemId: 'line-1' }, 'update needs quantity'],
      [
        { ...base, merchant: 'shop-0.test', action: 'remove' },
        'remove needs cartItemId (preferred) or productId',
      ],
      [
        { ...base, merchant: 'shop-0.test', action: 'remove', cartItemId: 'l', variantId: 'V' },
        'variantId needs productId',
      ],
      [{ ...base, merchant: ' ', action: 'view' }, 'merchant must not be empty'],
    ] as const;
    for (const [input, message] of cases) {
      const result = await cart.execute(input);
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(result.ok || result.error.message).toContain(message);
    }
    expect(calls).toEqual([]);
  });

  it('rejects input that breaks the schema (wrong action, missing fields, extra keys) before calling the client', async () => {
    const { tool, calls } = setup();
    const cart = tool('manage_cart');
    const bad: unknown[] = [
      { ...base, merchant: 'shop-0.test', action: 'buy' },
      { merchant: 'shop-0.test', action: 'view' },
      { ...base, merchant: 'shop-0.test', action: 'view', coupon: 'FREE' },
      { ...base, merchant: 'shop-0.test', action: 'add', productId: 'P-1', quantity: 1.5 },
      'view my cart',
    ];
    for (const input of bad) {
      const result = await cart.execute(input as never);
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(result.ok || result.error.message).toMatch(/^invalid arguments for manage_cart: /);
    }
    expect(calls).toEqual([]);
  });
});

describe('order_status', () => {
  it('asks for items, tracking, payment and history, and lists unknown ids under notFound', async () => {
    const { tool, calls } = setup();
    const result = await tool('order_status').execute({
      merchant: 'shop-0.test',
      orderIds: ['ORD-1001', 'ORD-9'],
    });
    expect(result).toEqual({
      ok: true,
      data: {
        merchant: 'shop-0.test',
        orders: [
          {
            orderId: 'ORD-1001',
            orderNumber: '1001',
            status: 'shipped',
            createdAt: '2026-01-01T00:00:00Z',
            totals: { subtotal: '10.00', total: '10.00', currency: 'USD' },
          },
        ],
        notFound: ['ORD-9'],
      },
    });
    expect(calls[0]?.args[1]).toEqual({
      orderIds: ['ORD-1001', 'ORD-9'],
      includeItems: true,
      includeTracking: true,
      includePaymentStatus: true,
      includeHistory: true,
    });
  });
});

describe('aborting', () => {
  it('an aborted signal gives ABORTED, before and during the call', async () => {
    const { tool, calls } = setup({
      search: () => new Promise((_, reject) => setTimeout(() => reject(new Error('socket closed')), 5)),
    });
    const before = new AbortController();
    before.abort();
    const input = { query: 'x', merchants: null, filter: null, maxResults: null };
    await expect(tool('search_products').execute(input, { signal: before.signal })).resolves.toMatchObject({
      ok: false,
      error: { code: 'ABORTED' },
    });
    expect(calls).toEqual([]);
    const during = new AbortController();
    const pending = tool('search_products').execute(input, { signal: during.signal });
    during.abort();
    await expect(pending).resolves.toMatchObject({ ok: false, error: { code: 'ABORTED' } });
  });
});

describe('compact, unambiguous search results', () => {
  const known = ['shop-1.example:43522', 'shop-2.example:43523'];
  const GTIN_13 = '4006381333931';

  it('alsoFrom is { merchant, productId } (a domain with a port made "a:1:b" ambiguous); GTINs are 14 digits in search and get_product alike', async () => {
    const { tool } = setup({
      known,
      search: () => {
        const result = searchResultOf([known[0]!], 1);
        const hit = result.products[0]!;
        hit.gtin = `0${GTIN_13}`;
        hit.alsoFrom = [{ merchantId: `http://${known[1]}/a2a/jsonrpc`, productId: 'P0002-0070' }] as never;
        return result;
      },
      product: (target) => ({
        merchantId: `http://${known[1]}/a2a/jsonrpc`,
        productId: target,
        source: 'id',
        product: { id: target, name: 'Torch', gtin13: GTIN_13 } as never,
      }),
    });
    const found = dataOf(
      await tool('search_products').execute({
        query: 'torch',
        merchants: null,
        filter: null,
        maxResults: null,
      }),
    );
    const hit = (found['products'] as JsonObject[])[0]!;
    expect(hit['alsoFrom']).toEqual([{ merchant: 'shop-2.example:43523', productId: 'P0002-0070' }]);
    const detail = dataOf(
      await tool('get_product').execute({ product: 'P0002-0070', merchant: 'shop-2.example:43523' }),
    );
    expect((detail['product'] as JsonObject)['gtin']).toBe(hit['gtin']);
    expect(hit['gtin']).toBe(`0${GTIN_13}`);
  });

  it('summarises 40 merchants as counts by status and lists only the failures', async () => {
    const many = Array.from({ length: 40 }, (_, i) => `shop-${i}.example:4${String(i).padStart(4, '0')}`);
    const { tool } = setup({
      known: many,
      search: () => {
        const result = searchResultOf(many, 1);
        result.outcomes[7] = {
          ...result.outcomes[7]!,
          status: 'timeout',
          reason: 'deadline',
          products: 0,
          error: new AgentWebError({ code: 'FAN_OUT_INTERRUPTED', message: 'no answer before the deadline' }),
        };
        return result;
      },
    });
    const data = dataOf(
      await tool('search_products').execute({ query: 'x', merchants: null, filter: null, maxResults: null }),
    );
    expect(data['merchants']).toEqual({
      asked: 40,
      byStatus: { ok: 39, timeout: 1 },
      failed: [
        {
          merchant: many[7],
          status: 'timeout',
          reason: 'deadline',
          error: {
            name: 'AgentWebError',
            code: 'FAN_OUT_INTERRUPTED',
            message: 'no answer before the deadline',
          },
        },
      ],
    });
    expect(JSON.stringify(data['merchants']).length).toBeLessThan(400);
  });
});

describe('messages for the model name what it can change', () => {
  it('a skill that needs credentials says to tell the user or use another merchant, not to pass options to a function', async () => {
    const { tool } = setup({
      cart: () => {
        throw Object.assign(
          new AgentWebError({
            code: 'CAP_CREDENTIALS_REQUIRED',
            message:
              'cart_manage on m is not tagged auth:public, so it needs credentials; pass `credentials` to createMerchantClient. Nothing was sent.',
          }),
          { skillId: 'cart_manage', merchantId: 'shop-0.test' },
        );
      },
    });
    const result = await tool('manage_cart').execute({
      merchant: 'shop-0.test',
      action: 'view',
      productId: null,
      variantId: null,
      cartItemId: null,
      quantity: null,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'CAP_CREDENTIALS_REQUIRED' } });
    const message = result.ok ? '' : result.error.message;
    expect(message).not.toMatch(/createMerchantClient|`credentials`/);
    expect(message).toMatch(/sign in|another merchant/);
  });
});
