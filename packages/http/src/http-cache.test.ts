import { describe, expect, it } from 'vitest';
import { parseCacheControl } from './cache-control.js';
import { HttpCache, type StorableResponse } from './http-cache.js';

const now = Date.parse('2025-01-01T00:00:00Z');

function response(status: number, headers: Record<string, string>, size = 10): StorableResponse {
  return {
    status,
    headers: new Headers(headers),
    bytes: new Uint8Array(size),
    sha256: 'x',
    finalUrl: 'https://a.test/x',
    redirects: [],
    fetchedAt: new Date(now).toISOString(),
  };
}

describe('parseCacheControl', () => {
  it('reads the directives it acts on and ignores the rest', () => {
    expect(parseCacheControl('public, max-age=60, no-cache')).toEqual({
      maxAge: 60,
      noStore: false,
      noCache: true,
      private: false,
      sMaxAge: undefined,
    });
    expect(parseCacheControl('private, s-maxage=30, max-age=60')).toMatchObject({
      private: true,
      sMaxAge: 30,
      maxAge: 60,
    });
    expect(parseCacheControl('no-store')).toMatchObject({ noStore: true });
    expect(parseCacheControl('max-age=abc').maxAge).toBe(0);
    expect(parseCacheControl(null).maxAge).toBeUndefined();
  });
});

describe('HttpCache', () => {
  it('keeps max-age responses fresh until they age out, counting Age', () => {
    const cache = new HttpCache();
    const entry = cache.store(
      'u',
      response(200, { 'cache-control': 'max-age=60', age: '50' }),
      undefined,
      now,
    )!;
    expect(cache.isFresh(entry, now + 9_000)).toBe(true);
    expect(cache.isFresh(entry, now + 10_000)).toBe(false);
    expect(cache.ttlSeconds(entry, now)).toBe(10);
  });

  it('does not store no-store, Vary: *, or stale responses without validators', () => {
    const cache = new HttpCache();
    expect(
      cache.store('a', response(200, { 'cache-control': 'no-store, max-age=60' }), undefined, now),
    ).toBeUndefined();
    expect(
      cache.store('b', response(200, { 'cache-control': 'max-age=60', vary: '*' }), undefined, now),
    ).toBeUndefined();
    expect(cache.store('c', response(200, {}), undefined, now)).toBeUndefined();
    expect(
      cache.store('d', response(500, { 'cache-control': 'max-age=60' }), undefined, now),
    ).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stores no-cache and validator-only responses for revalidation', () => {
    const cache = new HttpCache();
    const entry = cache.store(
      'a',
      response(200, { 'cache-control': 'max-age=60, no-cache', etag: '"1"' }),
      undefined,
      now,
    )!;
    expect(cache.isFresh(entry, now)).toBe(false);
    const lm = cache.store(
      'b',
      response(200, { 'last-modified': 'Tue, 31 Dec 2024 00:00:00 GMT' }),
      undefined,
      now,
    )!;
    expect(cache.isFresh(lm, now)).toBe(false);
  });

  it('uses Expires relative to Date, the heuristic TTL, and the negative TTL', () => {
    const cache = new HttpCache({ heuristicTtlMs: 5_000, negativeTtlMs: 2_000 });
    const expires = cache.store(
      'a',
      response(200, { date: 'Wed, 01 Jan 2025 00:00:00 GMT', expires: 'Wed, 01 Jan 2025 00:00:30 GMT' }),
      undefined,
      now,
    )!;
    expect(expires.freshnessMs).toBe(30_000);
    expect(cache.store('b', response(200, {}), undefined, now)?.freshnessMs).toBe(5_000);
    expect(cache.store('c', response(404, {}), undefined, now)?.freshnessMs).toBe(2_000);
    expect(
      cache.store('d', response(410, { 'cache-control': 'max-age=9' }), undefined, now)?.freshnessMs,
    ).toBe(9_000);
  });

  it('matches Vary request headers', () => {
    const cache = new HttpCache();
    cache.store(
      'a',
      response(200, { 'cache-control': 'max-age=60', vary: 'Accept' }),
      (n) => (n === 'accept' ? 'text/html' : null),
      now,
    );
    expect(cache.get('a', (n) => (n === 'accept' ? 'text/html' : null))).toBeDefined();
    expect(cache.get('a', (n) => (n === 'accept' ? 'application/json' : null))).toBeUndefined();
  });

  it('refreshes a stale entry from a 304', () => {
    const cache = new HttpCache();
    const entry = cache.store(
      'a',
      response(200, { 'cache-control': 'max-age=0', etag: '"1"' }),
      undefined,
      now,
    )!;
    cache.refresh(entry, new Headers({ 'cache-control': 'max-age=60', etag: '"1"' }), now + 1000);
    expect(cache.isFresh(entry, now + 2000)).toBe(true);
    expect(entry.headers.get('cache-control')).toBe('max-age=60');
  });

  it('is bounded by entries and by bytes', () => {
    const byCount = new HttpCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c'])
      byCount.store(key, response(200, { 'cache-control': 'max-age=60' }), undefined, now);
    expect(byCount.size).toBe(2);
    expect(byCount.get('a')).toBeUndefined();

    const byBytes = new HttpCache({ maxBytes: 5_000 });
    for (const key of ['a', 'b', 'c'])
      byBytes.store(key, response(200, { 'cache-control': 'max-age=60' }, 2_000), undefined, now);
    expect(byBytes.bytes).toBeLessThanOrEqual(5_000);
    expect(byBytes.size).toBe(1);
    expect(
      byBytes.store('big', response(200, { 'cache-control': 'max-age=60' }, 10_000), undefined, now),
    ).toBeUndefined();
  });
});
