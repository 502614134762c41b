import { PassThrough } from 'node:stream';
import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { type ShoppingCluster, startShoppingCluster } from '../src/start-backend.js';
// Tests run on source, where the facade cannot require the tools module by file name; evaluating it registers it
// for `createAgentWebTools` from the facade (a user's Node or bundler loads it on the first call).
import 'agentweb/tools';

// Two instances of the service behind one (imagined) load balancer, sharing a real redis-server on 127.0.0.1.
// Runs where redis-server is on PATH; elsewhere the test output says so in one line (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

interface Json {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string; details?: unknown } };
}

describe.runIf(redis.available)('shopping backend: two instances on one Redis', () => {
  let server: RedisServerHandle;
  let sb: Sandbox;
  let cluster: ShoppingCluster;

  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    // Merchant 1 answers every call with HTTP 429 and Retry-After: 60.
    sb = await startSandbox({
      merchants: 2,
      seed: 'two-instances',
      faults: { 1: { rateLimit: { retryAfterSeconds: 60, mode: 'http' } } },
    });
    cluster = await startShoppingCluster({
      sandbox: sb,
      redis: { url: server.url },
      userId: 'shopper-1',
      out: new PassThrough(),
    });
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
    await sb?.close();
    await server?.close();
  });

  // What a load balancer does to one user's consecutive requests: each lands on the next instance.
  let turn = 0;
  async function call(path: string, init?: RequestInit): Promise<Json & { instance: number }> {
    const instance = turn++ % cluster.urls.length;
    const res = await fetch(`${cluster.urls[instance]}${path}`, init);
    return { instance, status: res.status, body: (await res.json()) as Json['body'] };
  }
  const post = (path: string, body: unknown) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('the merchant sees one contextId and the cart survives, whichever instance answers', async () => {
    const shop = sb.merchants[0]!;
    const search = await call(`/search?q=jacket&merchant=${encodeURIComponent(shop.domain)}&limit=3`);
    expect(search.status).toBe(200);
    const [first, second] = search.body.products as { id: string }[];
    const added = await post('/cart', {
      merchant: shop.domain,
      action: 'add',
      addItems: [{ productId: first!.id, quantity: 2 }],
    });
    const addedMore = await post('/cart', {
      merchant: shop.domain,
      action: 'add',
      addItems: [{ productId: second!.id, quantity: 1 }],
    });
    expect([added.instance, addedMore.instance]).toEqual([1, 0]);
    expect([added.status, addedMore.status]).toEqual([200, 200]);
    for (let i = 0; i < 2; i += 1) {
      const viewed = await call(`/cart?merchant=${encodeURIComponent(shop.domain)}`);
      expect(viewed.status).toBe(200);
      const items = viewed.body.items as { productId: string; quantity: number }[];
      expect(items.map((line) => [line.productId, line.quantity])).toEqual([
        [first!.id, 2],
        [second!.id, 1],
      ]);
    }
    // Six requests over two instances, one context at the merchant, and no contextId it did not issue.
    expect(shop.stats.contexts).toBe(1);
    expect(shop.stats.foreignContextIds).toEqual([]);
  }, 30_000);

  it('an approval given through one instance is used on the other, once', async () => {
    const reservations = sb.agis.find((service) => service.id === 'reservations')!;
    const input = {
      restaurant: 'copper-pot',
      party_size: 2,
      datetime: `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T19:00:00Z`,
    };
    const match = await post('/intent/match', {
      instruction: 'book a table at copper pot',
      maxCandidates: 1,
    });
    expect(match.status).toBe(200);
    expect(match.body.candidates).toEqual([
      expect.objectContaining({ method: 'BOOK', needsConfirmation: true }),
    ]);
    const matchId = match.body.matchId as string;
    const before = reservations.stats.requests;

    const asked = await post('/intent/invoke', { matchId, input });
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({ code: 'CONFIRMATION_REQUIRED', details: { input } });
    const booked = await post('/intent/invoke', { matchId, input, confirmed: true });
    expect(booked.instance).not.toBe(asked.instance);
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ invoked: { method: 'BOOK' }, status: 200 });
    // The approval was used: the same confirmed request, on either instance, asks again.
    const again = await post('/intent/invoke', { matchId, input, confirmed: true });
    expect(again.status).toBe(409);
    expect(reservations.stats.requests).toBe(before + 1);
  }, 30_000);

  it('a 429 from the merchant pauses both instances: the other instance sends it nothing until Retry-After', async () => {
    const limited = sb.merchants[1]!;
    const path = `/search?q=jacket&merchant=${encodeURIComponent(limited.domain)}&limit=3`;
    const first = await call(path);
    const sent = limited.stats.a2aRequests;
    expect(sent).toBeGreaterThan(0);
    const second = await call(path);
    expect(second.instance).not.toBe(first.instance);
    for (const answer of [first, second]) {
      expect(JSON.stringify(answer.body)).toContain('rate-limited');
    }
    // The second instance knew of the pause from Redis and did not call the merchant.
    expect(limited.stats.a2aRequests).toBe(sent);
  }, 30_000);
});
