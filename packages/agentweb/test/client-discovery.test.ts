import { createA2ACard } from '@agentweb/agentcard';
import type { DnsResolver } from '@agentweb/discovery';
import { isDiscoveryError } from '@agentweb/discovery';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AgentWebEvent, isNotACapMerchantError } from '../src/index.js';
import {
  clientPool,
  type LoopbackServer,
  sandboxDns,
  sandboxOptions,
  startLoopbackServer,
} from './client-fixtures.js';

let sb: Sandbox;
let dns: DnsResolver;
let plainAgent: LoopbackServer;
const pool = clientPool();

beforeAll(async () => {
  sb = await startSandbox({ merchants: 3, seed: 'client-discovery' });
  dns = sandboxDns(sb);
  // An A2A agent without CAP: valid card, no https://cap-spec.org extension.
  plainAgent = await startLoopbackServer((req, origin) =>
    req.url === '/.well-known/agent-card.json'
      ? {
          body: JSON.stringify(
            createA2ACard({
              name: 'Plain agent',
              description: 'An agent that does not sell anything',
              url: `${origin}/a2a/jsonrpc`,
              version: '1.0.0',
              skills: [{ id: 'chat', name: 'Chat', description: 'Talks', tags: [] }],
            }),
          ),
        }
      : undefined,
  );
}, 60_000);

afterEach(() => pool.closeAll());

afterAll(async () => {
  await dns.close();
  await plainAgent.close();
  await sb.close();
});

const hostOf = (i: number) => new URL(sb.merchants[i]!.baseUrl).host;

describe('discover', () => {
  it('finds a merchant through its _cap TXT record, with the trace and progress events', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(sandboxOptions(sb, { dns, onEvent: (e) => events.push(e) }));
    const result = await aw.discover(hostOf(0), { requireCap: true });
    expect(result.provenance.mechanism).toBe('dns-txt');
    expect(result.provenance.source).toBe(sb.merchants[0]!.cardUrl);
    expect(result.trace.map((s) => [s.mechanism, s.outcome])).toEqual([
      ['dns-txt', 'pointer'],
      ['dns-txt', 'found'],
    ]);
    expect(result.profile.cap?.supported).toBe(true);
    expect(events).toEqual([
      { type: 'discover:start', target: hostOf(0) },
      expect.objectContaining({ type: 'discover:done', target: hostOf(0), ok: true, mechanism: 'dns-txt' }),
    ]);
  });

  it('falls back to the storefront link tag, then to the well-known URI, recording every step', async () => {
    const noDns = pool.make(sandboxOptions(sb, { discovery: { mechanisms: ['link-tag', 'agent-card'] } }));
    const byLink = await noDns.discover(hostOf(1));
    expect(byLink.provenance.mechanism).toBe('link-tag');
    expect(byLink.trace[0]).toMatchObject({ mechanism: 'link-tag', outcome: 'pointer' });

    const wellKnownOnly = pool.make(sandboxOptions(sb, { discovery: { mechanisms: ['agent-card'] } }));
    const byWellKnown = await wellKnownOnly.discover(sb.merchants[2]!.baseUrl);
    expect(byWellKnown.provenance.mechanism).toBe('well-known');
    expect(byWellKnown.provenance.source).toBe(sb.merchants[2]!.cardUrl);
    expect(byWellKnown.trace.map((s) => s.outcome)).toEqual(['found']);
  });

  it('discoverMany reports each domain in input order and never rejects as a whole', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(sandboxOptions(sb, { dns, onEvent: (e) => events.push(e) }));
    const outcomes = await aw.discoverMany([hostOf(0), 'nowhere.sandbox.test', hostOf(2)], {
      requireCap: true,
    });
    expect(outcomes.map((o) => [o.domain, o.ok])).toEqual([
      [hostOf(0), true],
      ['nowhere.sandbox.test', false],
      [hostOf(2), true],
    ]);
    const failed = outcomes[1]!;
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(isDiscoveryError(failed.error)).toBe(true);
    expect(events.filter((e) => e.type === 'discover:done')).toHaveLength(3);
  });

  it('a throwing onEvent listener does not break the call', async () => {
    const aw = pool.make(
      sandboxOptions(sb, {
        dns,
        onEvent: () => {
          throw new Error('listener bug');
        },
      }),
    );
    await expect(aw.discover(hostOf(0))).resolves.toMatchObject({ fromCache: false });
  });
});

describe('addMerchant', () => {
  it('adds by domain, by card URL and by profile, each once', async () => {
    const events: AgentWebEvent[] = [];
    const aw = pool.make(sandboxOptions(sb, { dns, onEvent: (e) => events.push(e) }));
    const byDomain = await aw.addMerchant(hostOf(0));
    expect(byDomain.domain).toBe(hostOf(0));
    expect(byDomain.cardUrl).toBe(sb.merchants[0]!.cardUrl);
    expect(byDomain.client.merchantId).toBe(byDomain.id);

    const byCard = await aw.addMerchant(sb.merchants[1]!.cardUrl);
    expect(byCard.domain).toBe(hostOf(1));
    expect(byCard.cardUrl).toBe(sb.merchants[1]!.cardUrl);

    const { profile } = await aw.discover(hostOf(2));
    const byProfile = await aw.addMerchant(profile);
    expect(byProfile.domain).toBe(hostOf(2));
    expect(byProfile.cardUrl).toBeUndefined();

    // Adding the same merchant again replaces it rather than listing it twice.
    await aw.addMerchant(sb.merchants[0]!.cardUrl);
    expect(
      aw
        .merchants()
        .map((m) => m.domain)
        .sort(),
    ).toEqual([hostOf(0), hostOf(1), hostOf(2)].sort());
    expect(events.filter((e) => e.type === 'merchant:added')).toHaveLength(4);
  });

  it('refuses an agent without CAP, by card URL and by domain, with NotACapMerchantError', async () => {
    const aw = pool.make(sandboxOptions(sb, { discovery: { mechanisms: ['agent-card'] } }));
    const byCard = await aw.addMerchant(`${plainAgent.origin}/.well-known/agent-card.json`).catch((e) => e);
    expect(isNotACapMerchantError(byCard)).toBe(true);
    expect(byCard.code).toBe('AGENTWEB_NOT_CAP');
    const byDomain = await aw.addMerchant(new URL(plainAgent.origin).host).catch((e) => e);
    expect(isNotACapMerchantError(byDomain)).toBe(true);
    expect(isDiscoveryError(byDomain.cause)).toBe(true);
    expect(aw.merchants()).toHaveLength(0);
  });

  it('keeps at most maxMerchants, dropping the least recently used', async () => {
    const aw = pool.make(sandboxOptions(sb, { maxMerchants: 2 }));
    await aw.addMerchant(sb.merchants[0]!.cardUrl);
    await aw.addMerchant(sb.merchants[1]!.cardUrl);
    // Touch merchant 0 so merchant 1 is the least recently used one.
    await aw.cart(hostOf(0), { action: 'view' }, {}).catch(() => undefined);
    await aw.addMerchant(sb.merchants[2]!.cardUrl);
    expect(
      aw
        .merchants()
        .map((m) => m.domain)
        .sort(),
    ).toEqual([hostOf(0), hostOf(2)].sort());
  });
});
