import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { AgentWeb, type AgentWebOptions } from '../src/index.js';
import { type ForgedCardWorld, startForgedCardWorld } from './forged-card-fixtures.js';

// Interoperability: two AgentWeb instances of one backend share a real redis-server (backoffs and circuits,
// contextIds, search pages). One instance adds a hostile card served from another host that names the real
// merchant's JSON-RPC URL as GRPC or HTTP+JSON; the other serves users at the real merchant. Nothing the hostile
// card does may reach the real merchant's shared state. Runs where redis-server is on PATH
// (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)('interop: redis-server, a forged card on one instance of a fleet', () => {
  let server: RedisServerHandle;
  let world: ForgedCardWorld;
  let prefixes = 0;
  const open: AgentWeb[] = [];

  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    world = await startForgedCardWorld('identity-redis');
  }, 60_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await world?.close();
    await server?.close();
  });

  /** Two instances of one backend for one user, on one Redis (own connections, one key prefix). */
  function twoInstances(extra: AgentWebOptions = {}): [AgentWeb, AgentWeb] {
    const keyPrefix = `identity-${++prefixes}:`;
    const make = () => {
      const client = new AgentWeb(
        world.options({
          userId: 'alice',
          credentials: () => ({ type: 'bearer', token: 'backend' }),
          redis: {
            url: server.url,
            keyPrefix,
            backoff: { failureThreshold: 2, openMs: 60_000, baseDelayMs: 1 },
          },
          ...extra,
        }),
      );
      open.push(client);
      return client;
    };
    return [make(), make()];
  }

  describe.each(['GRPC', 'HTTP+JSON'] as const)('the real JSON-RPC URL declared as %s', (binding) => {
    it('its failures on instance A never open the real merchant’s circuit on instance B', async () => {
      const [a, b] = twoInstances();
      const forged = await a.addMerchant(world.forgedCardUrl(binding));
      const real = await b.addMerchant(world.shop.cardUrl);
      for (let i = 0; i < 3; i += 1) {
        const result = await a.search(`lamp ${i}`, { merchants: [forged.id], deadlineMs: 4_000 });
        expect(result.outcomes[0]?.status).not.toBe('ok');
      }
      await forged.client.backoff.refresh?.();
      // Over gRPC the forged calls fail to connect and open its own circuit; over HTTP+JSON the real endpoint answers
      // them with an A2A error (-32005, read from its JSON-RPC error body), an answer that opens no circuit.
      if (binding === 'GRPC') expect(forged.client.backoff.state).toBe('open');
      const sent = world.shop.stats.a2aRequests;
      for (let i = 0; i < 3; i += 1) {
        const result = await b.search(`desk ${i}`, { merchants: [world.shopHost] });
        expect(result.outcomes[0]).toMatchObject({ merchantId: real.id, status: 'ok' });
      }
      expect(world.shop.stats.a2aRequests).toBe(sent + 3);
      await real.client.backoff.refresh?.();
      expect(real.client.backoff.state).toBe('closed');
    });

    it('instance A never reads the contextId the user has at the real merchant through instance B', async () => {
      const [a, b] = twoInstances();
      await b.addMerchant(world.shop.cardUrl);
      await b.cart(world.shopHost, { action: 'add', addItems: [{ productId: 'P0000-0001', quantity: 1 }] });
      const forged = await a.addMerchant(world.forgedCardUrl(binding));
      expect(await forged.client.currentContextId()).toBeUndefined();
      // The real merchant, added on A too, finds the user's context there.
      const real = await a.addMerchant(world.shop.cardUrl);
      expect(await real.client.currentContextId()).toBeDefined();
      const view = await a.cart(world.shopHost, { action: 'view' });
      expect(view.output.items.map((line) => line.productId)).toEqual(['P0000-0001']);
    });

    it('instance A is not answered from the search pages the real merchant gave instance B', async () => {
      const [a, b] = twoInstances({ credentials: undefined });
      await b.addMerchant(world.shop.cardUrl);
      const first = await b.search('chair', { merchants: [world.shopHost], personalise: false });
      expect(first.outcomes[0]?.status).toBe('ok');
      const again = await b.search('chair', { merchants: [world.shopHost], personalise: false });
      expect(again.outcomes[0]?.cachedPages).toBe(1);
      const forged = await a.addMerchant(world.forgedCardUrl(binding));
      const result = await a.search('chair', {
        merchants: [forged.id],
        personalise: false,
        deadlineMs: 4_000,
      });
      expect(result.outcomes[0]).toMatchObject({ merchantId: forged.id, cachedPages: 0 });
      expect(result.outcomes[0]?.status).not.toBe('ok');
    });
  });
});
