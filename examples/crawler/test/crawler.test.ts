import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSandbox } from '../src/crawl-sandbox.js';
import { DomainListError, parseDomainList } from '../src/domain-list.js';

type Line = Record<string, unknown> & {
  kind: string;
  domain: string;
  code?: string;
  outcome?: string;
  provenance?: { sourceUrl: string; fetchedAt: string; sha256?: string; agentCardUrl?: string };
};

describe('parseDomainList', () => {
  it('keeps one host per entry, drops comments, blanks and repeats, reduces URLs to hosts', () => {
    const text = '# shops\nShop.Example\n\nhttps://books.example:8443/path?q=1\nshop.example # again\n';
    expect(parseDomainList(text)).toEqual(['shop.example', 'books.example:8443']);
  });

  it('names the line of an entry that is not a domain', () => {
    expect(() => parseDomainList('ok.example\nnot a domain\n')).toThrow(DomainListError);
    expect(() => parseDomainList('ok.example\nnot a domain\n')).toThrow(/^line 2: /);
  });
});

describe('crawler against the sandbox', () => {
  let sb: Sandbox;
  let closed: Server;
  let closedHost: string;
  const closedPaths: string[] = [];

  beforeAll(async () => {
    sb = await startSandbox({ merchants: 2, seed: 'crawler-test' });
    // A site that shuts every crawler out but still serves a card: the crawler must not read the card.
    closed = createServer((req, res) => {
      closedPaths.push(req.url ?? '');
      if (req.url === '/robots.txt')
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"should not be read"}');
    });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    // The sandbox lookup maps `localhost` to 127.0.0.1, so this reaches the server above.
    closedHost = `localhost:${(closed.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await sb?.close();
    await new Promise<void>((resolve) => (closed ? closed.close(() => resolve()) : resolve()));
  });

  it('writes JSONL with provenance: cards found, a missing domain and a robots-closed site as error lines', async () => {
    const out = new PassThrough();
    const text: string[] = [];
    out.on('data', (chunk: Buffer) => text.push(chunk.toString('utf8')));
    const progress = new PassThrough();
    const progressText: string[] = [];
    progress.on('data', (chunk: Buffer) => progressText.push(chunk.toString('utf8')));
    const shops = sb.merchants.map((m) => new URL(m.baseUrl).host);

    const summary = await crawlSandbox({
      sandbox: sb,
      domains: [...shops, 'missing.sandbox.test', closedHost],
      out,
      progress,
      concurrency: 2,
    });

    const lines = text
      .join('')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Line);
    expect(lines.length).toBe(summary.records);
    for (const line of lines) {
      if (line.kind !== 'error') {
        expect(line.provenance?.sourceUrl).toMatch(/^http:\/\//);
        expect(Number.isNaN(Date.parse(line.provenance?.fetchedAt ?? ''))).toBe(false);
      }
    }

    for (const [i, merchant] of sb.merchants.entries()) {
      const host = shops[i];
      const agent = lines.find((l) => l.kind === 'agent' && l.domain === host);
      expect(agent?.provenance?.agentCardUrl).toBe(merchant.cardUrl);
      expect(agent?.provenance?.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(agent?.agent).toMatchObject({ cap: { supported: true } });
      expect(lines.find((l) => l.kind === 'robots' && l.domain === host)?.outcome).toBe('parsed');
    }
    expect(summary.agents.sort()).toEqual([...shops].sort());

    expect(lines.some((l) => l.domain === 'missing.sandbox.test' && l.kind === 'agent')).toBe(false);
    expect(summary.failed['missing.sandbox.test']).toBeDefined();

    expect(lines.find((l) => l.kind === 'robots' && l.domain === closedHost)?.outcome).toBe('parsed');
    expect(lines.some((l) => l.kind === 'agent' && l.domain === closedHost)).toBe(false);
    expect(
      lines.find((l) => l.kind === 'error' && l.domain === closedHost && l.stage === 'agent')?.code,
    ).toBe('ROBOTS_DISALLOWED');
    // Only robots.txt was read there: robots.txt was obeyed for the card fetches too.
    expect(new Set(closedPaths)).toEqual(new Set(['/robots.txt']));

    expect(progressText.join('')).toContain('4/4 domains done');
  });
});
