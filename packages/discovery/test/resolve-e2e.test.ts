import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../src/resolve/index.js';
import { type FakeWeb, html, json, redirect, startFakeWeb } from './helpers/fake-web.js';
import { agentCard, fakeTxt, loopbackHttp } from './helpers/resolve-fixtures.js';
import { failureTrace, outcomes } from './helpers/trace-reading.js';

let web: FakeWeb;

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(async () => {
  await web.close();
});

function resolverFor(dnsRecords: Record<string, string[]> = {}) {
  return createResolver({
    http: loopbackHttp(),
    dns: fakeTxt(dnsRecords),
    defaultScheme: 'http',
    allowHttp: true,
    cache: false,
    timeoutMs: 8_000,
  });
}

describe('resolve: every mechanism end to end on loopback', () => {
  it('uses the _cap TXT record first and says so in trace and provenance', async () => {
    const host = 'txt-shop.test';
    web.route('cards.test', '/txt-shop/card.json', json(agentCard('TXT Shop', web.url(host, '/a2a'))));
    // The home page and well-known would also answer; the TXT record must win before they are asked.
    web.route(host, '/.well-known/agent-card.json', json(agentCard('Wrong', web.url(host, '/wrong'))));
    const result = await resolverFor({
      [`_cap.${host}`]: [web.url('cards.test', '/txt-shop/card.json')],
    }).resolve(web.domain(host));
    expect(result.profile.name).toBe('TXT Shop');
    expect(result.format).toBe('a2a');
    expect(result.provenance).toMatchObject({
      mechanism: 'dns-txt',
      pointer: `_cap.${host}`,
      source: web.url('cards.test', '/txt-shop/card.json'),
      status: 200,
    });
    expect(result.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(outcomes(result.trace)).toEqual(['dns-txt:pointer', 'dns-txt:found']);
    expect(result.trace[0]).toMatchObject({ target: `_cap.${host}`, ttl: 120 });
    expect(web.hits(host, '/.well-known/agent-card.json')).toBe(0);
  });

  it('falls back to the link tag on the home page, following a redirect and resolving against the final URL', async () => {
    const host = 'link-shop.test';
    web.route(host, '/', redirect('/en/'));
    web.route(
      host,
      '/en/',
      html(
        `<!doctype html><html><head><!-- <link rel="cap-agent-card" href="/wrong.json"> -->
         <link rel="stylesheet" href="/s.css"><link rel="Cap-Agent-Card alternate" href="card.json"></head><body></body></html>`,
      ),
    );
    web.route(host, '/en/card.json', json(agentCard('Link Shop', web.url(host, '/a2a'))));
    const result = await resolverFor().resolve(web.domain(host));
    expect(result.profile.name).toBe('Link Shop');
    expect(result.provenance).toMatchObject({
      mechanism: 'link-tag',
      source: web.url(host, '/en/card.json'),
    });
    expect(outcomes(result.trace)).toEqual([
      'dns-txt:nxdomain',
      'aid:nxdomain',
      'link-tag:pointer',
      'link-tag:found',
    ]);
    expect(result.trace[2]?.target).toBe(web.url(host, '/en/'));
  });

  it('scans the page it is given (not the home page) when resolving a URL, and reads the Link header', async () => {
    const host = 'page-shop.test';
    web.route(
      host,
      '/product/1',
      html('<html><head></head><body>shoe</body></html>', {
        link: '</agents/card.json>; rel="cap-agent-card"',
      }),
    );
    web.route(host, '/agents/card.json', json(agentCard('Page Shop', web.url(host, '/a2a'))));
    const result = await resolverFor().resolve(web.url(host, '/product/1'));
    expect(result.profile.name).toBe('Page Shop');
    expect(web.hits(host, '/')).toBe(0);
  });

  it('falls back to /.well-known/agent-card.json', async () => {
    const host = 'wk-shop.test';
    web.route(host, '/', html('<html><head><title>no link</title></head><body></body></html>'));
    web.route(host, '/.well-known/agent-card.json', json(agentCard('WK Shop', web.url(host, '/a2a'))));
    const result = await resolverFor().resolve(web.domain(host));
    expect(result.profile.name).toBe('WK Shop');
    expect(result.provenance.mechanism).toBe('well-known');
    expect(outcomes(result.trace)).toEqual([
      'dns-txt:nxdomain',
      'aid:nxdomain',
      'link-tag:not-found',
      'well-known:found',
    ]);
  });

  it('falls back to the legacy /.well-known/agent.json last', async () => {
    const host = 'legacy-shop.test';
    web.route(host, '/.well-known/agent.json', json(agentCard('Legacy Shop', web.url(host, '/a2a'))));
    const result = await resolverFor().resolve(web.domain(host));
    expect(result.profile.name).toBe('Legacy Shop');
    expect(result.provenance.source).toBe(web.url(host, '/.well-known/agent.json'));
    expect(outcomes(result.trace)).toEqual([
      'dns-txt:nxdomain',
      'aid:nxdomain',
      'link-tag:not-found',
      'well-known:not-found',
      'well-known:found',
    ]);
    expect(result.trace[2]?.status).toBe(404);
    expect(result.trace[3]).toMatchObject({
      status: 404,
      target: web.url(host, '/.well-known/agent-card.json'),
    });
  });

  it('with requireCap skips a valid card without CAP and takes the next one that declares it', async () => {
    const host = 'cap-shop.test';
    web.route(host, '/.well-known/agent-card.json', json(agentCard('Plain', web.url(host, '/a2a'), false)));
    web.route(host, '/.well-known/agent.json', json(agentCard('Cap Shop', web.url(host, '/a2a'))));
    const resolver = resolverFor();
    expect((await resolver.resolve(web.domain(host))).profile.name).toBe('Plain');
    const withCap = await resolver.resolve(web.domain(host), { requireCap: true });
    expect(withCap.profile.name).toBe('Cap Shop');
    expect(outcomes(withCap.trace).slice(-2)).toEqual(['well-known:no-cap', 'well-known:found']);
  });

  it('throws DiscoveryError carrying the trace when nothing is found', async () => {
    const trace = await failureTrace(resolverFor().resolve(web.domain('nothing.test')));
    expect(outcomes(trace)).toEqual([
      'dns-txt:nxdomain',
      'aid:nxdomain',
      'link-tag:not-found',
      'well-known:not-found',
      'well-known:not-found',
    ]);
  });

  it('rejects a bad target with a typed error', async () => {
    await expect(resolverFor().resolve('ftp://x.test/')).rejects.toMatchObject({
      code: 'INVALID_DISCOVERY_TARGET',
    });
    await expect(resolverFor().resolve('shop.test/path')).rejects.toMatchObject({
      code: 'INVALID_DISCOVERY_TARGET',
    });
  });
});
