import { isAgentWebError, type ProgressEvent } from '@agentweb/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver, isDiscoveryError, type ResolverOptions } from '../src/resolve/index.js';
import { type FakeWeb, json, startFakeWeb } from './helpers/fake-web.js';
import { agentCard, fakeTxt, loopbackHttp, serveWellKnown } from './helpers/resolve-fixtures.js';

let web: FakeWeb;
const WK = '/.well-known/agent-card.json';

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(async () => {
  await web.close();
});

function resolver(options: Partial<ResolverOptions> = {}) {
  return createResolver({
    http: loopbackHttp(),
    dns: fakeTxt({}),
    defaultScheme: 'http',
    allowHttp: true,
    mechanisms: ['dns-txt', 'agent-card'],
    ...options,
  });
}

/** Serves a card at the well-known path of `host` that answers only once the returned function is called. */
function serveHeldCard(host: string, name: string): () => void {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  web.route(host, WK, async (_req, res) => {
    await gate;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(agentCard(name, web.url(host, '/a'))));
  });
  return () => release();
}

function manualClock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('resolve: single-flight and caching', () => {
  it('runs one resolution for concurrent resolves of one domain (cache off)', async () => {
    const host = 'flight.test';
    const release = serveHeldCard(host, 'F');
    const r = resolver({ cache: false });
    const calls = Array.from({ length: 8 }, () => r.resolve(web.domain(host)));
    // Let every call join before the server answers.
    await new Promise((res) => setTimeout(res, 20));
    release();
    const results = await Promise.all(calls);
    expect(results.every((x) => x.profile.name === 'F')).toBe(true);
    expect(web.hits(host, WK)).toBe(1);
  });

  it('one caller aborting does not cancel the shared run for the others', async () => {
    const host = 'flight-abort.test';
    const release = serveHeldCard(host, 'FA');
    const r = resolver({ cache: false });
    const controller = new AbortController();
    const impatient = r.resolve(web.domain(host), { signal: controller.signal });
    const patient = r.resolve(web.domain(host));
    const reason = new Error('user gave up');
    controller.abort(reason);
    await expect(impatient).rejects.toBe(reason);
    release();
    expect((await patient).profile.name).toBe('FA');
  });

  it('caches a result for the card max-age, clamped, then fetches again after expiry', async () => {
    const host = 'ttl.test';
    serveWellKnown(web, host, agentCard('T', web.url(host, '/a')), { 'cache-control': 'max-age=120' });
    const clock = manualClock();
    const r = resolver({ cache: { clock } });
    const first = await r.resolve(web.domain(host));
    expect(first).toMatchObject({ ttl: 120, fromCache: false });
    const second = await r.resolve(web.domain(host));
    expect(second.fromCache).toBe(true);
    expect(second.trace).toEqual(first.trace);
    expect(web.hits(host, WK)).toBe(1);

    clock.advance(119_000);
    await r.resolve(web.domain(host));
    expect(web.hits(host, WK)).toBe(1);
    clock.advance(2_000);
    expect((await r.resolve(web.domain(host))).fromCache).toBe(false);
    expect(web.hits(host, WK)).toBe(2);
  });

  it('takes the smaller of DNS TTL and card max-age, and clamps to the configured bounds', async () => {
    const host = 'dnsttl.test';
    web.route(
      'cards.test',
      '/dnsttl.json',
      json(agentCard('D', web.url('cards.test', '/a')), {
        headers: { 'cache-control': 'max-age=9000' },
      }),
    );
    const r = resolver({ dns: fakeTxt({ [`_cap.${host}`]: [web.url('cards.test', '/dnsttl.json')] }) });
    expect((await r.resolve(web.domain(host))).ttl).toBe(120); // fakeTxt answers with TTL 120
    const clamped = resolver({
      dns: fakeTxt({ [`_cap.${host}`]: [web.url('cards.test', '/dnsttl.json')] }),
      cache: { minTtlSeconds: 600 },
    });
    expect((await clamped.resolve(web.domain(host))).ttl).toBe(600);
  });

  it('keys the cache per domain and requireCap', async () => {
    const host = 'capkey.test';
    serveWellKnown(web, host, agentCard('No CAP', web.url(host, '/a'), false));
    const r = resolver();
    await r.resolve(web.domain(host));
    const error = await r.resolve(web.domain(host), { requireCap: true }).catch((e: unknown) => e);
    expect(isDiscoveryError(error)).toBe(true);
    expect(web.hits(host, WK)).toBe(2);
  });

  it('caches lasting failures briefly but never transient ones', async () => {
    const clock = manualClock();
    const r = resolver({ cache: { clock, negativeTtlSeconds: 30 } });
    const missing = 'missing.test';
    await expect(r.resolve(web.domain(missing))).rejects.toMatchObject({ code: 'DISCOVERY_FAILED' });
    const again = await r.resolve(web.domain(missing)).catch((e: unknown) => e);
    expect(isDiscoveryError(again) && again.fromCache).toBe(true);
    expect(web.hits(missing, WK)).toBe(1);
    clock.advance(31_000);
    await r.resolve(web.domain(missing)).catch(() => undefined);
    expect(web.hits(missing, WK)).toBe(2);

    const flaky = 'flaky.test';
    web.route(flaky, WK, json({ error: 'down' }, { status: 503 }));
    await r.resolve(web.domain(flaky)).catch(() => undefined);
    await r.resolve(web.domain(flaky)).catch(() => undefined);
    expect(web.hits(flaky, WK)).toBe(2);
  });

  it('gives every caller its own result: editing one never changes another caller or the cache', async () => {
    const host = 'mutable.test';
    serveWellKnown(web, host, agentCard('Original', web.url(host, '/a')));
    const r = resolver();
    const [a, b] = await Promise.all([r.resolve(web.domain(host)), r.resolve(web.domain(host))]);
    expect(a).not.toBe(b);
    const steps = b.trace.length;
    // Top-level fields are the caller's own; everything shared inside is frozen, so an edit fails loudly.
    a.ttl = 1;
    expect(b.ttl).not.toBe(1);
    expect(() => (a.trace as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      (a.profile as { name: string }).name = 'Edited';
    }).toThrow(TypeError);
    expect(() => {
      (a.card as Record<string, unknown>).name = 'Edited';
    }).toThrow(TypeError);
    const cached = await r.resolve(web.domain(host));
    expect(cached).toMatchObject({ fromCache: true, ttl: b.ttl, profile: { name: 'Original' } });
    expect(cached.trace).toHaveLength(steps);
    expect((cached.card as Record<string, unknown>).name).toBe('Original');
    expect(web.hits(host, WK)).toBe(1);
  });

  it('a cached failure keeps its trace: the shared trace cannot be edited', async () => {
    const r = resolver();
    const missing = 'missing-mutable.test';
    const first = await r.resolve(web.domain(missing)).catch((e: unknown) => e);
    if (!isDiscoveryError(first)) throw new Error('expected a DiscoveryError');
    const length = first.trace.length;
    expect(() => {
      (first.trace as unknown[]).length = 0;
    }).toThrow(TypeError);
    const again = await r.resolve(web.domain(missing)).catch((e: unknown) => e);
    expect(isDiscoveryError(again) && again.fromCache).toBe(true);
    expect(isDiscoveryError(again) && again.trace).toHaveLength(length);
  });
});

