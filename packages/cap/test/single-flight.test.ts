import { generateCatalog, type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContextStore, createMemoryContextStore } from '../src/context/index.js';
import type { MerchantClient } from '../src/merchant/index.js';
import {
  clientFor,
  type DiscoveredMerchant,
  discoverMerchants,
  sandboxHttp,
} from './helpers/sandbox-clients.js';

// Single flight per (user, merchant) in one process, against a real sandbox merchant. The cross-store contract
// (memory, file, Redis, two instances) is packages/redis/test/helpers/single-flight-contract.ts.
const TOKEN = 'backend-token';
const SEED = 'single-flight-cap';

let sb: Sandbox;
let found: DiscoveredMerchant;
let http: ReturnType<typeof sandboxHttp>;
let inStock: string[];
beforeAll(async () => {
  sb = await startSandbox({
    merchants: 1,
    seed: SEED,
    agis: false,
    faults: { 0: { authRequired: { token: TOKEN } } },
  });
  http = sandboxHttp(sb, { timeoutMs: 15_000 });
  [found] = (await discoverMerchants(sb, http)) as [DiscoveredMerchant];
  inStock = generateCatalog({ seed: SEED, index: 0, baseUrl: found.merchant.baseUrl })
    .products.filter((product) => product.availability === 'inStock')
    .map((product) => product.id);
});
afterAll(async () => {
  await http.close();
  await sb.close();
});

const add = (productId: string) => ({ action: 'add' as const, addItems: [{ productId, quantity: 1 }] });
const cartClient = (contextStore: ContextStore, userId: string, token = TOKEN): Promise<MerchantClient> =>
  clientFor(found, { http, contextStore, userId, auth: { type: 'bearer', token } });

/** A caller's own store with only get, set and delete: no `read`, `setIfGeneration` or `lock`. */
function plainStore(): ContextStore {
  const map = new Map<string, string>();
  const id = (key: { userId: string; merchantId: string }) => JSON.stringify([key.userId, key.merchantId]);
  return {
    get: async (key) => map.get(id(key)),
    set: async (key, contextId) => void map.set(id(key), contextId),
    delete: async (key) => void map.delete(id(key)),
  };
}

/** A memory store that counts how often its lock is taken. */
function countingStore(): { store: ContextStore; locks: () => number } {
  const inner = createMemoryContextStore();
  let locks = 0;
  const store: ContextStore = {
    ...inner,
    lock: (key, options) => {
      locks += 1;
      return (inner.lock as NonNullable<ContextStore['lock']>)(key, options);
    },
  };
  return { store, locks: () => locks };
}

describe('single flight per (user, merchant), in one process', () => {
  it('a store with only get, set and delete: 10 concurrent first adds of one user share one context, every item kept', async () => {
    const store = plainStore();
    const contextsBefore = found.merchant.stats.contexts;
    const clients = await Promise.all(inStock.slice(0, 10).map(() => cartClient(store, 'plain-store-user')));
    await Promise.all(clients.map((client, i) => client.cartManage(add(inStock[i] as string))));
    const view = await clients[0]!.cartManage({ action: 'view' });
    expect(view.output.items.map((line) => line.productId).sort()).toEqual(inStock.slice(0, 10).sort());
    expect(found.merchant.stats.contexts - contextsBefore).toBe(1);
  });

  it('when the first call fails without a context, the next waiting call creates it', async () => {
    const store = createMemoryContextStore();
    const key = { userId: 'failing-first', merchantId: found.merchant.domain };
    const contextsBefore = found.merchant.stats.contexts;
    // Holding the lock lines the two calls up in order: the one with a wrong token first.
    const lease = await (store.lock as NonNullable<ContextStore['lock']>)(key);
    const refused = (await cartClient(store, key.userId, 'wrong-token')).cartManage(
      add(inStock[0] as string),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const accepted = (await cartClient(store, key.userId)).cartManage(add(inStock[1] as string));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await lease.release();
    await expect(refused).rejects.toMatchObject({ status: 401 });
    const result = await accepted;
    expect(result.personalised).toBe(false);
    expect(result.output.items.map((line) => line.productId)).toEqual([inStock[1]]);
    expect(await store.get(key)).toBe(result.contextId);
    expect(found.merchant.stats.contexts - contextsBefore).toBe(1);
  });

  it('takes the lock only for a first personalised call: not once a context is stored, never for anonymous calls', async () => {
    const { store, locks } = countingStore();
    const client = await cartClient(store, 'lock-count');
    await client.productSearch({ query: 'lamp' }, { personalise: false });
    expect(locks()).toBe(0);
    await client.cartManage(add(inStock[0] as string));
    expect(locks()).toBe(1);
    await client.cartManage(add(inStock[1] as string));
    await client.productSearch({ query: 'lamp' });
    expect(locks()).toBe(1);
  });
});
