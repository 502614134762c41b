import type { IncomingMessage, ServerResponse } from 'node:http';
import { sampleCapMerchantCard } from '@agentweb/agentcard/test';
import type { ProgressEvent } from '@agentweb/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrawlHostGate, type CrawlRecord, crawl, HostGate } from '../src/crawl/index.js';
import { type ExtractionPool, ExtractionPoolError, extractProductIds } from '../src/page/index.js';
import { fetchCategories, isCategoriesError } from '../src/well-known/index.js';
import { type FakeWeb, startFakeWeb } from './helpers/fake-web.js';
import { fakeTxt, loopbackHttp } from './helpers/resolve-fixtures.js';

interface Hit {
  host: string;
  path: string;
  at: number;
  userAgent: string;
}

type Route = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const USER_AGENT = 'CapIndexBot/1.0 (+https://index.example/bot)';
const hits: Hit[] = [];
let web: FakeWeb;
const http = loopbackHttp();
// The default resolver runs; its DNS step asks an in-test TXT table (NXDOMAIN) so nothing leaves loopback, and
// the home-page link step is left out so the request counts below stay those of the well-known path.
const resolverOptions = { dns: fakeTxt({}), mechanisms: ['dns-txt', 'agent-card', 'agent-json'] } as const;

const send =
  (status: number, type: string, body: string): Route =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
const json = (value: unknown): Route => send(200, 'application/json', JSON.stringify(value));
const productPage = (sku: string): string =>
  `<html><body><script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: sku, sku })}</script></body></html>`;

const sites: Record<string, Record<string, Route>> = {
  'shop.test': {
    '/robots.txt': send(
      200,
      'text/plain',
      'User-agent: *\nDisallow: /\n\nUser-agent: capindexbot\nDisallow: /products/secret\nAllow: /\nCrawl-delay: 0.15\n',
    ),
    '/.well-known/agent-card.json': json(sampleCapMerchantCard({ url: 'http://shop.test/a2a' })),
    '/.well-known/cap/categories.txt': send(200, 'text/markdown; charset=utf-8', '# Tools\n- Anvils\n'),
    '/products/anvil': send(200, 'text/html', productPage('ANVIL-1')),
    '/products/secret': send(200, 'text/html', productPage('SECRET-1')),
    '/products/big': send(200, 'text/html', productPage('BIG-1') + '<p>filler</p>'.repeat(30_000)),
  },
  'down.test': {
    '/robots.txt': send(503, 'text/plain', 'maintenance'),
    '/.well-known/agent-card.json': json(sampleCapMerchantCard()),
  },
  'slow.test': {
    // No robots.txt (404): everything is allowed. Only the older agent.json path exists.
    '/.well-known/agent.json': json(sampleCapMerchantCard({ url: 'http://slow.test/a2a' })),
    '/.well-known/cap/categories.txt': send(200, 'text/html', '<p>not text</p>'),
  },
};
const SLOW_MS = 120;

beforeAll(async () => {
  web = await startFakeWeb({
    onRequest: async (req, { host, path }) => {
      hits.push({ host, path, at: performance.now(), userAgent: String(req.headers['user-agent']) });
      if (host === 'slow.test') await new Promise((r) => setTimeout(r, SLOW_MS));
    },
  });
  for (const [host, routes] of Object.entries(sites)) {
    for (const [path, route] of Object.entries(routes)) web.route(host, path, route);
  }
});

afterAll(async () => {
  await http.close();
  await web.close();
});

const domain = (host: string): string => web.domain(host);

async function collect(iterable: AsyncIterable<CrawlRecord>): Promise<CrawlRecord[]> {
  const out: CrawlRecord[] = [];
  for await (const record of iterable) out.push(record);
  return out;
}

