import type { A2AClient } from '@agentweb/a2a';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientPool, sandboxOptions } from './client-fixtures.js';

// Every A2A client the facade builds, with a spy on its close(): the real client, only observed.
const built = vi.hoisted(() => [] as { client: A2AClient; close: ReturnType<typeof vi.fn> }[]);
vi.mock('@agentweb/a2a', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@agentweb/a2a')>();
  return {
    ...actual,
    createA2AClient: async (...args: Parameters<typeof actual.createA2AClient>) => {
      const client = await actual.createA2AClient(...args);
      const close = vi.fn(client.close.bind(client));
      client.close = close;
      built.push({ client, close });
      return client;
    },
  };
});

let sb: Sandbox;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({
    merchants: 6,
    seed: 'client-bindings',
    bindings: ['JSONRPC', 'HTTP+JSON', 'GRPC'],
    // The second gRPC merchant never answers; the second REST one answers 503.
    faults: (i) => (i === 5 ? { hang: true } : i === 4 ? { serverError: { status: 503 } } : {}),
  });
}, 60_000);

afterEach(() => pool.closeAll());
afterAll(() => sb.close());

describe('the AgentWeb client over every A2A binding', () => {
  it('serves each merchant on its binding only, the card naming it', () => {
    expect(sb.merchants.map((m) => [m.binding, m.dialect])).toEqual([
      ['JSONRPC', '0.3'],
      ['HTTP+JSON', '1.0'],
      ['GRPC', 'dual'],
      ['JSONRPC', '0.3'],
      ['HTTP+JSON', '1.0'],
      ['GRPC', 'dual'],
    ]);
    expect(sb.merchants[1]?.endpointUrl).toBe(`${sb.merchants[1]?.baseUrl}/a2a/rest`);
    expect(sb.merchants[2]?.endpointUrl).toMatch(/^http:\/\/shop-2\.sandbox\.test:\d+$/);
  });

  it('searches JSON-RPC, REST and gRPC merchants in one fan-out, faulty ones as outcomes', async () => {
    const aw = pool.make(sandboxOptions(sb));
    for (const m of sb.merchants) await aw.addMerchant(m.cardUrl);
    expect(aw.merchants().map((m) => m.profile.endpoints[0]?.binding)).toEqual([
      'JSONRPC',
      'HTTP+JSON',
      'GRPC',
      'JSONRPC',
      'HTTP+JSON',
      'GRPC',
    ]);
    const before = sb.merchants.map((m) => m.stats.a2aRequests);
    const result = await aw.search('lamp', { deadlineMs: 3_000, limit: 30 });
    const status = result.outcomes.map((o) => o.status);
    expect(status.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(status[4]).toBe('error');
    expect(result.outcomes[5]).toMatchObject({ status: 'timeout', reason: 'deadline' });
    const from = new Set(result.products.map((p) => p.merchantId));
    for (const i of [0, 1, 2]) expect(from.has(aw.merchants()[i]?.id ?? '')).toBe(true);
    // Each merchant was asked on its own endpoint (the REST and gRPC ones count A2A calls there).
    for (const i of [0, 1, 2, 4, 5])
      expect(sb.merchants[i]?.stats.a2aRequests).toBeGreaterThan(before[i] ?? 0);
  }, 30_000);

  it('reads a product and fills a cart on a REST and on a gRPC merchant', async () => {
    const aw = pool.make(sandboxOptions(sb, { credentials: () => ({ type: 'bearer', token: 'u1' }) }));
    for (const i of [1, 2]) {
      const m = sb.merchants[i]!;
      await aw.addMerchant(m.cardUrl);
      const found = await aw.search('lamp', { merchants: [m.cardUrl], deadlineMs: 10_000 });
      const first = found.products[0];
      expect(first, `${m.binding} search`).toBeDefined();
      const product = await aw.product(first!.product.id, { merchant: m.cardUrl });
      expect(product.product.id).toBe(first!.product.id);
      const cart = await aw.cart(m.cardUrl, {
        action: 'add',
        addItems: [{ productId: first!.product.id, quantity: 1 }],
      });
      expect(cart.skillId).toBe('cap:cart_manage');
      expect(cart.contextId).toBeTruthy();
    }
  }, 30_000);

  it('close() releases every merchant client, gRPC channels included', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const grpcMerchant = sb.merchants[2]!;
    const restMerchant = sb.merchants[1]!;
    const from = built.length;
    await aw.addMerchant(grpcMerchant.cardUrl);
    await aw.addMerchant(restMerchant.cardUrl);
    const found = await aw.search('lamp', {
      merchants: [grpcMerchant.cardUrl, restMerchant.cardUrl],
      deadlineMs: 10_000,
    });
    expect(found.outcomes.map((o) => o.status)).toEqual(['ok', 'ok']);
    const client = aw.merchants()[0]!.client;
    const a2a = built.slice(from);
    expect(a2a.map((b) => b.client.binding)).toEqual(['GRPC', 'HTTP+JSON']);
    expect(a2a.every((b) => b.close.mock.calls.length === 0)).toBe(true);
    await aw.close();
    await expect(client.productSearch({ query: 'lamp' })).rejects.toMatchObject({
      name: 'MerchantClientClosedError',
      code: 'CAP_MERCHANT_CLIENT_CLOSED',
    });
    // The A2A clients themselves were closed (the gRPC one's channel with it), not just marked.
    for (const b of a2a) expect(b.close).toHaveBeenCalledOnce();
    await expect(
      a2a[0]!.client.sendMessage({ message: { parts: [{ kind: 'text', text: 'lamp' }] } }),
    ).rejects.toThrow(/closed/);
  }, 30_000);

  it('adding a merchant again leaves the client returned the first time usable', async () => {
    const aw = pool.make(sandboxOptions(sb));
    const grpcMerchant = sb.merchants[2]!;
    const first = await aw.addMerchant(grpcMerchant.cardUrl);
    const again = await aw.addMerchant(grpcMerchant.cardUrl);
    expect(again.client).not.toBe(first.client);
    expect(aw.merchants()).toEqual([again]);
    // A caller may still hold the first one (or have a search in flight on it).
    const found = await first.client.productSearch({ query: 'lamp' });
    expect(found.output.products.length).toBeGreaterThan(0);
  }, 30_000);

  it('a merchant dropped past maxMerchants keeps a usable client', async () => {
    const aw = pool.make(sandboxOptions(sb, { maxMerchants: 1 }));
    const evicted = await aw.addMerchant(sb.merchants[2]!.cardUrl);
    await aw.addMerchant(sb.merchants[0]!.cardUrl);
    expect(aw.merchants().map((m) => m.id)).not.toContain(evicted.id);
    const found = await evicted.client.productSearch({ query: 'lamp' });
    expect(found.output.products.length).toBeGreaterThan(0);
  }, 30_000);
});