describe('resolveMany', () => {
  it('returns one outcome per domain in input order, never rejecting, with progress events', async () => {
    const good = ['many-1.test', 'many-2.test', 'many-3.test'];
    for (const host of good) serveWellKnown(web, host, agentCard(host, web.url(host, '/a')));
    web.route('many-bad.test', WK, json({ not: 'a card' }));
    const domains = [good[0], 'many-missing.test', good[1], 'many-bad.test', good[2]].map((h) =>
      web.domain(h as string),
    );
    const events: ProgressEvent[] = [];
    const outcomes = await resolver().resolveMany(domains, {
      concurrency: 2,
      onProgress: (e) => {
        events.push(e);
        throw new Error('listener bug must not matter');
      },
    });
    expect(outcomes.map((o) => o.domain)).toEqual(domains);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true, false, true]);
    const bad = outcomes[3];
    if (bad?.ok !== false) throw new Error('expected a failure');
    expect(bad.trace.at(-1)).toMatchObject({ outcome: 'invalid' });
    expect(events).toHaveLength(5);
    expect(events.at(-1)).toMatchObject({ type: 'resolve', completed: 5, total: 5 });
    expect(new Set(events.map((e) => e.outcome))).toEqual(new Set(['ok', 'not-found']));
  });

  it('reports aborted domains as failures when the signal fires', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const outcomes = await resolver().resolveMany([web.domain('a.test'), web.domain('b.test')], {
      signal: controller.signal,
    });
    expect(outcomes.every((o) => !o.ok)).toBe(true);
  });

  it('refuses unusable options with a typed AgentWebError, not a bare RangeError', async () => {
    const outcome = await resolver()
      .resolveMany([web.domain('a.test')], { concurrency: 0 })
      .catch((e: unknown) => e);
    expect(isAgentWebError(outcome) && outcome.code).toBe('DISCOVERY_CONFIG_INVALID');
    for (const bad of [{ timeoutMs: 0 }, { cache: { maxEntries: 0 } }, { mechanisms: ['carrier-pigeon'] }]) {
      const thrown = (() => {
        try {
          resolver(bad as Partial<ResolverOptions>);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(isAgentWebError(thrown) && thrown.code).toBe('DISCOVERY_CONFIG_INVALID');
    }
  });
});
