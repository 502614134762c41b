// Behaviour the in-process and the Redis implementations of the crawl's shared state must both have. Each suite
// runs once with the memory implementation (crawl-state-memory.test.ts) and once on a real redis-server
// (crawl-redis.test.ts), so the two cannot drift.
import type { CrawlHostGate, RobotsStore, StoredRobotsRecord } from '@agentweb/discovery';
import { describe, expect, it } from 'vitest';

/** Makes a fresh gate (and, for Redis, its own keys); `close` ends it. */
export type MakeHostGate = () => Promise<{ gate: CrawlHostGate; close(): Promise<void> }>;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a host gate promises `crawl`: one task per host at a time, spaced from the end of the previous one. */
export function describeHostGateContract(name: string, make: MakeHostGate): void {
  describe(`host gate contract: ${name}`, () => {
    it('runs one task per host at a time and starts the next one delayMs after the previous ended', async () => {
      const { gate, close } = await make();
      try {
        const spans: { start: number; end: number }[] = [];
        const task = async (): Promise<void> => {
          const start = performance.now();
          await sleep(20);
          spans.push({ start, end: performance.now() });
        };
        await Promise.all([1, 2, 3].map(() => gate.run('shop.test', () => 60, task)));
        spans.sort((a, b) => a.start - b.start);
        expect(spans).toHaveLength(3);
        for (let i = 1; i < spans.length; i++)
          // A few ms of slack for timer granularity (the memory gate measures on this clock, Redis on its own).
          expect(spans[i]!.start - spans[i - 1]!.end).toBeGreaterThanOrEqual(55);
      } finally {
        await close();
      }
    });

    it('does not make other hosts wait', async () => {
      const { gate, close } = await make();
      try {
        await gate.run(
          'slow.test',
          () => 10_000,
          async () => {},
        );
        const started = performance.now();
        await gate.run(
          'other.test',
          () => 10_000,
          async () => {},
        );
        expect(performance.now() - started).toBeLessThan(2_000);
      } finally {
        await close();
      }
    });

    it('reads the delay when the task ends, so a Crawl-delay learnt in the task applies', async () => {
      const { gate, close } = await make();
      try {
        let delay = 0;
        let firstEnd = 0;
        await gate.run(
          'learn.test',
          () => delay,
          async () => {
            delay = 150;
            firstEnd = performance.now();
          },
        );
        let secondStart = 0;
        await gate.run(
          'learn.test',
          () => delay,
          async () => {
            secondStart = performance.now();
          },
        );
        expect(secondStart - firstEnd).toBeGreaterThanOrEqual(140);
      } finally {
        await close();
      }
    });

    it('hands on the turn when a task fails, and rejects with the signal reason when aborted while waiting', async () => {
      const { gate, close } = await make();
      try {
        await expect(
          gate.run(
            'fail.test',
            () => 5_000,
            async () => {
              throw new Error('page failed');
            },
          ),
        ).rejects.toThrow('page failed');
        const controller = new AbortController();
        const waiting = gate.run(
          'fail.test',
          () => 5_000,
          async () => 'ran',
          controller.signal,
        );
        setTimeout(() => controller.abort(new Error('stop')), 50);
        await expect(waiting).rejects.toThrow('stop');
      } finally {
        await close();
      }
    });
  });
}

/** Makes a fresh robots store; `close` ends it. */
export type MakeRobotsStore = () => Promise<{ store: RobotsStore; close(): Promise<void> }>;

function stored(origin: string, ttlMs: number, extra: Partial<StoredRobotsRecord> = {}): StoredRobotsRecord {
  return {
    origin,
    sourceUrl: `${origin}/robots.txt`,
    outcome: 'parsed',
    status: 200,
    sha256: 'a'.repeat(64),
    fetchedAt: new Date().toISOString(),
    text: 'User-agent: *\nDisallow: /cart\nCrawl-delay: 2\n',
    expiresAt: Date.now() + ttlMs,
    ...extra,
  };
}

/** What a robots store promises `createRobotsPolicy`: records back as written, per origin, until they expire. */
export function describeRobotsStoreContract(name: string, make: MakeRobotsStore): void {
  describe(`robots store contract: ${name}`, () => {
    it('gives back what was set, per origin, and nothing for an origin never set', async () => {
      const { store, close } = await make();
      try {
        const record = stored('http://a.test:8080', 60_000);
        await store.set(record);
        await store.set(stored('http://b.test', 60_000, { outcome: 'unreachable', text: undefined }));
        expect(await store.get('http://a.test:8080')).toEqual(record);
        expect((await store.get('http://b.test'))?.outcome).toBe('unreachable');
        expect(await store.get('http://c.test')).toBeUndefined();
        // Origins that differ only in characters a key might confuse stay apart.
        expect(await store.get('http://a.test:8080:')).toBeUndefined();
      } finally {
        await close();
      }
    });

    it('forgets a record once it expires, and keeps none that has already expired', async () => {
      const { store, close } = await make();
      try {
        await store.set(stored('http://short.test', 80));
        await store.set(stored('http://past.test', -1));
        expect(await store.get('http://short.test')).toBeDefined();
        expect(await store.get('http://past.test')).toBeUndefined();
        await sleep(150);
        expect(await store.get('http://short.test')).toBeUndefined();
      } finally {
        await close();
      }
    });
  });
}
