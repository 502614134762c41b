import { spawn } from 'node:child_process';
import { isStateStoreError } from '@agentweb/core';
import { createRedisState } from '@agentweb/redis';
import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { AgentWeb, type AgentWebOptions } from '../src/client/index.js';
import { sandboxOptions } from './client-fixtures.js';

// Interoperability: what an AgentWeb on a real redis-server does while that server is stopped and after it is back,
// one test per sentence of "When Redis is down" in docs/running-many-instances.md and the redis README. Runs where
// redis-server is on PATH; elsewhere the test output says so in one line (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

/** Long enough that a call waiting for a reconnect would outlive the test's own timeout: failing at once is the point. */
const PATIENT_MS = 60_000;

/** Resources that keep the event loop alive (unref'd timers and sockets are not listed). */
function liveResources(): string[] {
  return process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap' || name === 'Timeout');
}

describe.runIf(redis.available)('interop: redis-server outage, as documented', () => {
  let server: RedisServerHandle;
  let sb: Sandbox;
  let admin: Redis;
  let prefixes = 0;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    sb = await startSandbox({ merchants: 3, seed: 'redis-outage' });
    admin = new Redis(server.url);
    admin.on('error', () => {});
  }, 60_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
    // A test that failed half-way must not leave the next one without a server.
    await server.start().catch(() => undefined);
  });
  afterAll(async () => {
    admin?.disconnect();
    await sb?.close();
    await server?.close();
  });

  const hosts = () => sb.merchants.map((merchant) => new URL(merchant.baseUrl).host);

  async function client(userId: string, extra: AgentWebOptions = {}): Promise<AgentWeb> {
    const aw = new AgentWeb(
      sandboxOptions(sb, {
        userId,
        redis: { url: server.url, keyPrefix: `outage-${++prefixes}:`, commandTimeoutMs: PATIENT_MS },
        credentials: () => ({ type: 'bearer', token: 'backend' }),
        ...extra,
      }),
    );
    open.push(aw);
    for (const host of hosts()) await aw.addMerchant(host);
    return aw;
  }

  it('a search while Redis is down answers from every merchant, anonymously, with a context-unavailable warning', async () => {
    const aw = await client('kim');
    // Kim has a context at the first merchant before the outage.
    await aw.cart(hosts()[0]!, { action: 'view' });
    const sent = sb.merchants.map((merchant) => merchant.stats.a2aRequests);
    await server.stop();
    const result = await aw.search('lamp');
    expect(result.outcomes.map((outcome) => outcome.status)).toEqual(['ok', 'ok', 'ok']);
    for (const outcome of result.outcomes) {
      expect(outcome.personalised).toBe(false);
      expect(outcome.warnings).toContainEqual(
        expect.objectContaining({ code: 'context-unavailable', path: 'context' }),
      );
    }
    expect(result.products.length).toBeGreaterThan(0);
    // Every merchant was asked, once.
    expect(sb.merchants.map((merchant, i) => merchant.stats.a2aRequests - sent[i]!)).toEqual([1, 1, 1]);
  }, 60_000);

  it('with requireContext: true, each merchant fails with the StateStoreError instead, and is not called', async () => {
    const aw = await client('lee');
    const sent = sb.merchants.map((merchant) => merchant.stats.a2aRequests);
    await server.stop();
    const result = await aw.search('lamp', { requireContext: true });
    for (const outcome of result.outcomes) {
      expect(outcome.status).toBe('error');
      expect(isStateStoreError(outcome.error)).toBe(true);
    }
    expect(sb.merchants.map((merchant, i) => merchant.stats.a2aRequests - sent[i]!)).toEqual([0, 0, 0]);
  }, 60_000);

  it("a call that needs the user's context fails at once with StateStoreError, however long commandTimeoutMs is, and sends nothing", async () => {
    const aw = await client('max');
    await aw.cart(hosts()[1]!, { action: 'view' });
    await server.stop();
    const sent = sb.merchants[1]!.stats.a2aRequests;
    // commandTimeoutMs is a minute: a call that waited for a reconnect would time the test out.
    const error = await aw.cart(hosts()[1]!, { action: 'view' }).catch((caught: unknown) => caught);
    expect(isStateStoreError(error)).toBe(true);
    expect(sb.merchants[1]!.stats.a2aRequests).toBe(sent);
  }, 10_000);

  it('when Redis is back the same client works again; a write refused during the outage is never applied later', async () => {
    const state = createRedisState({ url: server.url, keyPrefix: 'back:', commandTimeoutMs: PATIENT_MS });
    open.push(state);
    const key = { userId: 'ned', merchantId: 'shop' };
    await state.contextStore.set(key, 'before');
    await server.stop();
    await expect(state.contextStore.set(key, 'during')).rejects.toSatisfy(isStateStoreError);
    await expect(state.approvals.propose('ned', 'tool:cart', 'during')).rejects.toSatisfy(isStateStoreError);
    await server.start();
    await expect
      .poll(() => state.contextStore.get(key).catch(() => 'down'), { timeout: 10_000 })
      .toBeUndefined();
    // The restarted Redis is empty: nothing the caller was told had failed was sent to it after the reconnect.
    expect(await admin.keys('back:*')).toEqual([]);
    await state.contextStore.set(key, 'after');
    expect(await state.contextStore.get(key)).toBe('after');
  }, 30_000);

  it('a command in flight when Redis goes down fails then, and is not sent again to the Redis that comes back', async () => {
    const state = createRedisState({ url: server.url, keyPrefix: 'inflight:', commandTimeoutMs: PATIENT_MS });
    open.push(state);
    await state.connection.call('ping', (client) => client.ping());
    // A blocking pop stays in flight until the server goes away.
    const inFlight = state.connection
      .call('blpop', (client) => client.blpop('inflight:list', 0))
      .then(
        () => 'answered',
        (error: unknown) => error,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.stop();
    expect(isStateStoreError(await inFlight)).toBe(true);
    await server.start();
    await expect
      .poll(() => state.connection.call('ping', (client) => client.ping()).catch(() => 'down'), {
        timeout: 10_000,
      })
      .toBe('PONG');
    // Had the pop been sent again on reconnect, it would take this item.
    await admin.rpush('inflight:list', 'item');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await admin.lrange('inflight:list', 0, -1)).toEqual(['item']);
  }, 30_000);

  it('close() returns and leaves nothing keeping the process alive, with Redis reachable or not', async () => {
    const before = liveResources().length;
    // A server that accepts connections and never answers (a hung Redis, or a host whose packets go nowhere), in a
    // child process so that its side of the sockets is not counted here.
    const hung = spawn(
      process.execPath,
      [
        '-e',
        "const s = require('node:net').createServer({ allowHalfOpen: true }, () => {}).listen(0, '127.0.0.1', () => console.log(s.address().port));",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const port = await new Promise<number>((resolve) =>
        hung.stdout.once('data', (data: Buffer) => resolve(Number(String(data).trim()))),
      );
      const aw = new AgentWeb({
        userId: 'oz',
        redis: { url: `redis://127.0.0.1:${port}`, keyPrefix: 'close:', commandTimeoutMs: 300 },
      });
      await expect(aw.approvals?.getMatch('oz', 'match-x')).rejects.toSatisfy(isStateStoreError);
      await aw.close();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(liveResources().length).toBeLessThanOrEqual(before);
    } finally {
      hung.kill();
    }
    for (const reachable of [true, false]) {
      const aw = new AgentWeb({
        userId: 'oz',
        redis: { url: server.url, keyPrefix: 'close:', commandTimeoutMs: PATIENT_MS },
      });
      // A call, so the connection is in use when it closes.
      await aw.approvals?.getMatch('oz', 'match-x');
      if (!reachable) {
        await server.stop();
        await expect(aw.approvals?.getMatch('oz', 'match-x')).rejects.toSatisfy(isStateStoreError);
      }
      await aw.close();
      // The closed client's socket and timers are gone a few ms later.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(liveResources().length).toBeLessThanOrEqual(before);
      if (!reachable) await server.start();
    }
  }, 30_000);
});
