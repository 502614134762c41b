import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { CLI_BIN, ensureCliBuilt, hostPort, runCli, sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

// Interoperability: `agentweb crawl --queue` and two `agentweb crawl-worker` bins on a real redis-server
// (test/interop-suites.json), crawling sandbox storefronts on 127.0.0.1.
const redis = interopSuite(import.meta.url);

interface WorkerBin {
  child: ChildProcess;
  stderr: () => string;
  exit: Promise<number | null>;
}

function startWorkerBin(args: readonly string[]): WorkerBin {
  const child = spawn(process.execPath, [CLI_BIN, 'crawl-worker', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exit };
}

describe.runIf(redis.available)(
  'interop: agentweb crawl --queue with crawl-worker bins on redis-server',
  () => {
    let server: RedisServerHandle;
    let sb: Sandbox;
    let dir: string;
    beforeAll(async () => {
      ensureCliBuilt();
      server = await startRedisServer({ executable: redis.executable });
      sb = await startSandbox({
        merchants: 3,
        seed: 'cli-queue',
        agis: false,
        crawling: { crawlDelaySeconds: 0.05, pageLatency: { minMs: 5, maxMs: 10 } },
      });
      dir = mkdtempSync(join(tmpdir(), 'agentweb-cli-queue-'));
    }, 180_000);
    afterAll(async () => {
      await sb?.close();
      await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('enqueues domains and pages, two workers crawl them, every target gets one JSONL line with provenance', async () => {
      const flags = sandboxFlags(sb);
      const workers = [0, 1].map(() =>
        startWorkerBin(['--queue', server.url, '--concurrency', '2', '--lock-ms', '2000', ...flags]),
      );
      try {
        const domains = join(dir, 'domains.txt');
        writeFileSync(domains, `${hostPort(sb, 0)}\n${hostPort(sb, 1)}\n${hostPort(sb, 1)}\n`);
        const pageUrls = sb.merchants.flatMap((m) =>
          [1, 2, 3].map((i) => `${m.baseUrl}/products/P${String(m.index).padStart(4, '0')}-000${i}`),
        );
        const pages = join(dir, 'pages.txt');
        writeFileSync(pages, `# product pages\n${pageUrls.join('\n')}\n`);
        const out = join(dir, 'out.jsonl');
        const run = await runCli([
          'crawl',
          domains,
          '--pages',
          pages,
          '--queue',
          server.url,
          '--delay',
          '0',
          '--out',
          out,
          ...flags,
        ]);
        expect(run.code).toBe(0);
        const lines = readFileSync(out, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(lines).toHaveLength(2 + pageUrls.length);
        const pageLines = lines.filter((l) => l['kind'] === 'page');
        expect(new Set(pageLines.map((l) => l['url']))).toEqual(new Set(pageUrls));
        for (const line of pageLines) {
          expect(line['outcome']).toBe('found');
          expect(line['productId']).toBe(String(line['url']).split('/').pop());
          expect(line['provenance']).toMatchObject({ sourceUrl: line['url'], status: 200 });
        }
        const domainLines = lines.filter((l) => l['kind'] === undefined);
        expect(domainLines.map((l) => l['domain']).sort()).toEqual([hostPort(sb, 0), hostPort(sb, 1)]);
        for (const line of domainLines) {
          expect(line['outcome']).toBe('found');
          expect((line['robots'] as { crawlDelaySeconds: number }).crawlDelaySeconds).toBe(0.05);
        }
        // Not a terminal: progress comes as plain lines (the first at once), then the summary.
        expect(run.stderr).toMatch(/crawl 0\/11 done, 11 queued, 0 failed/);
        expect(run.stderr).toMatch(/crawl 11\/11 done, 0 queued, 0 failed/);
        expect(run.stderr).toMatch(/pages found\s+9/);
        expect(run.stderr).not.toContain('\r');
        for (const m of sb.merchants) {
          expect(m.stats.crawl.robotsTxtRequests).toBe(1);
          expect(m.stats.crawl.crawlDelayViolations).toBe(0);
        }
      } finally {
        for (const w of workers) w.child.kill('SIGTERM');
      }
      const codes = await Promise.all(workers.map((w) => w.exit));
      expect(codes).toEqual([0, 0]);
      for (const w of workers) {
        expect(w.stderr()).toMatch(/crawl-worker \S+ on queue agentweb-crawl, concurrency 2/);
        expect(w.stderr()).toMatch(/crawl-worker \S+ stopped after \d+ results/);
      }
      const total = workers
        .map((w) => Number(/stopped after (\d+) results/.exec(w.stderr())?.[1]))
        .reduce((a, b) => a + b, 0);
      expect(total).toBe(11);
    }, 120_000);

    it('refuses --pages without --queue and a worker without --queue: usage errors', async () => {
      const pages = join(dir, 'p.txt');
      writeFileSync(pages, `${sb.merchants[0]!.baseUrl}/products/P0000-0001\n`);
      expect((await runInProcess(['crawl', '--pages', pages])).code).toBe(2);
      const worker = await runInProcess(['crawl-worker']);
      expect(worker.code).toBe(2);
      expect(worker.stderr).toContain('--queue');
    });
  },
);
