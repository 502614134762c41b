import { createMerchantBackoff, type MerchantBackoff } from '@agentweb/cap';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AgentWebEvent, isCrossOriginEndpointError } from '../src/index.js';
import { clientPool } from './client-fixtures.js';
import { type ForgedCardWorld, startForgedCardWorld } from './forged-card-fixtures.js';

// A merchant is known by what the client verified (the origin its card came from, the endpoint called and its
// binding), not by what its card claims. A card served from another host naming the real merchant's JSON-RPC URL
// as GRPC or HTTP+JSON claims the real merchant's id (an A2A id is the first endpoint URL) and host; these tests
// check that the claim earns it nothing: not the registry entry, not the contextIds, not the cached pages, not the
// circuit.

let world: ForgedCardWorld;
const pool = clientPool();

beforeAll(async () => {
  world = await startForgedCardWorld('client-identity');
}, 60_000);
afterEach(() => pool.closeAll());
afterAll(() => world?.close());

const bearer = () => ({ type: 'bearer' as const, token: 'user-token' });

describe.each(['GRPC', 'HTTP+JSON'] as const)(
  'a card from another origin naming the real endpoint as %s',
  (binding) => {
    it('is added beside the real merchant: it neither replaces it nor answers for its host', async () => {
      const aw = pool.make(world.options({ credentials: bearer }));
      const real = await aw.addMerchant(world.shop.cardUrl);
      await aw.cart(world.shopHost, { action: 'add', addItems: [{ productId: 'P0000-0001', quantity: 1 }] });

      const forged = await aw.addMerchant(world.forgedCardUrl(binding));
      expect(aw.merchants()).toContain(real);
      expect(aw.merchants()).toHaveLength(2);
      // Every way of naming the real merchant still reaches it, with the user's cart.
      for (const name of [world.shopHost, real.id, world.shop.rpcUrl, world.shop.cardUrl]) {
        const view = await aw.cart(name, { action: 'view' });
        expect(view.merchantId).toBe(real.id);
        expect(view.output.items.map((line) => line.productId)).toEqual(['P0000-0001']);
      }
      // It claims the real merchant's id (its first endpoint URL), and is known by another.
      expect(forged.claimedId).toBe(world.shop.rpcUrl);
      expect(forged.id).not.toBe(real.id);
      expect(forged.identity).toMatchObject({ crossOrigin: true, endpoint: { binding } });
    });

    it('never reads the user’s contextId at the real merchant', async () => {
      const aw = pool.make(world.options({ credentials: bearer }));
      const real = await aw.addMerchant(world.shop.cardUrl);
      await aw.cart(world.shopHost, { action: 'add', addItems: [{ productId: 'P0000-0002', quantity: 1 }] });
      expect(await real.client.currentContextId()).toBeDefined();
      const forged = await aw.addMerchant(world.forgedCardUrl(binding));
      expect(await forged.client.currentContextId()).toBeUndefined();
    });

    it('is not answered from the real merchant’s cached search pages', async () => {
      const aw = pool.make(world.options());
      const real = await aw.addMerchant(world.shop.cardUrl);
      const first = await aw.search('lamp', { merchants: [real.id], personalise: false });
      expect(first.outcomes[0]).toMatchObject({ merchantId: real.id, status: 'ok' });
      const forged = await aw.addMerchant(world.forgedCardUrl(binding));
      const second = await aw.search('lamp', {
        merchants: [forged.id],
        personalise: false,
        deadlineMs: 4_000,
      });
      expect(second.outcomes[0]).toMatchObject({ merchantId: forged.id, cachedPages: 0 });
      expect(second.outcomes[0]?.status).not.toBe('ok');
    });

    it('has a backoff of its own: its failures do not open the real merchant’s circuit', async () => {
      // Backoffs shared by key within the process, as a fleet shares them on Redis.
      const backoffs = new Map<string, MerchantBackoff>();
      const merchantBackoff = (key: string) => {
        let backoff = backoffs.get(key);
        if (backoff === undefined) {
          backoff = createMerchantBackoff({ failureThreshold: 2, openMs: 60_000, baseDelayMs: 1 });
          backoffs.set(key, backoff);
        }
        return backoff;
      };
      const aw = pool.make(world.options({ merchantBackoff }));
      const real = await aw.addMerchant(world.shop.cardUrl);
      const forged = await aw.addMerchant(world.forgedCardUrl(binding));
      expect(forged.client.backoff).not.toBe(real.client.backoff);
      for (let i = 0; i < 3; i += 1) {
        const result = await aw.search(`lamp ${i}`, { merchants: [forged.id], deadlineMs: 4_000 });
        expect(result.outcomes[0]?.status).not.toBe('ok');
      }
      // Over gRPC the forged calls fail to connect, and those failures open its circuit. Over HTTP+JSON the real
      // endpoint answers them with an A2A error (-32005, read from its JSON-RPC error body), an answer rather than an
      // outage, so that circuit stays closed. Either way the real merchant's circuit is untouched.
      if (binding === 'GRPC') expect(forged.client.backoff.state).toBe('open');
      expect(real.client.backoff.state).toBe('closed');
      const result = await aw.search('lamp', { merchants: [world.shopHost] });
      expect(result.outcomes[0]).toMatchObject({ merchantId: real.id, status: 'ok' });
    });

    it('is a warning on the merchant and an event, and refused under strict', async () => {
      const events: AgentWebEvent[] = [];
      const aw = pool.make(world.options({ onEvent: (event) => events.push(event) }));
      const forged = await aw.addMerchant(world.forgedCardUrl(binding));
      expect(forged.warnings).toEqual([
        { code: 'endpoint-cross-origin', path: 'endpoints[0].url', message: expect.any(String) },
      ]);
      expect(events).toContainEqual({
        type: 'merchant:warning',
        merchantId: forged.id,
        domain: forged.domain,
        warning: forged.warnings[0],
      });

      const error = await aw.addMerchant(world.forgedCardUrl(binding), { strict: true }).catch((e) => e);
      expect(isCrossOriginEndpointError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'AGENTWEB_ENDPOINT_CROSS_ORIGIN', binding });
      const strict = pool.make(world.options({ strict: true }));
      await expect(strict.addMerchant(world.forgedCardUrl(binding))).rejects.toMatchObject({
        code: 'AGENTWEB_ENDPOINT_CROSS_ORIGIN',
      });
      expect(strict.merchants()).toEqual([]);
      // A card whose endpoint is on its own origin passes strict.
      const real = await strict.addMerchant(world.shop.cardUrl);
      expect(real.warnings).toEqual([]);
    });
  },
);

describe('the same merchant added twice', () => {
  it('is one merchant, under one id, whichever way it is named', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(world.options({ onEvent: (event) => events.push(event) }));
    const byCard = await aw.addMerchant(world.shop.cardUrl);
    const again = await aw.addMerchant(world.shop.cardUrl);
    const byHost = await aw.addMerchant(world.shopHost);
    const byProfile = await aw.addMerchant(byCard.profile);
    expect(new Set([byCard.id, again.id, byHost.id, byProfile.id]).size).toBe(1);
    // The common case keeps the key it always had: the JSON-RPC endpoint URL its card names.
    expect(byCard.id).toBe(world.shop.rpcUrl);
    expect(aw.merchants()).toHaveLength(1);
    expect(events.filter((e) => e.type === 'merchant:warning')).toEqual([]);
  });
});