describe('crawl over a loopback site', () => {
  it('obeys robots.txt, spaces requests per host, and keeps provenance', async () => {
    const progress: ProgressEvent[] = [];
    const records = await collect(
      crawl([domain('shop.test'), domain('down.test'), domain('slow.test')], {
        http,
        scheme: 'http',
        userAgent: USER_AGENT,
        concurrency: 3,
        perHostDelayMs: 60,
        resolverOptions,
        onProgress: (event) => progress.push(event),
        productPages: {
          [domain('shop.test')]: [
            `http://${domain('shop.test')}/products/anvil`,
            `http://${domain('shop.test')}/products/secret`,
          ],
        },
      }),
    );
    const of = (host: string): CrawlRecord[] => records.filter((r) => r.domain === domain(host));

    // shop.test: its own group applies (product token, case-insensitive), not the `*` group.
    const shop = of('shop.test');
    expect(shop.map((r) => r.kind)).toEqual(['robots', 'agent', 'categories', 'product', 'error']);
    expect(shop[0]).toMatchObject({ kind: 'robots', outcome: 'parsed', crawlDelaySeconds: 0.15 });
    const agent = shop[1] as Extract<CrawlRecord, { kind: 'agent' }>;
    const cardUrl = `http://${domain('shop.test')}/.well-known/agent-card.json`;
    expect(agent.mechanism).toBe('well-known');
    expect(agent.profile.cap?.supported).toBe(true);
    expect(agent.provenance).toMatchObject({ sourceUrl: cardUrl, status: 200, agentCardUrl: cardUrl });
    expect(agent.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(agent.provenance.fetchedAt))).toBe(false);
    expect(shop[2]).toMatchObject({ kind: 'categories', format: 'markdown', text: '# Tools\n- Anvils\n' });
    expect(shop[2]!.provenance).toMatchObject({ status: 200, agentCardUrl: cardUrl });
    const product = shop[3] as Extract<CrawlRecord, { kind: 'product' }>;
    expect(product.extraction.chosen).toMatchObject({ id: 'ANVIL-1', source: 'jsonld', property: 'sku' });
    expect(product.provenance).toMatchObject({
      sourceUrl: `http://${domain('shop.test')}/products/anvil`,
      agentCardUrl: cardUrl,
    });
    expect(shop[4]).toMatchObject({ kind: 'error', stage: 'product', code: 'ROBOTS_DISALLOWED' });
    expect(hits.some((h) => h.path === '/products/secret')).toBe(false);

    // down.test: robots.txt answered 503, so nothing else was fetched there.
    const down = of('down.test');
    expect(down[0]).toMatchObject({ kind: 'robots', outcome: 'unreachable', provenance: { status: 503 } });
    expect(down.slice(1).every((r) => r.kind === 'error' && r.code === 'ROBOTS_DISALLOWED')).toBe(true);
    expect(hits.filter((h) => h.host === 'down.test').map((h) => h.path)).toEqual(['/robots.txt']);

    // slow.test: no robots.txt (404) allows everything; agent.json is the fallback; text/html categories refused.
    const slow = of('slow.test');
    expect(slow.map((r) => r.kind)).toEqual(['robots', 'agent', 'error']);
    expect(slow[0]).toMatchObject({ outcome: 'unavailable', provenance: { status: 404 } });
    expect(slow[1]!.provenance?.sourceUrl).toBe(`http://${domain('slow.test')}/.well-known/agent.json`);
    expect(slow[2]).toMatchObject({ stage: 'categories', code: 'CATEGORIES_CONTENT_TYPE' });

    // Every request identified the crawler.
    expect(new Set(hits.map((h) => h.userAgent))).toEqual(new Set([USER_AGENT]));

    // Requests to one host never overlap and are spaced: at least perHostDelayMs apart, and at least the
    // Crawl-delay (150 ms) once robots.txt was read. Gaps run from the end of one answer to the next arrival, so they are lower bounds with a little slack for timer rounding.
    const gaps = (host: string): number[] => {
      const times = hits.filter((h) => h.host === host).map((h) => h.at);
      return times.slice(1).map((t, i) => t - times[i]!);
    };
    const shopGaps = gaps('shop.test');
    expect(shopGaps.length).toBe(3);
    // The Crawl-delay applies from the first request after robots.txt on.
    expect(Math.min(...shopGaps)).toBeGreaterThanOrEqual(145);
    expect(Math.min(...gaps('slow.test'))).toBeGreaterThanOrEqual(55);

    // Hosts are crawled concurrently: the slow host did not hold the others back to its own pace.
    const firstShop = hits.find((h) => h.host === 'shop.test')!.at;
    const firstSlow = hits.find((h) => h.host === 'slow.test')!.at;
    expect(Math.abs(firstShop - firstSlow)).toBeLessThan(1000);

    expect(progress.map((p) => p.completed).sort()).toEqual([1, 2, 3]);
    expect(progress.find((p) => p.target === domain('down.test'))?.outcome).toBe('robots-unreachable');
  });

  it('never rejects as a whole: bad domains and an injected resolver failure become error records', async () => {
    const records = await collect(
      crawl(['not a domain/x y', domain('nowhere.test')], {
        http,
        scheme: 'http',
        perHostDelayMs: 0,
        resolve: async () => {
          throw new Error('resolver exploded');
        },
      }),
    );
    expect(records.find((r) => r.domain === 'not a domain/x y')).toMatchObject({
      kind: 'error',
      stage: 'domain',
    });
    const nowhere = records.filter((r) => r.domain === domain('nowhere.test'));
    expect(nowhere.map((r) => r.kind)).toEqual(['robots', 'error', 'error']);
    expect(nowhere[1]).toMatchObject({ stage: 'agent', code: 'CRAWL_FAILED', message: 'resolver exploded' });
    expect(nowhere[2]).toMatchObject({ stage: 'categories', code: 'CATEGORIES_NOT_FOUND' });
  });

  it('uses an injected resolver and stops on abort with error records', async () => {
    const controller = new AbortController();
    const card = `https://cards.example/shop.json`;
    const records: CrawlRecord[] = [];
    for await (const record of crawl([domain('shop.test'), domain('slow.test')], {
      http,
      scheme: 'http',
      concurrency: 1,
      perHostDelayMs: 0,
      signal: controller.signal,
      resolve: async () => ({
        profile: { cap: { supported: true } } as never,
        provenance: { mechanism: 'dns-txt', source: card, fetchedAt: new Date().toISOString() },
      }),
    })) {
      records.push(record);
      if (record.kind === 'agent') controller.abort(new Error('enough'));
    }
    expect(records[1]).toMatchObject({
      kind: 'agent',
      mechanism: 'dns-txt',
      provenance: { agentCardUrl: card },
    });
    expect(records.at(-1)).toMatchObject({ kind: 'error', domain: domain('slow.test'), stage: 'domain' });
  });
});

