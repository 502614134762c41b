import { createIetfAgentCard } from '@agentweb/agentcard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../src/resolve/index.js';
import {
  cardCandidates,
  fetchAgentCard,
  fetchAgisSummary,
  fetchCategories,
  wellKnownUrl,
} from '../src/well-known/index.js';
import { type FakeWeb, json, startFakeWeb } from './helpers/fake-web.js';
import { agentCard, loopbackHttp } from './helpers/resolve-fixtures.js';

let web: FakeWeb;
const http = loopbackHttp();

beforeAll(async () => {
  web = await startFakeWeb();
});
afterAll(async () => {
  await web.close();
  await http.close();
});

describe('well-known candidates', () => {
  it('builds the card candidates in resolver order from any URL on the site', () => {
    expect(cardCandidates('https://shop.example/some/page?q=1').map((c) => c.url)).toEqual([
      'https://shop.example/.well-known/agent-card.json',
      'https://shop.example/.well-known/agent.json',
      'https://shop.example/.well-known/agentcard',
    ]);
    expect(wellKnownUrl('https://shop.example:8443', 'cap-categories')).toBe(
      'https://shop.example:8443/.well-known/cap/categories.txt',
    );
  });
});

describe('well-known fetchers', () => {
  it('fetches the IETF /.well-known/agentcard asking for application/agentcard+json', async () => {
    const host = 'ietf.test';
    let accept = '';
    const card = createIetfAgentCard({
      name: 'Summariser',
      capabilities: [{ id: 'text.summarise', description: 'Summarise text' }],
      endpoint: { protocol: 'http', url: web.url(host, '/agent') },
    });
    web.route(host, '/.well-known/agentcard', (req, res) => {
      accept = req.headers.accept ?? '';
      res.writeHead(200, { 'content-type': 'application/agentcard+json' }).end(JSON.stringify(card));
    });
    const [, , candidate] = cardCandidates(web.url(host));
    const fetched = await fetchAgentCard(candidate?.url ?? '', { http, accept: candidate?.accept });
    expect(accept).toMatch(/^application\/agentcard\+json/);
    expect(fetched.parsed.format).toBe('ietf');

    // The resolver tries it after agent.json when enabled.
    const resolver = createResolver({
      http,
      defaultScheme: 'http',
      mechanisms: ['agent-card', 'agent-json', 'agentcard'],
      cache: false,
    });
    const result = await resolver.resolve(web.domain(host));
    expect(result.format).toBe('ietf');
    expect(result.trace.map((t) => t.outcome)).toEqual(['not-found', 'not-found', 'found']);
  });

  it('returns the AGIS summary raw, and 404 as HttpStatusError', async () => {
    const summary = { agis: '1.0', services: [{ name: 'x' }] };
    web.route('agis.test', '/.well-known/agis.json', json(summary));
    const got = await fetchAgisSummary(web.url('agis.test'), { http });
    expect(got.data).toEqual(summary);
    expect(got.provenance.status).toBe(200);
    await expect(fetchAgisSummary(web.url('none.test'), { http })).rejects.toMatchObject({ status: 404 });
  });

  it('fetches cap/categories.txt as plain text or Markdown, refusing other types and oversize files', async () => {
    web.route('cat.test', '/.well-known/cap/categories.txt', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end('# Shoes\n- Running\n');
    });
    const got = await fetchCategories(web.url('cat.test'), { http });
    expect(got).toMatchObject({ text: '# Shoes\n- Running\n', mediaType: 'text/markdown' });

    web.route('cat-json.test', '/.well-known/cap/categories.txt', json(['shoes']));
    await expect(fetchCategories(web.url('cat-json.test'), { http })).rejects.toMatchObject({
      code: 'CATEGORIES_CONTENT_TYPE',
    });

    web.route('cat-big.test', '/.well-known/cap/categories.txt', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(100_000));
    });
    await expect(fetchCategories(web.url('cat-big.test'), { http })).rejects.toMatchObject({
      code: 'CATEGORIES_TOO_LARGE',
      cause: { code: 'BODY_TOO_LARGE' },
    });
  });

  it('refuses a card whose endpoint scheme differs from the fetch scheme', async () => {
    web.route('mixed.test', '/card.json', json(agentCard('Mixed', 'https://mixed.test/a2a')));
    await expect(fetchAgentCard(web.url('mixed.test', '/card.json'), { http })).rejects.toMatchObject({
      code: 'ENDPOINT_SCHEME_MISMATCH',
      name: 'EndpointSchemeError',
    });
  });
});
