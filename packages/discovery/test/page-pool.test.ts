import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createExtractionPool,
  type ExtractionPool,
  extractProductIds,
  extractProductIdsOffThread,
  isExtractionPoolError,
} from '../src/index.js';

const PAGE = `<html><head><script type="application/ld+json">{"@type":"Product","sku":"POOL-1","name":"Anvil"}</script></head><body>${'<p>filler</p>'.repeat(30_000)}</body></html>`;
const BIG = `${'<div itemscope itemtype="https://schema.org/Product" itemprop="offers">'.repeat(60_000)}`;

const pools: ExtractionPool[] = [];
function pool(options: Parameters<typeof createExtractionPool>[0] = {}): ExtractionPool {
  const created = createExtractionPool(options);
  pools.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('extraction pool (from TypeScript sources)', () => {
  it('reads a page in a worker exactly as on the event loop, many at once', async () => {
    const workers = pool({ size: 2 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => workers.extract(PAGE, { baseUrl: `https://shop.example/p/${i}` })),
    );
    for (const result of results)
      expect(result).toEqual(extractProductIds(PAGE, { baseUrl: 'https://shop.example/p/0' }));
    expect(results[0]!.chosen?.id).toBe('POOL-1');
  });

  it('stops a worker past the deadline with EXTRACTION_TIMEOUT and goes on with a fresh one', async () => {
    const workers = pool({ size: 1, timeoutMs: 1 });
    const error = await workers.extract(BIG).catch((e: unknown) => e);
    expect(isExtractionPoolError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'EXTRACTION_TIMEOUT' });
    const patient = pool({ size: 1 });
    expect((await patient.extract(PAGE)).chosen?.id).toBe('POOL-1');
  });

  it('reports a worker that runs out of heap as EXTRACTION_WORKER_FAILED', async () => {
    const tight = pool({ size: 1, maxHeapMb: 4, timeoutMs: 60_000 });
    const huge = '<span itemprop="name">x</span>'.repeat(400_000);
    await expect(tight.extract(`<div itemscope itemtype="Product">${huge}`)).rejects.toMatchObject({
      code: 'EXTRACTION_WORKER_FAILED',
    });
  });

  it('drops a queued page on abort, stops a running one, and refuses pages once closed', async () => {
    const workers = pool({ size: 1 });
    const running = new AbortController();
    const queued = new AbortController();
    const first = workers.extract(BIG, { signal: running.signal });
    const second = workers.extract(PAGE, { signal: queued.signal });
    queued.abort(new Error('not wanted'));
    running.abort(new Error('stop'));
    await expect(second).rejects.toMatchObject({ message: 'not wanted' });
    await expect(first).rejects.toMatchObject({ message: 'stop' });
    expect((await workers.extract(PAGE)).chosen?.id).toBe('POOL-1');
    const pending = expect(workers.extract(BIG)).rejects.toMatchObject({ code: 'EXTRACTION_POOL_CLOSED' });
    await workers.close();
    await pending;
    await expect(workers.extract(PAGE)).rejects.toMatchObject({ code: 'EXTRACTION_POOL_CLOSED' });
  });

  it('reads small pages on the event loop and large ones in the pool', async () => {
    const unused: ExtractionPool = {
      size: 1,
      extract: () => Promise.reject(new Error('a small page must not reach the pool')),
      close: async () => {},
    };
    const small = await extractProductIdsOffThread('<link rel="cap-product-id" href="S">', { pool: unused });
    expect(small.chosen?.id).toBe('S');
    const seen: number[] = [];
    const counting: ExtractionPool = {
      size: 1,
      extract: (html) => {
        seen.push(html.length);
        return Promise.resolve(extractProductIds(html));
      },
      close: async () => {},
    };
    await extractProductIdsOffThread(PAGE, { pool: counting, offThreadChars: 1000 });
    expect(seen).toEqual([PAGE.length]);
    expect((await extractProductIdsOffThread(PAGE, { pool: false })).chosen?.id).toBe('POOL-1');
  });
});

describe('extraction pool (from the built dist)', () => {
  const repo = fileURLToPath(new URL('../../../', import.meta.url));
  const packages = ['core', 'http', 'agentcard', 'discovery'];

  function newest(dir: string): number {
    let time = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) time = Math.max(time, newest(path));
      else if (entry.name.endsWith('.ts')) time = Math.max(time, statSync(path).mtimeMs);
    }
    return time;
  }

  /** CI builds before testing; locally a missing or stale dist is built once (a lock keeps test files apart). */
  function ensureBuilt(): void {
    const stale = () =>
      packages.some((p) => {
        const built = `${repo}packages/${p}/dist/index.js`;
        return !existsSync(built) || statSync(built).mtimeMs < newest(`${repo}packages/${p}/src`);
      });
    if (!stale()) return;
    const lock = `${repo}packages/discovery/.pool-build.lock`;
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        mkdirSync(lock);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error('timed out waiting for another test file to build');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
      }
    }
    try {
      if (stale()) {
        execFileSync(
          'pnpm',
          ['exec', 'turbo', 'run', 'build', '--filter=@agentweb/discovery...', '--output-logs=errors-only'],
          {
            cwd: repo,
            stdio: 'inherit',
          },
        );
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }

  it('starts its worker from dist/page/extraction-worker.js', { timeout: 240_000 }, () => {
    ensureBuilt();
    const dist = new URL('../dist/index.js', import.meta.url).href;
    const script = `
      const { createExtractionPool, extractProductIdsOffThread } = await import(${JSON.stringify(dist)});
      const pool = createExtractionPool({ size: 1 });
      const page = '<link rel="cap-product-id" href="FROM-DIST">' + '<p>x</p>'.repeat(50000);
      const inPool = await pool.extract(page);
      const shared = await extractProductIdsOffThread(page, { offThreadChars: 1 });
      await pool.close();
      console.log(JSON.stringify([inPool.chosen.id, shared.chosen.id]));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out.trim())).toEqual(['FROM-DIST', 'FROM-DIST']);
  });
});
