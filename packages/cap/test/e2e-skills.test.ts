import type { A2ADialect } from '@agentweb/a2a';
import { type Sandbox, sandboxOrderIds, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCapError } from '../src/cap-error.js';
import { createMemoryContextStore } from '../src/context/index.js';
import { filter, formatFilter } from '../src/filter/index.js';
import { isCapCredentialsRequiredError, type MerchantClient } from '../src/merchant/index.js';
import {
  clientFor,
  type DiscoveredMerchant,
  discoverMerchants,
  sandboxHttp,
} from './helpers/sandbox-clients.js';

// Four merchants: 0.3, 1.0, dual, and a 0.3 one that declares only keyword search (every fourth merchant).
let sb: Sandbox;
let found: DiscoveredMerchant[];
let http: ReturnType<typeof sandboxHttp>;
beforeAll(async () => {
  sb = await startSandbox({ merchants: 4, seed: 'e2e-skills', dialects: ['0.3', '1.0', 'dual', '0.3'] });
  http = sandboxHttp(sb);
  found = await discoverMerchants(sb, http);
});
afterAll(async () => {
  await http.close();
  await sb.close();
});

const TOKEN = { type: 'bearer', token: 'shopper-token' } as const;

const cases: [string, number, A2ADialect | undefined][] = [
  ['0.3 merchant', 0, undefined],
  ['1.0 merchant', 1, undefined],
  ['dual merchant over 1.0', 2, undefined],
  ['dual merchant over 0.3', 2, '0.3'],
];

