import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapTxtResult } from '../src/dns/dns-types.js';
import { createResolver, isDiscoveryError, type TraceEntry } from '../src/resolve/index.js';
import { type FakeWeb, json, redirect, startFakeWeb } from './helpers/fake-web.js';
import { agentCard, fakeTxt, loopbackHttp } from './helpers/resolve-fixtures.js';

let web: FakeWeb;

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(async () => {
  await web.close();
});

async function traceOf(promise: Promise<unknown>): Promise<readonly TraceEntry[]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isDiscoveryError(error)) throw new Error(`expected a DiscoveryError, got ${String(error)}`);
  return error.trace;
}

function resolver(dns: Record<string, string[]> = {}, lookup: Record<string, string> = {}) {
  return createResolver({
    http: loopbackHttp({ lookup }),
    dns: fakeTxt(dns),
    defaultScheme: 'http',
    allowHttp: true,
    cache: false,
    mechanisms: ['dns-txt', 'agent-card'],
  });
}

function entryFor(trace: readonly TraceEntry[], target: string): TraceEntry | undefined {
  return trace.find((t) => t.target === target);
}

describe('resolve: hostile answers are refused with a reason in the trace', () => {
  it('refuses a TXT record pointing at a private address (name resolving to 10/8, and a metadata IP literal)', async () => {
    const host = 'private-txt.test';
    const byName = 'http://intranet.corp/card.json';
    const trace = await traceOf(
      resolver({ [`_cap.${host}`]: [byName] }, { 'intranet.corp': '10.0.0.5' }).resolve(web.domain(host)),
    );
    expect(entryFor(trace, byName)).toMatchObject({ outcome: 'refused', code: 'BLOCKED_ADDRESS' });
    expect(entryFor(trace, byName)?.reason).toMatch(/10\.0\.0\.5/);

    // A cloud metadata address as data: the guard refuses it, and the test client's loopback-only connector
    // would refuse to open a socket to it even if the guard regressed.
    const literal = 'http://169.254.169.254/latest/card.json';
    const trace2 = await traceOf(resolver({ [`_cap.${host}`]: [literal] }).resolve(web.domain(host)));
    expect(entryFor(trace2, literal)).toMatchObject({ outcome: 'refused', code: 'BLOCKED_ADDRESS' });
  });

  it('refuses plain http with the default https-only policy, before any connection', async () => {
    const host = 'plain.test';
    web.route(host, '/card.json', json(agentCard('Plain', web.url(host, '/a2a'))));
    const cardUrl = web.url(host, '/card.json');
    const pointer: CapTxtResult = {
      name: `_cap.${host}`,
      outcome: 'answer',
      records: [cardUrl],
      url: cardUrl,
      rejected: [],
      ttl: 60,
      fromCache: false,
      elapsedMs: 0,
      transport: 'udp',
    };
    const strict = createResolver({
      // Default policy except that *.test may be loopback: allowHttp stays false.
      http: loopbackHttp({ allowHttp: false }),
      dns: { resolveTxt: async () => pointer, resolveCapTxt: async () => pointer },
      mechanisms: ['dns-txt'],
      cache: false,
    });
    const trace = await traceOf(strict.resolve(host));
    expect(entryFor(trace, cardUrl)).toMatchObject({ outcome: 'refused', code: 'URL_POLICY' });
    expect(web.hits(host, '/card.json')).toBe(0);

    // Through the built-in record rule, an http record is not even taken as a pointer.
    const viaRule = createResolver({
      http: loopbackHttp({ allowHttp: false }),
      dns: fakeTxt({ [`_cap.${host}`]: [cardUrl] }),
      mechanisms: ['dns-txt'],
      cache: false,
    });
    const trace2 = await traceOf(viaRule.resolve(host));
    expect(trace2[0]).toMatchObject({ outcome: 'no-usable-record' });
    expect(trace2[0]?.reason).toMatch(/requires an https URL/);
  });

  it('refuses a 5 MB card (BodyTooLargeError), declared or streamed', async () => {
    const host = 'huge.test';
    const big = JSON.stringify({
      ...agentCard('Huge', web.url(host, '/a2a')),
      padding: 'x'.repeat(5 * 1024 * 1024),
    });
    web.route(host, '/.well-known/agent-card.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(big);
    });
    web.route('huge-chunked.test', '/.well-known/agent-card.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      res.end(big);
    });
    for (const h of [host, 'huge-chunked.test']) {
      const trace = await traceOf(resolver().resolve(web.domain(h)));
      expect(trace.at(-1)).toMatchObject({ outcome: 'refused', code: 'BODY_TOO_LARGE' });
    }
  });

  it('refuses a well-known redirect to another origin (RedirectPolicyError) and never contacts it', async () => {
    const host = 'redirector.test';
    web.route(host, '/.well-known/agent-card.json', redirect(web.url('evil.test', '/card.json')));
    web.route('evil.test', '/card.json', json(agentCard('Evil', web.url('evil.test', '/a2a'))));
    const trace = await traceOf(resolver().resolve(web.domain(host)));
    expect(trace.at(-1)).toMatchObject({ outcome: 'refused', code: 'REDIRECT_POLICY' });
    expect(trace.at(-1)?.reason).toMatch(/evil\.test/);
    expect(web.hits('evil.test', '/card.json')).toBe(0);
  });

  it('follows a same-origin redirect of a well-known card', async () => {
    const host = 'moved.test';
    web.route(host, '/.well-known/agent-card.json', redirect('/cards/v2.json', 301));
    web.route(host, '/cards/v2.json', json(agentCard('Moved', web.url(host, '/a2a'))));
    const result = await resolver().resolve(web.domain(host));
    expect(result.provenance.source).toBe(web.url(host, '/cards/v2.json'));
    expect(result.provenance.redirects).toEqual([web.url(host, '/.well-known/agent-card.json')]);
  });

  it('refuses a card whose endpoint scheme differs from the scheme it was fetched over', async () => {
    const host = 'downgrade.test';
    web.route(host, '/.well-known/agent-card.json', json(agentCard('Mixed', 'https://downgrade.test/a2a')));
    const trace = await traceOf(resolver().resolve(web.domain(host)));
    expect(trace.at(-1)).toMatchObject({ outcome: 'refused', code: 'ENDPOINT_SCHEME_MISMATCH' });
  });

  it('reports an invalid card with the rules it broke, and a non-JSON answer as a content-type refusal', async () => {
    const host = 'invalid.test';
    web.route(host, '/.well-known/agent-card.json', json({ name: 'half a card', skills: 'none', url: 42 }));
    const trace = await traceOf(resolver().resolve(web.domain(host)));
    expect(trace.at(-1)).toMatchObject({ outcome: 'invalid', code: 'CARD_VALIDATION_FAILED' });
    expect(trace.at(-1)?.reason).toMatch(/rules: /);

    web.route('html.test', '/.well-known/agent-card.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
    });
    const trace2 = await traceOf(resolver().resolve(web.domain('html.test')));
    expect(trace2.at(-1)).toMatchObject({ outcome: 'refused', code: 'CONTENT_TYPE' });
  });

  it('rejects key=value TXT records with a reason and continues to the next mechanism', async () => {
    const host = 'kv.test';
    web.route(host, '/.well-known/agent-card.json', json(agentCard('KV', web.url(host, '/a2a'))));
    const result = await resolver({ [`_cap.${host}`]: ['v=cap1;url=https://kv.test/card.json'] }).resolve(
      web.domain(host),
    );
    expect(result.trace[0]).toMatchObject({ mechanism: 'dns-txt', outcome: 'no-usable-record' });
    expect(result.trace[0]?.reason).toMatch(/key=value/);
    expect(result.provenance.mechanism).toBe('well-known');
  });

  it('ends a run at its deadline: the hanging step times out and later steps are skipped', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer(() => {});
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const slow = createResolver({
        http: loopbackHttp(),
        dns: fakeTxt({}),
        defaultScheme: 'http',
        allowHttp: true,
        cache: false,
        timeoutMs: 300,
      });
      const trace = await traceOf(slow.resolve(`hang.test:${port}`));
      expect(trace[1]).toMatchObject({ mechanism: 'aid', outcome: 'nxdomain' });
      expect(trace[2]).toMatchObject({ mechanism: 'link-tag', outcome: 'timeout' });
      expect(trace.slice(3).every((t) => t.outcome === 'skipped')).toBe(true);
    } finally {
      silent.closeAllConnections();
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});
