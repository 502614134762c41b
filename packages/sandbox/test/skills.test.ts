import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin, type Sandbox, startSandbox } from '../src/index.js';
import { type CapCaller, v1Caller, v03Caller } from './sdk-clients.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ merchants: 3, seed: 'skills', dialects: ['0.3', '1.0', 'dual'] });
});
afterAll(async () => {
  await sb.close();
});

const cases: [string, number, 'v03' | 'v1'][] = [
  ['0.3 merchant, 0.3 SDK client', 0, 'v03'],
  ['0.3 merchant, 1.3 SDK client (legacy compat)', 0, 'v1'],
  ['1.0 merchant, 1.3 SDK client', 1, 'v1'],
  ['dual merchant, 0.3 SDK client', 2, 'v03'],
  ['dual merchant, 1.3 SDK client', 2, 'v1'],
];

describe.each(cases)('%s', (_name, index, sdk) => {
  const caller = (token?: string): Promise<CapCaller> => {
    const m = sb.merchants[index];
    if (m === undefined) throw new Error('no merchant');
    return sdk === 'v03' ? v03Caller(sb, m, token) : v1Caller(sb, m, token);
  };

  it('product_search: keyword, phrase, filter, paging', async () => {
    const c = await caller();
    const all = await c.call([{ skillId: 'cap:product_search', data: { query: '', limit: 100 } }]);
    expect(all.state).toBe('completed');
    const out = all.outputs[0] as {
      products: { id: string; gtin: string; offers: { price: string }[] }[];
      totalResults: number;
    };
    expect(out.totalResults).toBe(sb.merchants[index]?.catalogSize);
    expect(out.products.every((p) => isValidGtin(p.gtin))).toBe(true);

    const page = await c.call([{ skillId: 'cap:product_search', data: { query: '', offset: 5, limit: 5 } }]);
    expect((page.outputs[0] as { products: { id: string }[] }).products.map((p) => p.id)).toEqual(
      out.products.slice(5, 10).map((p) => p.id),
    );
    const filtered = await c.call([
      {
        skillId: 'cap:product_search',
        data: {
          query: '',
          limit: 100,
          filter: "price < 100 AND (availability = 'inStock' OR availability = 'preOrder')",
        },
      },
    ]);
    const fp = (filtered.outputs[0] as { products: { offers: { price: string; availability: string }[] }[] })
      .products;
    expect(fp.length).toBeGreaterThan(0);
    expect(
      fp.every((p) => Number(p.offers[0]?.price) < 100 && p.offers[0]?.availability !== 'outOfStock'),
    ).toBe(true);

    const first = out.products[0] as unknown as { name: string };
    const phrase = await c.call([
      { skillId: 'cap:product_search', data: { query: first.name, queryMode: 'phrase' } },
    ]);
    expect((phrase.outputs[0] as { totalResults: number }).totalResults).toBeGreaterThan(0);

    const tooMany = await c.call([{ skillId: 'cap:product_search', data: { query: 'x', limit: 101 } }]);
    expect(tooMany.state).toBe('failed');
    expect(tooMany.error?.capErrorCode).toBe('CAP_INVALID_PARAMETERS');
    const bad = await c.call([{ skillId: 'cap:product_search', data: { query: 'x', filter: 'price <' } }]);
    expect(bad.error?.capErrorCode).toBe('CAP_SEARCH_QUERY_INVALID');
  });

  it('product_search by text/plain and with the skillId in message metadata', async () => {
    const c = await caller();
    const text = await c.call([{ text: 'I want some headphones please' }]);
    expect(text.state).toBe('completed');
    const viaMessageMeta = await c.call([{ data: { query: '', limit: 1 } }], undefined, {
      skillId: 'cap:product_search',
    });
    expect((viaMessageMeta.outputs[0] as { products: unknown[] }).products).toHaveLength(1);
  });

  it('product_get with notFound, and CAP_PRODUCT_NOT_FOUND when nothing exists', async () => {
    const c = await caller();
    const id = `P${String(index).padStart(4, '0')}-0001`;
    const got = await c.call([
      { skillId: 'cap:product_get', data: { productIds: [id, 'nope'], fields: ['basic', 'offers'] } },
    ]);
    const out = got.outputs[0] as {
      products: ({ id: string; variants?: unknown } | null)[];
      notFound: string[];
    };
    expect(out.products[0]?.id).toBe(id);
    expect(out.products[0]?.variants).toBeUndefined();
    expect(out.products[1]).toBeNull();
    expect(out.notFound).toEqual(['nope']);
    const none = await c.call([{ skillId: 'cap:product_get', data: { productIds: ['nope'] } }]);
    expect(none.state).toBe('failed');
    expect(none.error).toMatchObject({
      capErrorCode: 'CAP_PRODUCT_NOT_FOUND',
      details: { notFound: ['nope'] },
    });
  });

  it('cart_manage needs auth, keeps a cart per contextId through add/update/remove/view/clear', async () => {
    const anon = await caller();
    const refused = await anon.call([{ skillId: 'cap:cart_manage', data: { action: 'view' } }]);
    expect(refused.error?.capErrorCode).toBe('CAP_AUTHENTICATION_REQUIRED');

    const c = await caller('user-1');
    const search = await c.call([
      { skillId: 'cap:product_search', data: { query: '', limit: 100, filter: "availability = 'inStock'" } },
    ]);
    const products = (search.outputs[0] as { products: { id: string }[] }).products;
    const [a, b] = products;
    if (a === undefined || b === undefined) throw new Error('catalog too small');
    const add = await c.call([
      {
        skillId: 'cap:cart_manage',
        data: {
          action: 'add',
          addItems: [
            { productId: a.id, quantity: 2 },
            { productId: b.id, quantity: 1, clientItemId: 'mine' },
          ],
        },
      },
    ]);
    expect(add.state).toBe('completed');
    const ctx = add.contextId;
    const cart = add.outputs[0] as {
      items: { cartItemId: string; quantity: number }[];
      cart: { itemCount: number };
      totals: { total: string };
    };
    expect(cart.cart.itemCount).toBe(3);
    const line = cart.items[0]?.cartItemId;
    const upd = await c.call(
      [
        {
          skillId: 'cap:cart_manage',
          data: { action: 'update', updateItems: [{ cartItemId: line, quantity: 5 }] },
        },
      ],
      ctx,
    );
    expect((upd.outputs[0] as { cart: { itemCount: number } }).cart.itemCount).toBe(6);
    const rem = await c.call(
      [{ skillId: 'cap:cart_manage', data: { action: 'remove', removeItems: [{ clientItemId: 'mine' }] } }],
      ctx,
    );
    expect((rem.outputs[0] as { items: unknown[] }).items).toHaveLength(1);
    const view = await c.call(
      [{ skillId: 'cap:cart_manage', data: { action: 'view', includeTaxCalculations: true } }],
      ctx,
    );
    const v = view.outputs[0] as { items: unknown[]; totals: { taxDetails: unknown[] } };
    expect(v.items).toHaveLength(1);
    expect(v.totals.taxDetails).toHaveLength(1);
    const other = await c.call([{ skillId: 'cap:cart_manage', data: { action: 'view' } }]);
    expect((other.outputs[0] as { items: unknown[] }).items).toHaveLength(0);
    const clear = await c.call([{ skillId: 'cap:cart_manage', data: { action: 'clear' } }], ctx);
    expect((clear.outputs[0] as { cart: { itemCount: number } }).cart.itemCount).toBe(0);
    const badQty = await c.call(
      [{ skillId: 'cap:cart_manage', data: { action: 'add', addItems: [{ productId: a.id, quantity: 0 }] } }],
      ctx,
    );
    expect(badQty.error?.capErrorCode).toBe('CAP_INVALID_QUANTITY');
  });

  it('order_status with details and not-found handling', async () => {
    const c = await caller('user-1');
    const r = await c.call([
      {
        skillId: 'cap:order_status',
        data: {
          orderIds: ['ORD-1003', 'ORD-9'],
          includeTracking: true,
          includeItems: true,
          includePaymentStatus: true,
        },
      },
    ]);
    const out = r.outputs[0] as {
      orders: ({ status: string; tracking: unknown[]; items: unknown[] } | null)[];
      notFound: string[];
    };
    expect(out.orders[0]?.status).toBe('shipped');
    expect(out.orders[0]?.tracking).toHaveLength(1);
    expect(out.orders[1]).toBeNull();
    expect(out.notFound).toEqual(['ORD-9']);
    const none = await c.call([{ skillId: 'cap:order_status', data: { orderIds: ['ORD-9'] } }]);
    expect(none.error?.capErrorCode).toBe('CAP_ORDER_NOT_FOUND');
  });

  it('user_preferences_set issues a context, merges, revokes, and rejects foreign contextIds', async () => {
    const c = await caller();
    const first = await c.call([
      {
        skillId: 'cap:user_preferences_set',
        data: { preferences: { userDataConsent: 'all', locale: { currency: 'EUR' } } },
      },
    ]);
    const o1 = first.outputs[0] as {
      context: { isNewContext: boolean };
      currentPreferences: Record<string, unknown>;
    };
    expect(o1.context.isNewContext).toBe(true);
    const ctx = first.contextId;
    expect(ctx).not.toBe('');
    const second = await c.call(
      [
        {
          skillId: 'cap:user_preferences_set',
          data: { preferences: { userDataConsent: 'all', shopping: { brands: ['Acme'] } } },
        },
      ],
      ctx,
    );
    const o2 = second.outputs[0] as {
      context: { isNewContext: boolean };
      currentPreferences: Record<string, unknown>;
    };
    expect(second.contextId).toBe(ctx);
    expect(o2.context.isNewContext).toBe(false);
    expect(o2.currentPreferences).toMatchObject({
      locale: { currency: 'EUR' },
      shopping: { brands: ['Acme'] },
    });
    const revoke = await c.call(
      [{ skillId: 'cap:user_preferences_set', data: { preferences: { userDataConsent: 'none' } } }],
      ctx,
    );
    expect((revoke.outputs[0] as { currentPreferences: unknown }).currentPreferences).toEqual({
      userDataConsent: 'none',
    });
    const absent = await c.call(
      [
        {
          skillId: 'cap:user_preferences_set',
          data: { preferences: { userDataConsent: 'absent' }, clearAll: true },
        },
      ],
      ctx,
    );
    expect(absent.state).toBe('completed');
    const bad = await c.call([
      { skillId: 'cap:user_preferences_set', data: { preferences: { userDataConsent: 'maybe' } } },
    ]);
    expect(bad.error?.capErrorCode).toBe('CAP_INVALID_PREFERENCES_FORMAT');
    const foreign = await c.call(
      [{ skillId: 'cap:user_preferences_set', data: { preferences: { userDataConsent: 'all' } } }],
      `foreign-${index}-${sdk}`,
    );
    expect(foreign.error?.capErrorCode).toBe('CAP_INVALID_CONTEXT_ID_FOR_UPDATE');
    expect(sb.merchants[index]?.stats.foreignContextIds).toContain(`foreign-${index}-${sdk}`);
  });

  it('preferences first and a search in one message give two artifacts', async () => {
    const c = await caller();
    const r = await c.call([
      { skillId: 'cap:user_preferences_set', data: { preferences: { userDataConsent: 'all' } } },
      { skillId: 'cap:product_search', data: { query: '', limit: 1 } },
    ]);
    expect(r.outputs).toHaveLength(2);
  });
});
