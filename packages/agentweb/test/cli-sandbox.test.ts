import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCliBuilt, hostPort, runCli, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

// The built bin runs one case per command family (human output, a real non-terminal stdin and stderr); the other
// cases call the same runCli in process, which saves a process start each.
let sb: Sandbox;
let flags: string[];
let dir: string;

beforeAll(async () => {
  ensureCliBuilt();
  sb = await startSandbox({ merchants: 3, seed: 'cli' });
  flags = sandboxFlags(sb);
  dir = mkdtempSync(join(tmpdir(), 'agentweb-cli-sb-'));
}, 180_000);

afterAll(async () => {
  await sb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('discover', () => {
  it('prints the trace table and the profile found, exit 0', async () => {
    const run = await runCli(['discover', hostPort(sb, 0), ...flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${hostPort(sb, 0)}: found`);
    expect(run.stdout).toMatch(/mechanism\s+target\s+outcome\s+elapsed/);
    expect(run.stdout).toMatch(/dns-txt\s+_cap\.shop-0\.sandbox\.test\s+pointer/);
    expect(run.stdout).toMatch(/CAP skills:\s+.*cap:product_search/);
    expect(run.stdout).toContain(sb.merchants[0]!.cardUrl);
  });

  it('--json: one result per domain; an unknown domain is not found, exit 1', async () => {
    const run = await runInProcess([
      'discover',
      hostPort(sb, 1),
      `nowhere.sandbox.test:${sb.http.port}`,
      '--json',
      ...flags,
    ]);
    expect(run.code).toBe(1);
    const { results } = JSON.parse(run.stdout) as {
      results: {
        domain: string;
        ok: boolean;
        provenance?: { source: string };
        trace: { outcome: string }[];
        error?: { code: string };
      }[];
    };
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ ok: true, provenance: { source: sb.merchants[1]!.cardUrl } });
    expect(results[1]!.ok).toBe(false);
    expect(results[1]!.error?.code).toBe('DISCOVERY_FAILED');
    expect(results[1]!.trace.length).toBeGreaterThan(0);
  });

  it('an unreachable host (nothing listens) is a network failure, exit 3', async () => {
    const run = await runInProcess(['discover', 'unknown.sandbox.test:1', '--timeout', '5000', ...flags]);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/link-tag\s+http:\/\/unknown\.sandbox\.test:1\/\s+error/);
  });
});

describe('card validate (URL)', () => {
  it('fetches and validates a merchant card, exit 0', async () => {
    const run = await runInProcess(['card', 'validate', sb.merchants[0]!.cardUrl, '--json', ...flags]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      valid: boolean;
      format: string;
      profile: { cap: { skills: string[] } };
    };
    expect(report).toMatchObject({ valid: true, format: 'a2a' });
    expect(report.profile.cap.skills).toContain('cap:product_search');
  });

  it('refuses http: without --allow-http: a network-policy failure, exit 3', async () => {
    const run = await runInProcess([
      'card',
      'validate',
      sb.merchants[0]!.cardUrl,
      '--resolve',
      '*.sandbox.test=127.0.0.1',
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: /);
  });
});

describe('search and product', () => {
  it('search: a products table and one outcome per merchant; --json parses', async () => {
    const args = [
      'search',
      'shirt',
      '--merchant',
      hostPort(sb, 0),
      '--merchant',
      hostPort(sb, 1),
      '--limit',
      '5',
    ];
    const human = await runCli([...args, ...flags]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/merchant\s+id\s+name\s+price/);
    expect(human.stdout).toMatch(/merchant\s+status\s+products\s+elapsed/);
    const json = await runInProcess([...args, '--json', ...flags]);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as {
      products: { merchantId: string; product: { id: string; name: string } }[];
      outcomes: { status: string }[];
    };
    expect(result.outcomes).toHaveLength(2);
    expect(result.outcomes.every((o) => o.status === 'ok')).toBe(true);
    for (const p of result.products) expect(human.stdout).toContain(p.product.id);
  });

  it('search: no merchant can be found, exit 1 with the error as JSON on stdout under --json', async () => {
    const run = await runInProcess([
      'search',
      'shirt',
      '--merchant',
      `nowhere.sandbox.test:${sb.http.port}`,
      '--json',
      ...flags,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: AGENTWEB_UNKNOWN_MERCHANT: /);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'AGENTWEB_UNKNOWN_MERCHANT' } });
  });

  it('product: a product page URL gives the id, the merchant and the product fields', async () => {
    const m = sb.merchants[2]!;
    // The sitemap lists the home page, then every product page.
    const sitemap = await (await sb.fetch(`${m.baseUrl}/sitemap.xml`)).text();
    const page = [...sitemap.matchAll(/<loc>([^<]+\/products\/[^<]+)<\/loc>/g)][0]![1]!;
    const id = decodeURIComponent(page.slice(page.lastIndexOf('/') + 1));
    const human = await runInProcess(['product', page, ...flags]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`product id:\\s+${id}`));
    expect(human.stdout).toMatch(/merchant:\s+\S/);
    expect(human.stdout).toMatch(/offer\s+price\s+currency/);
    const json = await runInProcess(['product', page, '--json', ...flags]);
    const found = JSON.parse(json.stdout) as {
      productId: string;
      source: string;
      product: { id: string; name: string };
    };
    expect(found).toMatchObject({ productId: id, source: 'page', product: { id } });
    expect(human.stdout).toContain(found.product.name);
  });
});

describe('intent against a sandbox AGIS service', () => {
  const instruction = 'book a table at The Copper Pot for 2 people tomorrow at 7pm';
  const input = JSON.stringify({ restaurant: 'copper-pot', party_size: 2, datetime: '2031-05-04T19:00:00Z' });

  it('loads the service by its origin and ranks BOOK /reservation first', async () => {
    const service = sb.agis[0]!;
    const run = await runInProcess(['intent', instruction, '--service', service.baseUrl, '--json', ...flags]);
    expect(run.code).toBe(0);
    const match = JSON.parse(run.stdout) as {
      candidates: { method: string; path: string; needsConfirmation: boolean }[];
    };
    expect(match.candidates[0]).toMatchObject({
      method: 'BOOK',
      path: '/reservation',
      needsConfirmation: true,
    });
  });

  it('--invoke without a terminal and without --yes refuses, sends nothing, exit 1', async () => {
    const service = sb.agis[0]!;
    const before = service.stats.requests;
    const run = await runCli([
      'intent',
      instruction,
      '--service',
      service.baseUrl,
      '--invoke',
      '--input',
      input,
      ...flags,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: CLI_CONFIRMATION_REQUIRED: BOOK \/reservation needs confirmation/);
    // Loading reads the summary and the document; the endpoint itself is never called.
    expect(Object.values(service.stats.calls).reduce((a, b) => a + b, 0)).toBe(0);
    expect(service.stats.requests - before).toBeLessThanOrEqual(2);
  });

  it('--invoke --yes calls the endpoint and prints its answer, exit 0', async () => {
    const service = sb.agis[0]!;
    const run = await runInProcess([
      'intent',
      instruction,
      '--service',
      service.baseUrl,
      '--invoke',
      '--yes',
      '--input',
      input,
      '--json',
      ...flags,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { invocation: { status: number; data: { status: string } } };
    expect(out.invocation.status).toBe(200);
    expect(out.invocation.data.status).toBe('confirmed');
    expect(service.stats.calls['BOOK /reservation']).toBe(1);
  });
});

describe('crawl', () => {
  it('one JSONL line per domain with outcome and provenance; robots.txt read first; exit 0', async () => {
    const list = join(dir, 'domains.txt');
    writeFileSync(
      list,
      [
        '# sandbox merchants and one unknown host',
        hostPort(sb, 0),
        '',
        `${hostPort(sb, 1)}   # trailing comment`,
        `unknown.sandbox.test:${sb.http.port}`,
        hostPort(sb, 0),
      ].join('\n'),
    );
    const out = join(dir, 'index.jsonl');
    const toFile = await runCli([
      'crawl',
      list,
      '--out',
      out,
      '--delay',
      '0',
      '--concurrency',
      '2',
      ...flags,
    ]);
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toBe('');
    // Not a terminal: no progress bar drawn, only the summary.
    expect(toFile.stderr).not.toContain('\r');
    expect(toFile.stderr).toMatch(/found\s+2/);
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    const byDomain = new Map(lines.map((l) => [l['domain'] as string, l]));
    const found = byDomain.get(hostPort(sb, 0)) as unknown as {
      outcome: string;
      agent: {
        cardUrl: string;
        capSkills: string[];
        provenance: { sourceUrl: string; sha256: string; fetchedAt: string };
      };
      robots: { outcome: string; provenance: { sourceUrl: string } };
    };
    expect(found.outcome).toBe('found');
    expect(found.agent.cardUrl).toBe(sb.merchants[0]!.cardUrl);
    expect(found.agent.capSkills).toContain('cap:product_search');
    expect(found.agent.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(found.robots.provenance.sourceUrl).toBe(`${sb.merchants[0]!.baseUrl}/robots.txt`);
    expect(
      (byDomain.get(`unknown.sandbox.test:${sb.http.port}`) as unknown as { outcome: string }).outcome,
    ).toBe('not-found');

    const toStdout = await runInProcess(['crawl', list, '--delay', '0', ...flags]);
    expect(toStdout.code).toBe(0);
    expect(toStdout.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('obeys robots.txt: a site that shuts crawlers out is robots-disallowed and only its robots.txt is read', async () => {
    const paths: string[] = [];
    const closed = createServer((req, res) => {
      paths.push(req.url ?? '');
      if (req.url === '/robots.txt')
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"must not be read"}');
    });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    try {
      const host = `closed.test:${(closed.address() as AddressInfo).port}`;
      const list = join(dir, 'closed.txt');
      writeFileSync(list, `${host}\n`);
      const run = await runInProcess([
        'crawl',
        list,
        '--delay',
        '0',
        ...flags,
        '--resolve',
        'closed.test=127.0.0.1',
      ]);
      expect(run.code).toBe(1);
      const line = JSON.parse(run.stdout.trim()) as {
        outcome: string;
        agent: unknown;
        robots: { provenance: { sourceUrl: string } };
        errors: { code: string }[];
      };
      expect(line.outcome).toBe('robots-disallowed');
      expect(line.agent).toBeNull();
      expect(line.robots.provenance.sourceUrl).toBe(`http://${host}/robots.txt`);
      expect(line.errors.map((e) => e.code)).toContain('ROBOTS_DISALLOWED');
      expect(new Set(paths)).toEqual(new Set(['/robots.txt']));
    } finally {
      await new Promise<void>((resolve) => {
        closed.close(() => resolve());
        closed.closeAllConnections();
      });
    }
  });

  it('a list of only unknown domains finds nothing, exit 1; an empty list is a usage error', async () => {
    const unknown = join(dir, 'unknown.txt');
    writeFileSync(unknown, `nobody.sandbox.test:${sb.http.port}\n`);
    const run = await runInProcess(['crawl', unknown, '--delay', '0', ...flags]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ outcome: 'not-found', agent: null });
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '# nothing\n\n');
    expect((await runInProcess(['crawl', empty, ...flags])).code).toBe(2);
  });
});
