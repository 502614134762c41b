import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../src/resolve/index.js';
import { aidKey, aidSigningEndpoint } from './helpers/aid-signer.js';
import { type FakeWeb, json, startFakeWeb } from './helpers/fake-web.js';
import { agentCard, fakeTxt, loopbackHttp, type TxtScript } from './helpers/resolve-fixtures.js';
import { failureTrace, outcomes } from './helpers/trace-reading.js';

let web: FakeWeb;

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(async () => {
  await web.close();
});

function resolverFor(
  dnsRecords: Record<string, string[] | TxtScript>,
  options: { allowHttp?: boolean } = {},
) {
  const dns = fakeTxt(dnsRecords);
  const resolver = createResolver({
    http: loopbackHttp(),
    dns,
    defaultScheme: 'http',
    allowHttp: options.allowHttp ?? true,
    cache: false,
    timeoutMs: 8_000,
  });
  return { resolver, dns };
}

describe('resolve: the AID _agent step', () => {
  it('follows an a2a record to its card, after _cap and before the link and well-known cards', async () => {
    const host = 'aid-shop.test';
    web.route('cards.test', '/aid-shop/agent-card.json', json(agentCard('AID Shop', web.url(host, '/a2a'))));
    web.route(host, '/.well-known/agent-card.json', json(agentCard('Wrong', web.url(host, '/wrong'))));
    const record = `v=aid1;u=${web.url('cards.test', '/aid-shop/agent-card.json')};p=a2a;s=Shop agent`;
    const { resolver, dns } = resolverFor({ [`_agent.${host}`]: [record, 'unrelated=txt'] });
    const result = await resolver.resolve(web.domain(host));
    expect(result.profile.name).toBe('AID Shop');
    expect(outcomes(result.trace)).toEqual(['dns-txt:nxdomain', 'aid:pointer', 'aid:found']);
    expect(result.trace[1]).toMatchObject({
      target: `_agent.${host}`,
      ttl: 120,
      aid: { v: 'aid1', proto: 'a2a', desc: 'Shop agent' },
    });
    expect(result.provenance).toMatchObject({
      mechanism: 'aid',
      pointer: `_agent.${host}`,
      source: web.url('cards.test', '/aid-shop/agent-card.json'),
      aid: { uri: web.url('cards.test', '/aid-shop/agent-card.json'), proto: 'a2a' },
    });
    // Both names are asked at once (the `_agent` answer is read after `_cap`'s), once each.
    expect([...dns.queries].sort()).toEqual([`_agent.${host}`, `_cap.${host}`]);
    expect(web.hits(host, '/.well-known/agent-card.json')).toBe(0);
    expect(web.hits(host, '/')).toBe(0);
  });

  it('lets _cap win when both are published (CAP order first)', async () => {
    const host = 'both.test';
    web.route(host, '/cap.json', json(agentCard('CAP card', web.url(host, '/a2a'))));
    web.route(host, '/aid.json', json(agentCard('AID card', web.url(host, '/a2a'))));
    const { resolver } = resolverFor({
      [`_cap.${host}`]: [web.url(host, '/cap.json')],
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/aid.json')};p=a2a`],
    });
    const result = await resolver.resolve(web.domain(host));
    expect(result.profile.name).toBe('CAP card');
    expect(web.hits(host, '/aid.json')).toBe(0);
  });

  it('asks _agent._<proto> first when a protocol is asked for, and falls back to the base name', async () => {
    const host = 'proto.test';
    web.route(host, '/a2a-card.json', json(agentCard('Proto card', web.url(host, '/a2a'))));
    web.route(host, '/base-card.json', json(agentCard('Base card', web.url(host, '/a2a'))));
    const specific = resolverFor({
      [`_agent._a2a.${host}`]: [`v=aid1;u=${web.url(host, '/a2a-card.json')};p=a2a`],
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/base-card.json')};p=a2a`],
    });
    const result = await specific.resolver.resolve(web.domain(host), { aidProtocol: 'a2a' });
    expect(result.profile.name).toBe('Proto card');
    expect(result.provenance.pointer).toBe(`_agent._a2a.${host}`);
    expect(specific.dns.queries).not.toContain(`_agent.${host}`);
    // Without aidProtocol only the base name is asked.
    expect((await specific.resolver.resolve(web.domain(host))).profile.name).toBe('Base card');

    const fallback = resolverFor({
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/base-card.json')};p=a2a`],
    });
    const fell = await fallback.resolver.resolve(web.domain(host), { aidProtocol: 'a2a' });
    expect(fell.profile.name).toBe('Base card');
    expect(outcomes(fell.trace)).toEqual(['dns-txt:nxdomain', 'aid:nxdomain', 'aid:pointer', 'aid:found']);
  });

  it('refuses an aidProtocol that cannot be a DNS label', async () => {
    const { resolver } = resolverFor({});
    await expect(resolver.resolve(web.domain('x.test'), { aidProtocol: 'a2a.evil' })).rejects.toMatchObject({
      code: 'DISCOVERY_CONFIG_INVALID',
    });
  });

  it('never runs a proto=local record: refused with AID_SECURITY, and discovery carries on', async () => {
    const host = 'local.test';
    web.route(host, '/.well-known/agent-card.json', json(agentCard('WK', web.url(host, '/a2a'))));
    const { resolver } = resolverFor({ [`_agent.${host}`]: ['v=aid1;u=docker:evil/image:latest;p=local'] });
    const result = await resolver.resolve(web.domain(host));
    expect(result.provenance.mechanism).toBe('well-known');
    const aid = result.trace.find((t) => t.mechanism === 'aid');
    expect(aid).toMatchObject({ outcome: 'refused', code: 'AID_SECURITY', aid: { proto: 'local' } });
    expect(aid?.reason).toMatch(/never runs it/);
  });

  it('records a record of another protocol with AID_UNSUPPORTED_PROTO and does not follow it', async () => {
    const host = 'mcp.test';
    web.route(host, '/mcp', json(agentCard('Not to be fetched', web.url(host, '/a2a'))));
    const { resolver } = resolverFor({
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/mcp')};p=mcp;a=pat`],
    });
    const trace = await failureTrace(resolver.resolve(web.domain(host)));
    expect(trace.find((t) => t.mechanism === 'aid')).toMatchObject({
      outcome: 'no-usable-record',
      code: 'AID_UNSUPPORTED_PROTO',
      aid: { proto: 'mcp', auth: 'pat' },
    });
    expect(web.hits(host, '/mcp')).toBe(0);
  });

  it.each([
    ['an invalid record', 'v=aid1;p=a2a', 'AID_INVALID_TXT'],
    [
      'two AID records',
      ['v=aid1;u=https://a.test/c.json;p=a2a', 'v=aid1;u=https://b.test/c.json;p=a2a'],
      'AID_INVALID_TXT',
    ],
    ['an unknown protocol', 'v=aid1;u=https://a.test/c.json;p=carrier-pigeon', 'AID_UNSUPPORTED_PROTO'],
    ['a deprecated record', 'v=aid1;u=https://a.test/c.json;p=a2a;e=2020-01-01T00:00:00Z', 'AID_INVALID_TXT'],
  ])('records %s as no-usable-record with its code', async (_what, records, code) => {
    const host = 'bad-aid.test';
    const { resolver } = resolverFor({ [`_agent.${host}`]: Array.isArray(records) ? records : [records] });
    const trace = await failureTrace(resolver.resolve(web.domain(host)));
    expect(trace.find((t) => t.mechanism === 'aid')).toMatchObject({ outcome: 'no-usable-record', code });
  });

  it('warns in the trace about a deprecation date still ahead, and uses the record', async () => {
    const host = 'dep.test';
    web.route(host, '/card.json', json(agentCard('Dep', web.url(host, '/a2a'))));
    const { resolver } = resolverFor({
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/card.json')};p=a2a;e=2099-01-01T00:00:00Z`],
    });
    const result = await resolver.resolve(web.domain(host));
    expect(result.trace[1]?.reason).toMatch(/deprecates this record on 2099-01-01T00:00:00Z/);
  });

  it('refuses an http uri unless allowHttp is set (AID: https only for remote agents)', async () => {
    const host = 'plain.test';
    const { resolver } = resolverFor(
      { [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/card.json')};p=a2a`] },
      { allowHttp: false },
    );
    const trace = await failureTrace(resolver.resolve(`https://${web.domain(host)}`));
    expect(trace.find((t) => t.mechanism === 'aid')).toMatchObject({
      outcome: 'no-usable-record',
      code: 'AID_INVALID_TXT',
    });
  });

  it('sends the uri through the SSRF guard: a private address is refused', async () => {
    const host = 'ssrf.test';
    const { resolver } = resolverFor({
      [`_agent.${host}`]: [`v=aid1;u=http://127.0.0.1:${web.port}/card.json;p=a2a`],
    });
    const trace = await failureTrace(resolver.resolve(web.domain(host)));
    expect(trace.filter((t) => t.mechanism === 'aid').map((t) => `${t.outcome}:${t.code}`)).toEqual([
      'pointer:undefined',
      'refused:BLOCKED_ADDRESS',
    ]);
  });

  it('reads a base uri as the A2A base: the well-known card under it', async () => {
    const host = 'base.test';
    web.route(
      host,
      '/agents/support/.well-known/agent-card.json',
      json(agentCard('Base', web.url(host, '/a2a'))),
    );
    const { resolver } = resolverFor({
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/agents/support')};p=a2a`],
    });
    const result = await resolver.resolve(web.domain(host));
    expect(result.profile.name).toBe('Base');
    expect(result.provenance).toMatchObject({
      mechanism: 'aid',
      source: web.url(host, '/agents/support/.well-known/agent-card.json'),
    });
    expect(outcomes(result.trace)).toEqual(['dns-txt:nxdomain', 'aid:pointer', 'aid:not-found', 'aid:found']);
  });

  it('keeps a result no longer than the AID record TTL, below the cache lower clamp (AID §4)', async () => {
    const host = 'ttl.test';
    web.route(host, '/card.json', json(agentCard('TTL', web.url(host, '/a2a'))));
    const resolver = createResolver({
      http: loopbackHttp(),
      dns: fakeTxt({
        [`_agent.${host}`]: {
          outcome: 'answer',
          records: [`v=aid1;u=${web.url(host, '/card.json')};p=a2a`],
          ttl: 5,
        },
      }),
      defaultScheme: 'http',
      allowHttp: true,
      cache: { minTtlSeconds: 30 },
    });
    const result = await resolver.resolve(web.domain(host));
    expect(result.ttl).toBe(5);
    expect(result.provenance.ttl).toBe(5);
  });

  it('can be turned off with mechanisms', async () => {
    const host = 'off.test';
    const { dns } = resolverFor({});
    const resolver = createResolver({
      http: loopbackHttp(),
      dns,
      defaultScheme: 'http',
      allowHttp: true,
      cache: false,
      mechanisms: ['dns-txt', 'agent-card'],
    });
    await failureTrace(resolver.resolve(web.domain(host)));
    expect(dns.queries).toEqual([`_cap.${host}`]);
  });
});

describe('resolve: the AID pka endpoint proof (Appendix D) against a signing endpoint on 127.0.0.1', () => {
  const key = aidKey();
  const other = aidKey();

  function pkaCase(
    host: string,
    signer: Parameters<typeof aidSigningEndpoint>[1],
    recordKey = key.pka,
    kid = 'g1',
  ) {
    web.route(
      host,
      '/card.json',
      aidSigningEndpoint(agentCard(`PKA ${host}`, web.url(host, '/a2a')), signer),
    );
    web.route(host, '/.well-known/agent-card.json', json(agentCard('Fallback', web.url(host, '/a2a'))));
    return resolverFor({
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/card.json')};p=a2a;k=${recordKey};i=${kid}`],
    }).resolver;
  }

  it('verifies an endpoint that signs with the record key, then takes its card', async () => {
    const host = 'pka-good.test';
    const result = await pkaCase(host, { key, kid: 'g1' }).resolve(web.domain(host));
    expect(result.profile.name).toBe(`PKA ${host}`);
    expect(outcomes(result.trace)).toEqual(['dns-txt:nxdomain', 'aid:pointer', 'aid:verified', 'aid:found']);
    expect(result.trace[2]).toMatchObject({ target: web.url(host, '/card.json'), status: 200 });
    expect(result.provenance.aid?.kid).toBe('g1');
  });

  it('accepts covered components in another order and in lower case', async () => {
    const host = 'pka-order.test';
    const covered = ['date', 'host', '@target-uri', '@method', 'aid-challenge'];
    const result = await pkaCase(host, { key, kid: 'g1', covered }).resolve(web.domain(host));
    expect(result.provenance.mechanism).toBe('aid');
  });

  it.each([
    ['signed with another key', { key: other, kid: 'g1' }, /does not verify/],
    ['a keyid that is not the record kid', { key, kid: 'g2' }, /keyid/],
    ['another alg', { key, kid: 'g1', alg: 'rsa-pss-sha512' }, /alg/],
    ['a signature made ten minutes ago', { key, kid: 'g1', createdOffset: -600 }, /five minutes/],
    ['a signature over another challenge', { key, kid: 'g1', wrongChallenge: true }, /does not verify/],
    ['no signature', { key, kid: 'g1', unsigned: true }, /did not sign/],
    [
      'missing covered components',
      { key, kid: 'g1', covered: ['AID-Challenge', '@method'] },
      /cover exactly/,
    ],
    ['a 401', { key, kid: 'g1', status: 401 }, /401/],
  ])('refuses an endpoint with %s (AID_SECURITY) and never uses its card', async (_what, signer, reason) => {
    const host = `pka-bad-${Math.random().toString(36).slice(2, 8)}.test`;
    const result = await pkaCase(host, signer).resolve(web.domain(host));
    const proof = result.trace.find((t) => t.mechanism === 'aid' && t.target.startsWith('http'));
    expect(proof).toMatchObject({ outcome: 'refused', code: 'AID_SECURITY' });
    expect(proof?.reason).toMatch(reason);
    // Discovery goes on to the next step; the AID card is not taken.
    expect(result.profile.name).toBe('Fallback');
    expect(result.provenance.mechanism).toBe('well-known');
  });

  it('warns on a downgrade: a name whose record had a proved pka comes back without one', async () => {
    const host = 'pka-downgrade.test';
    web.route(
      host,
      '/card.json',
      aidSigningEndpoint(agentCard('Downgrade', web.url(host, '/a2a')), { key, kid: 'g1' }),
    );
    const records: Record<string, string[]> = {
      [`_agent.${host}`]: [`v=aid1;u=${web.url(host, '/card.json')};p=a2a;k=${key.pka};i=g1`],
    };
    const { resolver } = resolverFor(records);
    const first = await resolver.resolve(web.domain(host));
    expect(first.trace[1]?.reason).toBeUndefined();
    records[`_agent.${host}`] = [`v=aid1;u=${web.url(host, '/card.json')};p=a2a`];
    const second = await resolver.resolve(web.domain(host));
    expect(outcomes(second.trace)).toEqual(['dns-txt:nxdomain', 'aid:pointer', 'aid:found']);
    expect(second.trace[1]?.reason).toMatch(/downgrade: .*kid g1/);
  });

  it('refuses a record key that is not a 32-byte Ed25519 key', async () => {
    const host = 'pka-short.test';
    const result = await pkaCase(host, { key, kid: 'g1' }, 'z7rW8rTq8o4mM6v').resolve(web.domain(host));
    expect(result.trace.find((t) => t.outcome === 'refused')).toMatchObject({ code: 'AID_SECURITY' });
    expect(result.provenance.mechanism).toBe('well-known');
  });
});
