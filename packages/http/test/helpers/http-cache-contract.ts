import { describe, expect, it } from 'vitest';
import type { HttpCacheStore, StorableResponse } from '../../src/index.js';

/** Limits every store under test takes (the in-memory `HttpCache` and the Redis store name them alike). */
export interface ContractStoreOptions {
  heuristicTtlMs?: number;
  negativeTtlMs?: number;
  maxEntryBytes?: number;
}

/** How the contract makes the store under test. */
export interface HttpCacheContractSubject {
  /** An empty store with these limits (each call a fresh, isolated one). */
  make(options?: ContractStoreOptions): HttpCacheStore | Promise<HttpCacheStore>;
  /**
   * True for a store shared by many users (RFC 9111 §3.5): it must refuse `private` responses and prefer
   * `s-maxage`; a private store does neither.
   */
  shared: boolean;
}

const now = Date.parse('2025-01-01T00:00:00Z');
const URL_A = 'https://shop.test/a';

function response(
  status: number,
  headers: Record<string, string> | [string, string][],
  body: Uint8Array | number = 10,
): StorableResponse {
  return {
    status,
    headers: new Headers(headers),
    bytes: typeof body === 'number' ? new Uint8Array(body).fill(7) : body,
    sha256: 'sha-of-body',
    finalUrl: 'https://shop.test/final',
    redirects: [],
    fetchedAt: new Date(now).toISOString(),
  };
}

const header =
  (values: Record<string, string>) =>
  (name: string): string | null =>
    values[name] ?? null;

/**
 * The behaviour every `HttpCacheStore` shares: RFC 9111 storage and freshness rules, `Vary`, 304 refresh, the
 * per-entry byte cap, faithful round trips of bodies and headers, and key isolation. Run once per implementation
 * (in memory in an ordinary test file, on Redis inside its interop suite) so the two cannot drift.
 */
