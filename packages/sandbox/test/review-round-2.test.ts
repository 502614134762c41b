import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, type SandboxMerchant, startSandbox } from '../src/index.js';
import { v1Caller, v03Caller } from './sdk-clients.js';

let sb: Sandbox;
let m: SandboxMerchant;
beforeAll(async () => {
  sb = await startSandbox({ merchants: 2, seed: 'round-2', dialects: ['0.3', '1.0'] });
  const first = sb.merchants[0];
  if (first === undefined) throw new Error('missing merchant');
  m = first;
});
afterAll(async () => {
  await sb.close();
});

async function inStockId(): Promise<string> {
  const c = await v03Caller(sb, m);
  const r = await c.call([
    { skillId: 'cap:product_search', data: { query: '', limit: 1, filter: "availability = 'inStock'" } },
  ]);
  const id = (r.outputs[0] as { products: { id: string }[] }).products[0]?.id;
  if (id === undefined) throw new Error('no product in stock');
  return id;
}

describe('cart quantity limit on merge', () => {
  it('adding to a line already in the cart cannot pass 999; the cart stays as it was', async () => {
    const productId = await inStockId();
    const c = await v03Caller(sb, m, 'user-merge');
    const first = await c.call([
      { skillId: 'cap:cart_manage', data: { action: 'add', addItems: [{ productId, quantity: 600 }] } },
    ]);
    expect(first.state).toBe('completed');
    const over = await c.call(
      [{ skillId: 'cap:cart_manage', data: { action: 'add', addItems: [{ productId, quantity: 600 }] } }],
      first.contextId,
    );
    expect(over.state).toBe('failed');
    expect(over.error?.capErrorCode).toBe('CAP_INVALID_QUANTITY');
    expect(over.error?.details).toMatchObject({ productId, quantity: 1200 });
    const view = await c.call([{ skillId: 'cap:cart_manage', data: { action: 'view' } }], first.contextId);
    expect((view.outputs[0] as { items: { quantity: number }[] }).items.map((i) => i.quantity)).toEqual([
      600,
    ]);

    const exact = await c.call(
      [{ skillId: 'cap:cart_manage', data: { action: 'add', addItems: [{ productId, quantity: 399 }] } }],
      first.contextId,
    );
    expect((exact.outputs[0] as { items: { quantity: number }[] }).items.map((i) => i.quantity)).toEqual([
      999,
    ]);
  });

  it('the same product twice in one add is merged and checked as well', async () => {
    const productId = await inStockId();
    const c = await v03Caller(sb, m, 'user-merge-2');
    const r = await c.call([
      {
        skillId: 'cap:cart_manage',
        data: {
          action: 'add',
          addItems: [
            { productId, quantity: 500 },
            { productId, quantity: 500 },
          ],
        },
      },
    ]);
    expect(r.state).toBe('failed');
    expect(r.error?.capErrorCode).toBe('CAP_INVALID_QUANTITY');
    const view = await c.call([{ skillId: 'cap:cart_manage', data: { action: 'view' } }], r.contextId);
    expect(view.state).toBe('completed');
    expect((view.outputs[0] as { items: unknown[] }).items).toEqual([]);
  });
});

describe('preferences appliedPolicies', () => {
  it.each(['none', 'absent'])('with consent %s, no "all" policy is reported', async (consent) => {
    const c = await v03Caller(sb, m);
    const r = await c.call([
      { skillId: 'cap:user_preferences_set', data: { preferences: { userDataConsent: consent } } },
    ]);
    const ctx = (r.outputs[0] as { context: { appliedPolicies: string[] } }).context;
    expect(ctx.appliedPolicies).toEqual([`cap:consent:${consent}`]);
  });
  it('clearAll reports consent none; consent all reports all', async () => {
    const c = await v03Caller(sb, m);
    const all = await c.call([
      { skillId: 'cap:user_preferences_set', data: { preferences: { userDataConsent: 'all' } } },
    ]);
    expect((all.outputs[0] as { context: { appliedPolicies: string[] } }).context.appliedPolicies).toEqual([
      'cap:consent:all',
    ]);
    const cleared = await c.call(
      [
        {
          skillId: 'cap:user_preferences_set',
          data: { clearAll: true, preferences: { userDataConsent: 'all' } },
        },
      ],
      all.contextId,
    );
    expect(
      (cleared.outputs[0] as { context: { appliedPolicies: string[] } }).context.appliedPolicies,
    ).toEqual(['cap:consent:none']);
  });
});

describe('sitemap', () => {
  it('robots.txt names a sitemap that lists the home page and every product page', async () => {
    const robots = await (await sb.fetch(`${m.baseUrl}/robots.txt`)).text();
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
    expect(sitemapUrl).toBe(`${m.baseUrl}/sitemap.xml`);
    const res = await sb.fetch(sitemapUrl ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((x) => x[1] ?? '');
    expect(locs[0]).toBe(`${m.baseUrl}/`);
    expect(locs.length).toBe(m.catalogSize + 1);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of [locs[1], locs[locs.length - 1]]) {
      expect(loc).toMatch(new RegExp(`^${m.baseUrl}/products/`));
      expect((await sb.fetch(loc ?? '')).status).toBe(200);
    }
  });
});

describe('stats.a2aRequests', () => {
  it.each([0, 1])('counts POSTs to the RPC endpoint only (merchant %i)', async (index) => {
    const merchant = sb.merchants[index];
    if (merchant === undefined) throw new Error('missing merchant');
    const before = merchant.stats.a2aRequests;
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) {
      const res = await sb.fetch(merchant.rpcUrl, { method });
      await res.arrayBuffer();
    }
    expect(merchant.stats.a2aRequests).toBe(before);
    const c = index === 0 ? await v03Caller(sb, merchant) : await v1Caller(sb, merchant);
    await c.call([{ skillId: 'cap:product_search', data: { query: '' } }]);
    expect(merchant.stats.a2aRequests).toBe(before + 1);
  });
});