describe.each(cases)('every CAP skill, %s', (name, index, dialect) => {
  const userId = `user-${name}`;
  const store = createMemoryContextStore();
  const client = (signedIn = true): Promise<MerchantClient> =>
    clientFor(found[index] as DiscoveredMerchant, {
      http,
      contextStore: store,
      userId,
      ...(signedIn ? { auth: TOKEN } : {}),
      ...(dialect ? { dialect } : {}),
    });

  it('product_search: keyword in any order, phrase, filter, paging', async () => {
    const shop = await client();
    const keyword = await shop.productSearch({ query: 'lamp desk', limit: 100 });
    const names = keyword.output.products.map((p) => p.name.toLowerCase());
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.includes('lamp'))).toBe(true);
    expect(keyword.output.totalResults).toBe(names.length);
    expect(keyword.warnings).toEqual([]);

    const phrase = await shop.productSearch({ query: 'desk lamp', queryMode: 'phrase', limit: 100 });
    expect(phrase.output.products.length).toBeGreaterThan(0);
    expect(
      phrase.output.products.every((p) => `${p.name} ${p.description}`.toLowerCase().includes('desk lamp')),
    ).toBe(true);
    const reversed = await shop.productSearch({ query: 'lamp desk', queryMode: 'phrase', limit: 100 });
    expect(reversed.output.products.length).toBeLessThan(keyword.output.products.length);

    const cheap = formatFilter(
      filter.and(filter.lt('price', 100), filter.in_('availability', ['inStock', 'preOrder'])),
    );
    const filtered = await shop.productSearch({ query: 'lamp', filter: cheap, limit: 100 });
    for (const p of filtered.output.products) {
      expect(Number(p.offers?.[0]?.price)).toBeLessThan(100);
      expect(p.offers?.[0]?.availability).not.toBe('outOfStock');
    }
    const bad = await shop.productSearch({ query: 'lamp', filter: 'price <' }).catch((e: unknown) => e);
    expect(isCapError(bad) && bad.capErrorCode).toBe('CAP_SEARCH_QUERY_INVALID');

    const all = await shop.productSearch({ query: 'lamp', limit: 100 });
    const page2 = await shop.productSearch({ query: 'lamp', offset: 2, limit: 2 });
    expect(page2.output.offset).toBe(2);
    expect(page2.output.products.map((p) => p.id)).toEqual(all.output.products.slice(2, 4).map((p) => p.id));
  });

  it('product_get: details in the order asked, with notFound; all unknown is CAP_PRODUCT_NOT_FOUND', async () => {
    const shop = await client(false);
    const search = await shop.productSearch({ query: 'lamp', limit: 2 });
    const [a, b] = search.output.products.map((p) => p.id);
    const got = await shop.productGet({ productIds: [b as string, 'NOPE-1', a as string] });
    expect(got.output.products.map((p) => p?.id ?? null)).toEqual([b, null, a]);
    expect(got.output.notFound).toEqual(['NOPE-1']);
    expect(got.output.products[0]?.variants?.length ?? 0).toBeGreaterThan(0);
    const none = await shop.productGet({ productIds: ['NOPE-2'] }).catch((e: unknown) => e);
    expect(isCapError(none) && none.capErrorCode).toBe('CAP_PRODUCT_NOT_FOUND');
  });

  it('cart_manage: add, update, remove, view, clear with a bearer token; refused without one', async () => {
    const anonymous = await client(false);
    await expect(anonymous.cartManage({ action: 'view' })).rejects.toSatisfy(isCapCredentialsRequiredError);
    const shop = await client();
    const [p1, p2] = (await shop.productSearch({ query: 'lamp', limit: 2 })).output.products.map((p) => p.id);
    const added = await shop.cartManage({
      action: 'add',
      addItems: [
        { productId: p1 as string, quantity: 1 },
        { productId: p2 as string, quantity: 2 },
      ],
    });
    expect(added.output.operation.success).toBe(true);
    expect(added.output.items.map((i) => [i.productId, i.quantity])).toEqual([
      [p1, 1],
      [p2, 2],
    ]);
    const updated = await shop.cartManage({
      action: 'update',
      item: { productId: p1 as string },
      quantity: 3,
    });
    expect(updated.output.items.find((i) => i.productId === p1)?.quantity).toBe(3);
    const removed = await shop.cartManage({ action: 'remove', item: { productId: p2 as string } });
    expect(removed.output.items.map((i) => i.productId)).toEqual([p1]);
    const viewed = await shop.cartManage({ action: 'view' });
    expect(viewed.output.cart.itemCount).toBe(3);
    expect(Number(viewed.output.totals.total)).toBeGreaterThan(0);
    const cleared = await shop.cartManage({ action: 'clear' });
    expect(cleared.output.items).toEqual([]);
    // Every call carried the user's stored contextId, so it was one cart throughout.
    expect(new Set([added, updated, removed, viewed, cleared].map((r) => r.contextId)).size).toBe(1);
  });

  it('order_status: known orders, unknown ones in notFound, credentials required', async () => {
    await expect((await client(false)).orderStatus({ orderIds: ['ORD-1001'] })).rejects.toSatisfy(
      isCapCredentialsRequiredError,
    );
    const [first, second] = sandboxOrderIds();
    const status = await (await client()).orderStatus({
      orderIds: [first as string, 'ORD-9999', second as string],
    });
    expect(status.output.orders.map((o) => o?.orderId ?? null)).toEqual([first, null, second]);
    expect(status.output.notFound).toEqual(['ORD-9999']);
  });

  it('user_preferences_set: consent all, none, absent, and revocation forgets the contextId', async () => {
    const prefsStore = createMemoryContextStore();
    const shop = await clientFor(found[index] as DiscoveredMerchant, {
      http,
      contextStore: prefsStore,
      userId: 'prefs-user',
      ...(dialect ? { dialect } : {}),
    });
    const first = await shop.setUserPreferences({
      preferences: { userDataConsent: 'all', locale: { currency: 'EUR', language: 'de' } },
    });
    expect(first.output.context.isNewContext).toBe(true);
    expect(first.output.currentPreferences?.locale?.currency).toBe('EUR');
    const issued = await shop.currentContextId();
    expect(issued).toBe(first.contextId);
    const merged = await shop.setUserPreferences({
      preferences: { userDataConsent: 'all', shopping: { sizes: { shirt: 'M' } } },
    });
    expect(merged.output.context.isNewContext).toBe(false);
    expect(merged.output.currentPreferences?.locale?.currency).toBe('EUR');

    const none = await shop.setUserPreferences({ preferences: { userDataConsent: 'none' } });
    expect(none.output.currentPreferences?.userDataConsent).toBe('none');
    expect(await shop.currentContextId()).toBeUndefined();

    await shop.setUserPreferences({ preferences: { userDataConsent: 'all', locale: { currency: 'GBP' } } });
    const absent = await shop.setUserPreferences({ preferences: { userDataConsent: 'absent' } });
    expect(absent.output.currentPreferences?.userDataConsent).toBe('absent');
    expect(await shop.currentContextId()).toBeUndefined();

    await shop.setUserPreferences({ preferences: { userDataConsent: 'all', locale: { currency: 'USD' } } });
    const revoked = await shop.revokeConsent();
    expect(revoked.output.operation.success).toBe(true);
    expect(await shop.currentContextId()).toBeUndefined();
    // After revocation the next call starts a context the merchant treats as new.
    const fresh = await shop.setUserPreferences({ preferences: { userDataConsent: 'all' } });
    expect(fresh.output.context.isNewContext).toBe(true);
    expect(fresh.output.currentPreferences?.locale).toBeUndefined();
  });

  it('contextId: issued on the first call, stored per user, sent back, and a foreign one is refused', async () => {
    const contexts = createMemoryContextStore();
    const shop = await clientFor(found[index] as DiscoveredMerchant, {
      http,
      contextStore: contexts,
      userId: 'ctx-user',
      ...(dialect ? { dialect } : {}),
    });
    const first = await shop.productSearch({ query: 'lamp', limit: 1 });
    expect(first.personalised).toBe(false);
    expect(first.contextId).toBeTruthy();
    expect(await shop.currentContextId()).toBe(first.contextId);
    const second = await shop.productSearch({ query: 'lamp', limit: 1 });
    expect(second.personalised).toBe(true);
    expect(second.contextId).toBe(first.contextId);
    const anonymous = await shop.productSearch({ query: 'lamp', limit: 1 }, { personalise: false });
    expect(anonymous.personalised).toBe(false);
    expect(await shop.currentContextId()).toBe(first.contextId);

    await contexts.set(
      { userId: 'ctx-user', merchantId: shop.merchantId },
      `never-issued-${index}-${dialect ?? 'card'}`,
    );
    const refused = await shop
      .setUserPreferences({ preferences: { userDataConsent: 'all', locale: { currency: 'EUR' } } })
      .catch((e: unknown) => e);
    expect(isCapError(refused) && refused.capErrorCode).toBe('CAP_INVALID_CONTEXT_ID_FOR_UPDATE');
  });
});

describe('query modes', () => {
  it('a merchant that declares only keyword search says so on its card and refuses phrase', async () => {
    const keywordOnly = found[3] as DiscoveredMerchant;
    expect(keywordOnly.profile.cap?.queryModes).toEqual(['keyword']);
    const shop = await clientFor(keywordOnly, { http });
    const refused = await shop
      .productSearch({ query: 'desk lamp', queryMode: 'phrase' })
      .catch((e: unknown) => e);
    expect(isCapError(refused) && refused.capErrorCode).toBe('CAP_FEATURE_NOT_SUPPORTED');
  });

  it('text invocation goes only to skills whose inputModes allow text/plain', async () => {
    const shop = await clientFor(found[0] as DiscoveredMerchant, { http, auth: TOKEN });
    const text = await shop.invokeText({ skillId: 'cap:product_search', text: 'desk lamp' });
    expect((text.data as { products: unknown[] }).products.length).toBeGreaterThan(0);
    expect(shop.canCall('cap:product_get', 'text')).toEqual({ ok: false, reason: 'text-not-accepted' });
  });
});