describe('fetchCategories', () => {
  it('returns the text with provenance', async () => {
    const result = await fetchCategories(domain('shop.test'), { http, scheme: 'http' });
    expect(result).toMatchObject({ format: 'markdown', text: '# Tools\n- Anvils\n' });
    expect(result.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('throws typed errors for missing, wrong-type and oversized files', async () => {
    const codeOf = async (promise: Promise<unknown>): Promise<string> => {
      try {
        await promise;
        return 'none';
      } catch (error) {
        expect(isCategoriesError(error)).toBe(true);
        return (error as { code: string }).code;
      }
    };
    expect(await codeOf(fetchCategories(domain('down.test'), { http, scheme: 'http' }))).toBe(
      'CATEGORIES_NOT_FOUND',
    );
    expect(await codeOf(fetchCategories(domain('slow.test'), { http, scheme: 'http' }))).toBe(
      'CATEGORIES_CONTENT_TYPE',
    );
    expect(await codeOf(fetchCategories(domain('shop.test'), { http, scheme: 'http', maxBytes: 4 }))).toBe(
      'CATEGORIES_TOO_LARGE',
    );
    expect(await codeOf(fetchCategories('bad host/x', { http }))).toBe('CATEGORIES_BAD_DOMAIN');
  });
});

describe('crawl reads large product pages off the event loop', () => {
  const bigPage = () => `http://${domain('shop.test')}/products/big`;
  const products = (records: CrawlRecord[]) =>
    records.filter((r) => r.kind === 'product' || (r.kind === 'error' && r.stage === 'product'));

  it('hands pages above offThreadChars to the extraction pool, and pool failures become error records', async () => {
    const handed: number[] = [];
    const counting: ExtractionPool = {
      size: 1,
      extract: (html, options) => {
        handed.push(html.length);
        return Promise.resolve(extractProductIds(html, options));
      },
      close: async () => {},
    };
    const options = {
      http,
      scheme: 'http' as const,
      userAgent: USER_AGENT,
      perHostDelayMs: 0,
      resolverOptions,
      productPages: { [domain('shop.test')]: [bigPage(), `http://${domain('shop.test')}/products/anvil`] },
    };
    const read = products(
      await collect(crawl([domain('shop.test')], { ...options, extractionPool: counting })),
    );
    expect(read.map((r) => (r.kind === 'product' ? r.extraction.chosen?.id : r.kind))).toEqual([
      'BIG-1',
      'ANVIL-1',
    ]);
    // Only the big page crossed the default threshold (256 Ki characters).
    expect(handed).toHaveLength(1);
    expect(handed[0]).toBeGreaterThan(256 * 1024);

    const failing: ExtractionPool = {
      size: 1,
      extract: () => Promise.reject(new ExtractionPoolError('EXTRACTION_TIMEOUT', 'too slow')),
      close: async () => {},
    };
    const failed = products(
      await collect(crawl([domain('shop.test')], { ...options, extractionPool: failing })),
    );
    expect(failed[0]).toMatchObject({
      kind: 'error',
      stage: 'product',
      code: 'EXTRACTION_TIMEOUT',
      url: bigPage(),
    });
    expect(failed[1]).toMatchObject({ kind: 'product' });

    // The real shared pool reads it too.
    const shared = products(
      await collect(crawl([domain('shop.test')], { ...options, offThreadChars: 1000 })),
    );
    expect(shared.map((r) => r.kind === 'product' && r.extraction.chosen?.id)).toEqual(['BIG-1', 'ANVIL-1']);
  });
});

describe('crawl with an injected host gate', () => {
  it('runs every request to the host through the gate it is given', async () => {
    const inner = new HostGate();
    const turns: string[] = [];
    const hostGate: CrawlHostGate = {
      run: (host, delayMs, task, signal) => {
        turns.push(host);
        return inner.run(host, delayMs, task, signal);
      },
    };
    const before = hits.filter((h) => h.host === 'shop.test').length;
    const records = await collect(
      crawl([domain('shop.test')], {
        http,
        hostGate,
        scheme: 'http',
        userAgent: USER_AGENT,
        perHostDelayMs: 0,
        resolverOptions,
        productPages: { [domain('shop.test')]: [`http://${domain('shop.test')}/products/anvil`] },
      }),
    );
    expect(records.map((r) => r.kind)).toEqual(['robots', 'agent', 'categories', 'product']);
    const requests = hits.filter((h) => h.host === 'shop.test').length - before;
    // One turn per request sent (robots.txt, the card, categories, the page), all for this host.
    expect(turns.length).toBe(requests);
    expect(new Set(turns)).toEqual(new Set([domain('shop.test')]));
  });
});
