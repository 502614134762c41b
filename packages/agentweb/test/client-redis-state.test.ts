import { isStateStoreError } from '@agentweb/core';
import { createRedisState, type RedisState } from '@agentweb/redis';
import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { generateCatalog, type Sandbox, startSandbox } from '@agentweb/sandbox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { AgentWeb, type AgentWebOptions } from '../src/client/index.js';
import { createMcpServer } from '../src/mcp/index.js';
import { type AgentWebTool, type AgentWebToolResult, createAgentWebTools } from '../src/tools/index.js';
import { hostPort, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';
import { sandboxOptions } from './client-fixtures.js';

// Interoperability: two AgentWeb instances sharing a real redis-server on 127.0.0.1, against the sandbox. Runs
// where redis-server is on PATH; elsewhere the test output says so in one line (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

function matchIdOf(result: AgentWebToolResult): string {
  if (!result.ok) throw new Error(`match_intent failed: ${result.error.message}`);
  return String((result.data as { matchId: unknown }).matchId);
}

describe.runIf(redis.available)('interop: redis-server, AgentWeb on many instances', () => {
  let server: RedisServerHandle;
  let sb: Sandbox;
  let admin: Redis;
  let prefixes = 0;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    sb = await startSandbox({ merchants: 3, seed: 'redis-state' });
    admin = new Redis(server.url);
    admin.on('error', () => {});
  }, 60_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
  });
  afterAll(async () => {
    admin?.disconnect();
    await sb?.close();
    await server?.close();
  });

  const host = (i: number) => new URL(sb.merchants[i]!.baseUrl).host;

  /** Two instances of one backend for one user, on one Redis (own connections, one key prefix). */
  function twoInstances(userId: string, extra: AgentWebOptions = {}): [AgentWeb, AgentWeb] {
    const keyPrefix = `many-${++prefixes}:`;
    const make = () => {
      const aw = new AgentWeb(
        sandboxOptions(sb, {
          userId,
          redis: { url: server.url, keyPrefix },
          credentials: () => ({ type: 'bearer', token: 'backend' }),
          ...extra,
        }),
      );
      open.push(aw);
      return aw;
    };
    return [make(), make()];
  }

  it('one user on alternating instances: the merchant sees one context and the cart survives; a revocation on one is final on the other', async () => {
    const merchant = sb.merchants[0]!;
    const [a, b] = twoInstances('alice');
    await a.addMerchant(host(0));
    await b.addMerchant(host(0));
    await a.cart(host(0), { action: 'add', addItems: [{ productId: 'P0000-0001', quantity: 2 }] });
    await b.cart(host(0), { action: 'add', addItems: [{ productId: 'P0000-0002', quantity: 1 }] });
    const seen = await a.cart(host(0), { action: 'view' });
    expect(seen.output.items.map((line) => [line.productId, line.quantity])).toEqual([
      ['P0000-0001', 2],
      ['P0000-0002', 1],
    ]);
    expect(merchant.stats.contexts).toBe(1);
    expect(merchant.stats.foreignContextIds).toEqual([]);
    // Another user on the same instances has a context of their own.
    const [carol] = twoInstances('carol');
    await carol.addMerchant(host(0));
    expect((await carol.cart(host(0), { action: 'view' })).output.items).toEqual([]);

    await b.revokeConsent(host(0));
    await expect(a.merchants()[0]!.client.currentContextId()).resolves.toBeUndefined();
    const fresh = await a.cart(host(0), { action: 'view' });
    expect(fresh.output.items).toEqual([]);
  }, 30_000);

  it('parallel first cart adds of one user on two instances (and twice on each): one context, every item in the cart', async () => {
    const merchant = sb.merchants[1]!;
    const products = generateCatalog({ seed: 'redis-state', index: 1, baseUrl: merchant.baseUrl })
      .products.filter((product) => product.availability === 'inStock')
      .slice(0, 4)
      .map((product) => product.id);
    const [a, b] = twoInstances('parallel-first');
    await a.addMerchant(host(1));
    await b.addMerchant(host(1));
    const contextsBefore = merchant.stats.contexts;
    // An LLM's parallel tool calls, spread over two instances of the backend, before the user holds a context.
    await Promise.all(
      products.map((productId, i) =>
        (i % 2 === 0 ? a : b).cart(host(1), { action: 'add', addItems: [{ productId, quantity: 1 }] }),
      ),
    );
    const seen = await b.cart(host(1), { action: 'view' });
    expect(seen.output.items.map((line) => line.productId).sort()).toEqual([...products].sort());
    expect(merchant.stats.contexts - contextsBefore).toBe(1);
    expect(await a.merchants()[0]!.client.currentContextId()).toBe(seen.contextId);
  }, 30_000);

  it('users whose ids differ only in a lone surrogate or U+FFFD each keep their own cart on one Redis', async () => {
    const users = ['user-\uD800', 'user-\uDFFF', 'user-\uFFFD'];
    const keyPrefix = `surrogates-${++prefixes}:`;
    const instances = users.map((userId) => {
      const aw = new AgentWeb(
        sandboxOptions(sb, {
          userId,
          redis: { url: server.url, keyPrefix },
          credentials: () => ({ type: 'bearer', token: 'backend' }),
        }),
      );
      open.push(aw);
      return aw;
    });
    for (const aw of instances) await aw.addMerchant(host(1));
    for (const [i, aw] of instances.entries())
      await aw.cart(host(1), {
        action: 'add',
        addItems: [{ productId: `P0001-000${i + 1}`, quantity: i + 1 }],
      });
    for (const [i, aw] of instances.entries()) {
      const seen = await aw.cart(host(1), { action: 'view' });
      expect(seen.output.items.map((line) => [line.productId, line.quantity])).toEqual([
        [`P0001-000${i + 1}`, i + 1],
      ]);
    }
    expect(await admin.keys(`${keyPrefix}context:*`)).toHaveLength(3);
  }, 30_000);

  describe('approvals', () => {
    // Each booking takes its own seating: a seating booked once is full.
    const bookInput = (day: number) =>
      JSON.stringify({
        restaurant: 'copper-pot',
        party_size: 2,
        datetime: `${new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)}T19:00:00Z`,
      });
    const invokeArgs = (day: number) => ({ instruction: null, candidate: 0, inputJson: bookInput(day) });

    async function toolsOn(aw: AgentWeb): Promise<Record<string, AgentWebTool>> {
      const reservations = sb.agis.find((service) => service.id === 'reservations')!;
      await aw.loadAgisService(reservations.baseUrl);
      return Object.fromEntries(createAgentWebTools(aw).map((tool) => [tool.name, tool]));
    }

    it('a match made on A is invoked on B; the action shown by B is confirmed on A, once', async () => {
      const reservations = sb.agis.find((service) => service.id === 'reservations')!;
      const [a, b] = twoInstances('dave');
      const [onA, onB] = [await toolsOn(a), await toolsOn(b)];
      const match = await onA.match_intent!.execute({
        instruction: 'book a table at copper pot',
        maxCandidates: 1,
      });
      expect(match).toMatchObject({
        ok: true,
        data: { candidates: [{ method: 'BOOK', needsConfirmation: true }] },
      });
      const matchId = matchIdOf(match);
      const before = reservations.stats.requests;

      const asked = await onB.invoke_intent!.execute({ ...invokeArgs(5), matchId, confirmed: null });
      expect(asked).toMatchObject({
        ok: false,
        error: { code: 'CONFIRMATION_REQUIRED', details: { matchId } },
      });
      const done = await onA.invoke_intent!.execute({ ...invokeArgs(5), matchId, confirmed: true });
      expect(done).toMatchObject({ ok: true, data: { invoked: { method: 'BOOK' }, status: 200 } });
      // Used once: confirming again, on either instance, asks again.
      const again = await onB.invoke_intent!.execute({ ...invokeArgs(5), matchId, confirmed: true });
      expect(again).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
      expect(reservations.stats.requests).toBe(before + 1);
      // Another user cannot see this user's match.
      const [eve] = twoInstances('eve');
      const eveTools = await toolsOn(eve);
      const foreign = await eveTools.invoke_intent!.execute({ ...invokeArgs(5), matchId, confirmed: true });
      expect(foreign).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }, 30_000);

    it('two instances confirming one approval at once: exactly one books', async () => {
      const reservations = sb.agis.find((service) => service.id === 'reservations')!;
      const [a, b] = twoInstances('frank');
      const [onA, onB] = [await toolsOn(a), await toolsOn(b)];
      for (let round = 0; round < 5; round += 1) {
        const match = await onA.match_intent!.execute({
          instruction: 'book a table at copper pot',
          maxCandidates: 1,
        });
        const matchId = matchIdOf(match);
        const args = invokeArgs(10 + round);
        await onA.invoke_intent!.execute({ ...args, matchId, confirmed: null });
        const before = reservations.stats.requests;
        const results = await Promise.all([
          onA.invoke_intent!.execute({ ...args, matchId, confirmed: true }),
          onB.invoke_intent!.execute({ ...args, matchId, confirmed: true }),
        ]);
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.find((result) => !result.ok)).toMatchObject({
          error: { code: 'CONFIRMATION_REQUIRED' },
        });
        expect(reservations.stats.requests).toBe(before + 1);
      }
    }, 60_000);

    it('an AGIS endpoint tool over MCP: the action shown by one server is confirmed on another, once', async () => {
      const reservations = sb.agis.find((service) => service.id === 'reservations')!;
      const [a, b] = twoInstances('grace');
      await a.loadAgisService(reservations.baseUrl);
      await b.loadAgisService(reservations.baseUrl);
      const connect = async (aw: AgentWeb) => {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const mcp = new Client({ name: 'many-instances', version: '1.0.0' });
        const server = createMcpServer(aw);
        await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
        open.push(mcp, server);
        return mcp;
      };
      const [mcpA, mcpB] = [await connect(a), await connect(b)];
      const call = async (mcp: Client, args: Record<string, unknown>) => {
        const result = (await mcp.callTool({ name: 'book_reservation', arguments: args })) as CallToolResult;
        return result.structuredContent as { ok: boolean; error?: { code: string } };
      };
      const input = JSON.parse(bookInput(20)) as Record<string, unknown>;
      const before = reservations.stats.requests;
      expect(await call(mcpA, input)).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
      expect(await call(mcpB, { ...input, confirmed: true })).toMatchObject({ ok: true });
      expect(await call(mcpA, { ...input, confirmed: true })).toMatchObject({
        ok: false,
        error: { code: 'CONFIRMATION_REQUIRED' },
      });
      expect(reservations.stats.requests).toBe(before + 1);
    }, 30_000);
  });

  describe('close', () => {
    async function connections(): Promise<number> {
      const list = (await admin.client('LIST')) as string;
      return list.trim().split('\n').length;
    }

    it('close() closes the connection it opened from redis.url, and leaves a given state open', async () => {
      // Every client of the earlier tests is closed: only this test's admin connection is left.
      await expect.poll(connections).toBe(1);
      const idle = 1;
      const aw = new AgentWeb(
        sandboxOptions(sb, { userId: 'henry', redis: { url: server.url, keyPrefix: 'close:' } }),
      );
      await aw.addMerchant(host(1));
      await aw.search('lamp', { merchants: [host(1)] });
      expect(await connections()).toBe(idle + 1);
      await aw.close();
      await expect.poll(connections).toBe(idle);

      const state: RedisState = createRedisState({ url: server.url, keyPrefix: 'close:' });
      open.push(state);
      const first = new AgentWeb(sandboxOptions(sb, { userId: 'henry', state }));
      await first.addMerchant(host(1));
      await first.search('lamp', { merchants: [host(1)] });
      await first.close();
      // Another client still uses the state after the first closed.
      const second = new AgentWeb(sandboxOptions(sb, { userId: 'henry', state }));
      open.push(second);
      await second.addMerchant(host(1));
      await expect(second.merchants()[0]!.client.currentContextId()).resolves.toEqual(expect.any(String));
    }, 30_000);

    it('a caller-owned client given as redis.client stays open after close()', async () => {
      const client = new Redis(server.url);
      try {
        const aw = new AgentWeb(
          sandboxOptions(sb, { userId: 'ivy', redis: { client, keyPrefix: 'owned:' } }),
        );
        await aw.addMerchant(host(1));
        await aw.search('lamp', { merchants: [host(1)] });
        await aw.close();
        expect(await client.ping()).toBe('PONG');
      } finally {
        client.disconnect();
      }
    }, 30_000);
  });

  it('redis: { url } also shares the search cache: an anonymous search made on one instance is answered from Redis on the other', async () => {
    const merchant = sb.merchants[2]!;
    const keyPrefix = `many-${++prefixes}:`;
    // Two users without credentials: their first searches carry no contextId and share the anonymous partition.
    const [a, b] = ['carol', 'dave'].map((userId) => {
      const aw = new AgentWeb(sandboxOptions(sb, { userId, redis: { url: server.url, keyPrefix } }));
      open.push(aw);
      return aw;
    }) as [AgentWeb, AgentWeb];
    await a.addMerchant(host(2));
    await b.addMerchant(host(2));
    const first = await a.search('lamp', { merchants: [host(2)] });
    expect(first.outcomes.map((o) => o.status)).toEqual(['ok']);
    const sent = merchant.stats.a2aRequests;
    const second = await b.search('lamp', { merchants: [host(2)] });
    expect(second.outcomes.map((o) => o.status)).toEqual(['ok']);
    expect(second.products.map((p) => p.product.productId)).toEqual(
      first.products.map((p) => p.product.productId),
    );
    expect(merchant.stats.a2aRequests).toBe(sent);
    expect(await admin.keys(`${keyPrefix}search:*`)).not.toEqual([]);
  });

  it('the CLI with --redis keeps the contextIds of a user in Redis across runs, and closes its connection', async () => {
    const connections = async () => ((await admin.client('LIST')) as string).trim().split('\n').length;
    // Every client of the earlier tests is closed: only this test's admin connection is left.
    await expect.poll(connections).toBe(1);
    const args = ['search', 'shirt', '--merchant', hostPort(sb, 1), '--user', 'cli-user', '--json'];
    const first = await runInProcess([...args, ...sandboxFlags(sb), '--redis', server.url]);
    expect(first.code, first.stderr).toBe(0);
    const keys = await admin.keys('agentweb:context:cli-user:*');
    expect(keys).toHaveLength(1);
    const contextId = await admin.get(keys[0]!);
    expect(contextId).toMatch(/^\n.+/);
    const contexts = sb.merchants[1]!.stats.contexts;
    const second = await runInProcess([...args, ...sandboxFlags(sb), '--redis', server.url]);
    expect(second.code, second.stderr).toBe(0);
    // The second run sent the stored contextId: no new context at the merchant.
    expect(sb.merchants[1]!.stats.contexts).toBe(contexts);
    expect(await admin.get(keys[0]!)).toBe(contextId);
    await expect.poll(connections).toBe(1);
  }, 60_000);

  it('Redis down: a cart call fails with StateStoreError within the deadline and sends nothing; match_intent keeps nothing and books nothing', async () => {
    const merchant = sb.merchants[2]!;
    const reservations = sb.agis.find((service) => service.id === 'reservations')!;
    const [a] = twoInstances('jack', {
      redis: { url: server.url, keyPrefix: 'down:', commandTimeoutMs: 300 },
    });
    await a.addMerchant(host(2));
    await a.cart(host(2), { action: 'view' });
    await a.loadAgisService(reservations.baseUrl);
    const tools = Object.fromEntries(createAgentWebTools(a).map((tool) => [tool.name, tool]));
    await server.stop();
    try {
      const calls = merchant.stats.a2aRequests;
      const started = Date.now();
      const error = await a.cart(host(2), { action: 'view' }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isStateStoreError(error)).toBe(true);
      expect(error).toMatchObject({ operation: 'contextStore.read' });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(merchant.stats.a2aRequests).toBe(calls);
      const before = reservations.stats.requests;
      const result = await tools.match_intent!.execute({
        instruction: 'book a table at copper pot',
        maxCandidates: 1,
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'STATE_STORE_UNAVAILABLE' } });
      expect(reservations.stats.requests).toBe(before);
    } finally {
      await server.start();
    }
  }, 30_000);
});