export function describeHttpCacheContract(name: string, subject: HttpCacheContractSubject): void {
  describe(`HttpCacheStore contract: ${name}`, () => {
    it('keeps max-age responses fresh until they age out, counting Age', async () => {
      const cache = await subject.make();
      await cache.store(URL_A, response(200, { 'cache-control': 'max-age=60', age: '50' }), undefined, now);
      const entry = (await cache.get(URL_A))!;
      expect(entry).toBeDefined();
      expect(cache.isFresh(entry, now + 9_000)).toBe(true);
      expect(cache.isFresh(entry, now + 10_000)).toBe(false);
      expect(cache.ttlSeconds(entry, now)).toBe(10);
    });

    it('does not store no-store, Vary: *, uncacheable statuses or stale answers without validators', async () => {
      const cache = await subject.make();
      const refused: [string, StorableResponse][] = [
        ['https://shop.test/no-store', response(200, { 'cache-control': 'no-store, max-age=60' })],
        ['https://shop.test/vary-star', response(200, { 'cache-control': 'max-age=60', vary: '*' })],
        ['https://shop.test/stale', response(200, {})],
        ['https://shop.test/500', response(500, { 'cache-control': 'max-age=60' })],
      ];
      for (const [url, answer] of refused) {
        expect(await cache.store(url, answer, undefined, now)).toBeUndefined();
        expect(await cache.get(url)).toBeUndefined();
      }
    });

    it('replaces an entry with nothing when the new answer may not be stored', async () => {
      const cache = await subject.make();
      await cache.store(URL_A, response(200, { 'cache-control': 'max-age=60' }), undefined, now);
      expect(await cache.get(URL_A)).toBeDefined();
      await cache.store(URL_A, response(200, { 'cache-control': 'no-store' }), undefined, now);
      expect(await cache.get(URL_A)).toBeUndefined();
    });

    it('stores no-cache and validator-only answers for revalidation, never fresh', async () => {
      const cache = await subject.make();
      const etag = (await cache.store(
        URL_A,
        response(200, { 'cache-control': 'max-age=60, no-cache', etag: '"1"' }),
        undefined,
        now,
      ))!;
      expect(cache.isFresh(etag, now)).toBe(false);
      const lastModified = 'https://shop.test/lm';
      await cache.store(
        lastModified,
        response(200, { 'last-modified': 'Tue, 31 Dec 2024 00:00:00 GMT' }),
        undefined,
        now,
      );
      const stored = (await cache.get(lastModified))!;
      expect(stored.headers.get('last-modified')).toBe('Tue, 31 Dec 2024 00:00:00 GMT');
      expect(cache.isFresh(stored, now)).toBe(false);
      expect((await cache.get(URL_A))?.mustRevalidate).toBe(true);
    });

    it('uses Expires relative to Date, the heuristic TTL and the negative TTL', async () => {
      const cache = await subject.make({ heuristicTtlMs: 5_000, negativeTtlMs: 2_000 });
      await cache.store(
        'https://shop.test/expires',
        response(200, {
          date: 'Wed, 01 Jan 2025 00:00:00 GMT',
          expires: 'Wed, 01 Jan 2025 00:00:30 GMT',
        }),
        undefined,
        now,
      );
      await cache.store('https://shop.test/heuristic', response(200, {}), undefined, now);
      await cache.store('https://shop.test/404', response(404, {}), undefined, now);
      await cache.store(
        'https://shop.test/410',
        response(410, { 'cache-control': 'max-age=9' }),
        undefined,
        now,
      );
      expect((await cache.get('https://shop.test/expires'))?.freshnessMs).toBe(30_000);
      expect((await cache.get('https://shop.test/heuristic'))?.freshnessMs).toBe(5_000);
      const negative = (await cache.get('https://shop.test/404'))!;
      expect(negative.status).toBe(404);
      expect(negative.freshnessMs).toBe(2_000);
      expect((await cache.get('https://shop.test/410'))?.freshnessMs).toBe(9_000);
    });

    it('serves an entry only to requests whose Vary headers match', async () => {
      const cache = await subject.make();
      await cache.store(
        URL_A,
        response(200, { 'cache-control': 'max-age=60', vary: 'Accept, Accept-Language' }),
        header({ accept: 'text/html' }),
        now,
      );
      expect(await cache.get(URL_A, header({ accept: 'text/html' }))).toBeDefined();
      expect(await cache.get(URL_A, header({ accept: 'application/json' }))).toBeUndefined();
      expect(
        await cache.get(URL_A, header({ accept: 'text/html', 'accept-language': 'de' })),
      ).toBeUndefined();
      expect(await cache.get(URL_A)).toBeUndefined();
    });

    it('refreshes a stale entry from a 304: merged headers (not the body framing), freshness restarted, kept', async () => {
      const cache = await subject.make();
      await cache.store(
        URL_A,
        response(200, { 'cache-control': 'max-age=0', etag: '"1"', 'content-type': 'application/json' }),
        undefined,
        now,
      );
      const stale = (await cache.get(URL_A))!;
      expect(cache.isFresh(stale, now)).toBe(false);
      const refreshed = await cache.refresh(
        stale,
        new Headers({ 'cache-control': 'max-age=60', etag: '"1"', 'content-type': 'text/plain' }),
        now + 1_000,
      );
      expect(cache.isFresh(refreshed, now + 2_000)).toBe(true);
      expect(refreshed.headers.get('content-type')).toBe('application/json');
      const again = (await cache.get(URL_A))!;
      expect(again.headers.get('cache-control')).toBe('max-age=60');
      expect(cache.isFresh(again, now + 2_000)).toBe(true);
      expect(again.bytes).toEqual(stale.bytes);
    });

    it('drops the entry when a 304 says no-store', async () => {
      const cache = await subject.make();
      await cache.store(URL_A, response(200, { 'cache-control': 'max-age=0', etag: '"1"' }), undefined, now);
      const stale = (await cache.get(URL_A))!;
      await cache.refresh(stale, new Headers({ 'cache-control': 'no-store' }), now + 1_000);
      expect(await cache.get(URL_A)).toBeUndefined();
    });

    it('stores no entry larger than maxEntryBytes, and drops the old one for that URL', async () => {
      const cache = await subject.make({ maxEntryBytes: 8_192 });
      const fresh = { 'cache-control': 'max-age=60' };
      expect(await cache.store(URL_A, response(200, fresh, 1_000), undefined, now)).toBeDefined();
      expect((await cache.get(URL_A))?.bytes.byteLength).toBe(1_000);
      expect(await cache.store(URL_A, response(200, fresh, 20_000), undefined, now)).toBeUndefined();
      expect(await cache.get(URL_A)).toBeUndefined();
    });

    it('returns bodies byte for byte and every stored field', async () => {
      const cache = await subject.make();
      const body = new Uint8Array(512).map((_, i) => i % 256);
      const stored: StorableResponse = {
        ...response(
          200,
          [
            ['cache-control', 'max-age=60'],
            ['content-type', 'application/octet-stream'],
            ['link', '<a>; rel=x'],
            ['link', '<b>; rel=y'],
          ],
          body,
        ),
        redirects: ['https://shop.test/old', 'https://shop.test/older'],
      };
      await cache.store(URL_A, stored, undefined, now);
      const entry = (await cache.get(URL_A))!;
      expect([...entry.bytes]).toEqual([...body]);
      expect(entry).toMatchObject({
        url: URL_A,
        status: 200,
        sha256: 'sha-of-body',
        finalUrl: 'https://shop.test/final',
        redirects: ['https://shop.test/old', 'https://shop.test/older'],
        fetchedAt: new Date(now).toISOString(),
        responseTime: now,
        freshnessMs: 60_000,
      });
      expect(entry.headers.get('link')).toBe('<a>; rel=x, <b>; rel=y');
      expect(entry.headers.get('content-type')).toBe('application/octet-stream');
    });

    it('keeps URLs apart, whatever characters they hold', async () => {
      const cache = await subject.make();
      const urls = [
        'https://shop.test/x:y',
        'https://shop.test/x%3Ay',
        'https://shop.test/x{1}',
        'https://shop.test:8443/x:y',
        'https://other.test/x:y',
      ];
      for (const [i, url] of urls.entries())
        await cache.store(url, response(200, { 'cache-control': 'max-age=60' }, i + 1), undefined, now);
      for (const [i, url] of urls.entries()) expect((await cache.get(url))?.bytes.byteLength).toBe(i + 1);
    });

    it('deletes one entry and clears all', async () => {
      const cache = await subject.make();
      const fresh = response(200, { 'cache-control': 'max-age=60' });
      await cache.store(URL_A, fresh, undefined, now);
      await cache.store('https://shop.test/b', fresh, undefined, now);
      expect(await cache.delete(URL_A)).toBe(true);
      expect(await cache.delete(URL_A)).toBe(false);
      expect(await cache.get(URL_A)).toBeUndefined();
      expect(await cache.get('https://shop.test/b')).toBeDefined();
      await cache.clear();
      expect(await cache.get('https://shop.test/b')).toBeUndefined();
    });

    it(
      subject.shared
        ? 'as a shared cache, refuses private answers and prefers s-maxage'
        : 'as a private cache, stores private answers and ignores s-maxage',
      async () => {
        const cache = await subject.make();
        await cache.store(URL_A, response(200, { 'cache-control': 'private, max-age=60' }), undefined, now);
        const shared = 'https://shop.test/shared';
        await cache.store(
          shared,
          response(200, { 'cache-control': 's-maxage=5, max-age=60' }),
          undefined,
          now,
        );
        if (subject.shared) {
          expect(await cache.get(URL_A)).toBeUndefined();
          expect((await cache.get(shared))?.freshnessMs).toBe(5_000);
        } else {
          expect(await cache.get(URL_A)).toBeDefined();
          expect((await cache.get(shared))?.freshnessMs).toBe(60_000);
        }
      },
    );
  });
}
