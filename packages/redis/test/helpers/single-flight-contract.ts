import { createA2AClient } from '@agentweb/a2a';
import { type AgentProfile, parseAgentCard } from '@agentweb/agentcard';
import {
  type ContextStore,
  createMerchantClient,
  isContextLockTimeoutError,
  type MerchantClient,
} from '@agentweb/cap';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';
import { generateCatalog, type Sandbox, type SandboxMerchant, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SharedContextStores } from './context-store-contract.js';

/** Settings the contract gives a store under test. */
export interface SingleFlightSettings {
  /** The store's longest wait for a context-creation lock, in ms. */
  lockWaitMs?: number;
}

const USERS = 10;
const ADDS_PER_USER = 5;

/**
 * Concurrent first calls of one user at one merchant share one context creation, run against a memory, a file and a
 * Redis store with real sandbox merchants (A2A servers on 127.0.0.1). `make` returns two handles on one shared store
 * (two instances: two connections for Redis, one object for the in-process stores).
 */
export function describeSingleFlightContract(
  name: string,
  make: (settings?: SingleFlightSettings) => Promise<SharedContextStores>,
): void {
  describe(`single flight per (user, merchant): ${name}`, () => {
    let sandbox: Sandbox;
    let http: HttpClient;
    let opened: SharedContextStores | undefined;
    const profiles = new Map<SandboxMerchant, AgentProfile>();
    /** Products each merchant has in stock, which a cart add accepts. */
    const inStock = new Map<SandboxMerchant, string[]>();

    beforeAll(async () => {
      const seed = `single-flight-${name}`;
      sandbox = await startSandbox({ merchants: 2, seed, agis: false });
      for (const merchant of sandbox.merchants) {
        const catalog = generateCatalog({ seed, index: merchant.index, baseUrl: merchant.baseUrl });
        inStock.set(
          merchant,
          catalog.products
            .filter((product) => product.availability === 'inStock')
            .map((product) => product.id),
        );
      }
      http = createHttpClient({
        lookup: sandbox.lookup,
        allowHttp: true,
        allowPrivateNetwork: true,
        connector: createLoopbackOnlyConnector(),
        // Generous: the machine is shared with other test runs.
        timeoutMs: 15_000,
        retry: false,
      });
      for (const merchant of sandbox.merchants)
        profiles.set(merchant, parseAgentCard((await http.getJson(merchant.cardUrl)).data).profile);
    }, 60_000);
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });
    afterAll(async () => {
      await http?.close();
      await sandbox?.close();
    });

    async function stores(settings?: SingleFlightSettings): Promise<SharedContextStores> {
      opened = await make(settings);
      return opened;
    }

    /** A merchant client of one instance for one user, as a backend builds one per request. */
    async function clientFor(
      merchant: SandboxMerchant,
      store: ContextStore,
      userId: string,
    ): Promise<MerchantClient> {
      const profile = profiles.get(merchant) as AgentProfile;
      return createMerchantClient({
        profile,
        // The cart needs credentials; the sandbox takes any bearer token.
        a2a: await createA2AClient({ profile, http, auth: { type: 'bearer', token: 'backend' } }),
        closeA2A: true,
        credentials: true,
        contextStore: store,
        userId,
        merchantId: merchant.domain,
      });
    }

    it(`${USERS * ADDS_PER_USER} concurrent cart adds of fresh users across two instances: every item is in the cart, one context per user and merchant`, async () => {
      const { a, b } = await stores();
      const [first, second] = sandbox.merchants as [SandboxMerchant, SandboxMerchant];
      const contextsBefore = [first.stats.contexts, second.stats.contexts];
      const clients: MerchantClient[] = [];
      // Each user's adds go out at once, alternating merchants and instances: the parallel tool calls of an LLM
      // (or a double submit) for a user who has no context yet at either merchant.
      const expected = new Map<string, string[]>();
      const adds: Promise<unknown>[] = [];
      for (let user = 0; user < USERS; user += 1) {
        const userId = `fresh-${name}-${user}`;
        for (let add = 0; add < ADDS_PER_USER; add += 1) {
          const index = add % 2;
          const merchant = index === 0 ? first : second;
          const productId = inStock.get(merchant)?.[add] as string;
          const client = await clientFor(merchant, (user + add) % 2 === 0 ? a : b, userId);
          clients.push(client);
          const pair = `${userId} @ ${merchant.domain}`;
          expected.set(pair, [...(expected.get(pair) ?? []), productId]);
          adds.push(client.cartManage({ action: 'add', addItems: [{ productId, quantity: 1 }] }));
        }
      }
      try {
        const settled = await Promise.allSettled(adds);
        expect(settled.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
        // Every item is in its user's cart, seen through the contextId either instance stored.
        const carts = new Map<string, string[]>();
        for (let user = 0; user < USERS; user += 1) {
          const userId = `fresh-${name}-${user}`;
          for (const [merchant, store] of [
            [first, b],
            [second, a],
          ] as const) {
            const viewer = await clientFor(merchant, store, userId);
            clients.push(viewer);
            const view = await viewer.cartManage({ action: 'view' });
            carts.set(
              `${userId} @ ${merchant.domain}`,
              view.output.items.map((line) => line.productId).sort(),
            );
          }
        }
        expect(carts).toEqual(new Map([...expected].map(([pair, ids]) => [pair, [...ids].sort()])));
        expect([...carts.values()].flat()).toHaveLength(USERS * ADDS_PER_USER);
        // One context per (user, merchant): no merchant started a context that was then dropped.
        expect([
          first.stats.contexts - contextsBefore[0]!,
          second.stats.contexts - contextsBefore[1]!,
        ]).toEqual([USERS, USERS]);
        expect(first.stats.foreignContextIds).toEqual([]);
        expect(second.stats.foreignContextIds).toEqual([]);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    }, 60_000);

    it('a call waiting for the lock stops at its signal, or at the store wait, and sends nothing', async () => {
      const { a, b } = await stores({ lockWaitMs: 300 });
      const [merchant] = sandbox.merchants as [SandboxMerchant];
      const add = {
        action: 'add' as const,
        addItems: [{ productId: inStock.get(merchant)?.[0] as string, quantity: 1 }],
      };
      const key = { userId: `waiter-${name}`, merchantId: merchant.domain };
      const lease = await (a.lock as NonNullable<ContextStore['lock']>)(key);
      const requestsBefore = merchant.stats.a2aRequests;
      const client = await clientFor(merchant, b, key.userId);
      try {
        const controller = new AbortController();
        const reason = new Error('the caller gave up');
        setTimeout(() => controller.abort(reason), 50);
        await expect(client.cartManage(add, { signal: controller.signal })).rejects.toBe(reason);
        const started = performance.now();
        const error = await client.cartManage(add).catch((caught: unknown) => caught);
        expect(isContextLockTimeoutError(error)).toBe(true);
        expect(error).toMatchObject({ code: 'CAP_CONTEXT_LOCK_TIMEOUT' });
        expect(performance.now() - started).toBeLessThan(5_000);
        expect(merchant.stats.a2aRequests).toBe(requestsBefore);
        // Released, the next call goes through and creates the context.
        await lease.release();
        await client.cartManage(add);
        await expect(client.currentContextId()).resolves.toEqual(expect.any(String));
      } finally {
        await lease.release();
        await client.close();
      }
    }, 30_000);
  });
}
