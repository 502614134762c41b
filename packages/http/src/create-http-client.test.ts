import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './create-http-client.js';
import {
  isBlockedAddressError,
  isBodyTooLargeError,
  isContentTypeError,
  isHttpStatusError,
  isJsonParseError,
  isNetworkError,
  isRedirectPolicyError,
  isTimeoutError,
  isUrlPolicyError,
} from './errors.js';
import type { FetchFunction } from './guarded-fetch.js';
import type { HttpClientOptions } from './http-client-options.js';
import type { LookupFunction } from './lookup.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const BASE = 'https://agent.example';
// Resolves every name to a public documentation-free address without touching DNS.
const publicLookup: LookupFunction = (_host, _options, callback) =>
  callback(null, [{ address: '93.184.215.14', family: 4 }]);

function client(options: HttpClientOptions = {}) {
  return createHttpClient({
    fetch: 'global',
    lookup: publicLookup,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

function endlessStream(chunkSize: number): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new Uint8Array(chunkSize));
    },
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('getJson', () => {
  it('parses JSON and reports provenance', async () => {
    server.use(http.get(`${BASE}/card.json`, () => HttpResponse.json({ name: 'shop' })));
    const result = await client().getJson<{ name: string }>(`${BASE}/card.json`);
    expect(result.data).toEqual({ name: 'shop' });
    expect(result.status).toBe(200);
    expect(result.provenance).toMatchObject({
      url: `${BASE}/card.json`,
      finalUrl: `${BASE}/card.json`,
      redirects: [],
      status: 200,
      contentType: 'application/json',
      bytes: 15,
      sha256: createHash('sha256').update('{"name":"shop"}').digest('hex'),
      fromCache: false,
      revalidated: false,
    });
    expect(Date.parse(result.provenance.fetchedAt)).not.toBeNaN();
    expect(result.provenance.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('accepts +json media types and refuses others with ContentTypeError', async () => {
    server.use(
      http.get(
        `${BASE}/ld`,
        () =>
          new HttpResponse('{"a":1}', { headers: { 'content-type': 'application/ld+json; charset=utf-8' } }),
      ),
      http.get(
        `${BASE}/html`,
        () => new HttpResponse('<html>', { headers: { 'content-type': 'text/html' } }),
      ),
      http.get(`${BASE}/none`, () => new HttpResponse('{"a":1}', { headers: { 'content-type': '' } })),
    );
    const c = client();
    expect((await c.getJson(`${BASE}/ld`)).data).toEqual({ a: 1 });
    const html = await failure(c.getJson(`${BASE}/html`));
    expect(isContentTypeError(html) && html.received).toBe('text/html');
    expect(isContentTypeError(await failure(c.getJson(`${BASE}/none`)))).toBe(true);
    expect(
      (await c.getJson(`${BASE}/html`, { expectedContentTypes: ['text/*'], cache: false }).catch((e) => e))
        .code,
    ).toBe('JSON_PARSE');
    expect((await c.getJson(`${BASE}/none`, { expectedContentTypes: false })).data).toEqual({ a: 1 });
  });

  it('reports invalid JSON as JsonParseError', async () => {
    server.use(
      http.get(
        `${BASE}/bad`,
        () => new HttpResponse('{nope', { headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect(isJsonParseError(await failure(client().getJson(`${BASE}/bad`)))).toBe(true);
  });

  it('decodes gzip and br bodies', async () => {
    const json = JSON.stringify({ ok: true, pad: 'x'.repeat(500) });
    server.use(
      http.get(`${BASE}/gz`, () =>
        HttpResponse.arrayBuffer(new Uint8Array(gzipSync(json)).buffer, {
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        }),
      ),
      http.get(`${BASE}/br`, () =>
        HttpResponse.arrayBuffer(new Uint8Array(brotliCompressSync(json)).buffer, {
          headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
        }),
      ),
    );
    const c = client();
    const gz = await c.getJson<{ ok: boolean }>(`${BASE}/gz`);
    expect(gz.data.ok).toBe(true);
    expect(gz.provenance.bytes).toBe(json.length);
    expect((await c.getJson<{ ok: boolean }>(`${BASE}/br`)).data.ok).toBe(true);
  });

  it('throws HttpStatusError with status, headers and a capped excerpt', async () => {
    server.use(
      http.get(
        `${BASE}/missing`,
        () =>
          new HttpResponse('not here '.repeat(500), {
            status: 404,
            headers: { 'x-trace': 'abc', 'content-type': 'text/plain' },
          }),
      ),
    );
    const error = await failure(client().getJson(`${BASE}/missing`));
    if (!isHttpStatusError(error)) throw error;
    expect(error.status).toBe(404);
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.isRetryable).toBe(false);
    expect(error.headers.get('x-trace')).toBe('abc');
    expect(error.bodyExcerpt.length).toBe(1024);
    expect(error.url).toBe(`${BASE}/missing`);
  });
});

describe('body cap', () => {
  it('cuts a body that lies about its Content-Length (custom fetch, web stream body)', async () => {
    // msw delays streamed bodies by seconds, so this case uses a middleware-style fetch instead.
    const lying: FetchFunction = async () =>
      new Response(endlessStream(16 * 1024), {
        headers: { 'content-type': 'application/json', 'content-length': '10' },
      });
    const error = await failure(
      client({ fetch: lying }).getJson(`${BASE}/lying`, { maxBodyBytes: 64 * 1024 }),
    );
    expect(isBodyTooLargeError(error) && error.limit).toBe(64 * 1024);
  });

  it('refuses a declared Content-Length over the cap before reading', async () => {
    server.use(
      http.get(
        `${BASE}/big`,
        () => new HttpResponse('x'.repeat(2000), { headers: { 'content-type': 'text/plain' } }),
      ),
    );
    const error = await failure(client().getText(`${BASE}/big`, { maxBodyBytes: 1000 }));
    expect(isBodyTooLargeError(error) && error.received).toBe(2000);
  });

  it('counts decoded bytes, so a compression bomb is cut', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024));
    server.use(
      http.get(`${BASE}/bomb`, () =>
        HttpResponse.arrayBuffer(new Uint8Array(bomb).buffer, {
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        }),
      ),
    );
    expect(isBodyTooLargeError(await failure(client().getJson(`${BASE}/bomb`)))).toBe(true);
  });
});

describe('retries', () => {
  it('retries 503 and 429 honouring Retry-After in seconds and date form', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/flaky`, () => {
        calls++;
        if (calls === 1) return new HttpResponse(null, { status: 503, headers: { 'retry-after': '0' } });
        if (calls === 2) {
          return new HttpResponse(null, {
            status: 429,
            headers: { 'retry-after': new Date(Date.now() - 1000).toUTCString() },
          });
        }
        return HttpResponse.json({ ok: true });
      }),
    );
    const onRetry = vi.fn();
    const result = await client().getJson(`${BASE}/flaky`, { retry: { onRetry } });
    expect(result.data).toEqual({ ok: true });
    expect(calls).toBe(3);
    expect(onRetry).toHaveBeenCalledTimes(2);
    expect(onRetry.mock.calls[0]?.[0]).toMatchObject({
      retry: 1,
      status: 503,
      delayMs: 0,
      fromRetryAfter: true,
    });
    expect(onRetry.mock.calls[1]?.[0]).toMatchObject({
      retry: 2,
      status: 429,
      delayMs: 0,
      fromRetryAfter: true,
    });
  });

  it('gives up after the limit with the last status', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/down`, () => {
        calls++;
        return new HttpResponse('down', { status: 503 });
      }),
    );
    const error = await failure(client().getText(`${BASE}/down`, { retry: { limit: 2 } }));
    expect(isHttpStatusError(error) && error.status).toBe(503);
    expect(calls).toBe(3);
  });

  it('stops when the Retry-After wait would pass the deadline or the budget', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/later`, () => {
        calls++;
        return new HttpResponse(null, { status: 503, headers: { 'retry-after': '5' } });
      }),
    );
    const c = client();
    expect(isHttpStatusError(await failure(c.getText(`${BASE}/later`, { timeoutMs: 1000 })))).toBe(true);
    expect(calls).toBe(1);
    const started = Date.now();
    const capped = await failure(
      c.getText(`${BASE}/later`, { retry: { maxRetryDelayMs: 20, budgetMs: 30 } }),
    );
    expect(isHttpStatusError(capped)).toBe(true);
    expect(calls).toBe(3);
    // The header asked for 5 s twice; the cap makes it milliseconds. Generous bound for a busy machine.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('retries network errors of GETs but never a POST unless opted in', async () => {
    let gets = 0;
    let posts = 0;
    server.use(
      http.get(`${BASE}/net`, () => {
        gets++;
        return gets === 1 ? HttpResponse.error() : HttpResponse.json({ ok: 1 });
      }),
      http.post(`${BASE}/rpc`, () => {
        posts++;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    const c = client();
    expect((await c.getJson(`${BASE}/net`)).data).toEqual({ ok: 1 });
    expect(gets).toBe(2);
    expect(isHttpStatusError(await failure(c.postJson(`${BASE}/rpc`, { json: { a: 1 } })))).toBe(true);
    expect(posts).toBe(1);
    await failure(c.postJson(`${BASE}/rpc`, { json: { a: 1 }, idempotent: true }));
    expect(posts).toBe(4);
    await failure(c.postJson(`${BASE}/rpc`, { json: { a: 1 }, retry: { methods: ['POST'], limit: 1 } }));
    expect(posts).toBe(6);
  });

  it('surfaces a network failure as NetworkError once retries are spent', async () => {
    server.use(http.get(`${BASE}/gone`, () => HttpResponse.error()));
    const error = await failure(client({ retry: false }).getJson(`${BASE}/gone`));
    expect(isNetworkError(error) && error.isRetryable).toBe(true);
  });
});

describe('postJson and request', () => {
  it('sends JSON and reads the JSON answer', async () => {
    server.use(
      http.post(`${BASE}/echo`, async ({ request }) =>
        HttpResponse.json({ got: await request.json(), type: request.headers.get('content-type') }),
      ),
    );
    const result = await client().postJson(`${BASE}/echo`, { json: { q: 'shoes' } });
    expect(result.data).toEqual({ got: { q: 'shoes' }, type: 'application/json' });
  });

  it('request returns bytes and can keep non-2xx answers', async () => {
    server.use(http.delete(`${BASE}/thing`, () => new HttpResponse('{"deleted":false}', { status: 409 })));
    const result = await client().request(`${BASE}/thing`, { method: 'DELETE', throwHttpErrors: false });
    expect(result.status).toBe(409);
    expect(result.json()).toEqual({ deleted: false });
    expect(result.text()).toBe('{"deleted":false}');
  });
});

describe('URL and address policy with a custom fetch', () => {
  it('refuses http unless allowed, other schemes and credentials', async () => {
    const c = client();
    const insecure = await failure(c.getJson('http://agent.example/x'));
    expect(isUrlPolicyError(insecure) && insecure.reason).toBe('insecure');
    const ftp = await failure(c.getJson('ftp://agent.example/x'));
    expect(isUrlPolicyError(ftp) && ftp.reason).toBe('protocol');
    const creds = await failure(c.getJson('https://u:p@agent.example/x'));
    expect(isUrlPolicyError(creds) && creds.reason).toBe('credentials');
    expect(isUrlPolicyError(await failure(c.getJson('not a url')))).toBe(true);
  });

  // The private and link-local addresses in these SSRF tests are data: the guard must refuse them before any
  // request, and msw (onUnhandledRequest: 'error', global fetch) would refuse to pass one through anyway.
  it('refuses IP literals and names resolving to private addresses before sending', async () => {
    const lookup = vi.fn<LookupFunction>((_host, _options, callback) =>
      callback(null, [{ address: '10.0.0.1', family: 4 }]),
    );
    const c = client({ lookup });
    const literal = await failure(c.getJson('https://169.254.169.254/latest/meta-data'));
    expect(isBlockedAddressError(literal) && literal.address).toBe('169.254.169.254');
    const mapped = await failure(c.getJson('https://[::ffff:7f00:1]/'));
    expect(isBlockedAddressError(mapped) && mapped.addressClass).toBe('loopback');
    const named = await failure(c.getJson('https://intranet.example/'));
    expect(isBlockedAddressError(named) && [named.host, named.address]).toEqual([
      'intranet.example',
      '10.0.0.1',
    ]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('checks every redirect hop, refusing a hop to a private literal', async () => {
    server.use(http.get(`${BASE}/jump`, () => HttpResponse.redirect('https://10.1.2.3/admin', 302)));
    const error = await failure(client().getJson(`${BASE}/jump`));
    expect(isBlockedAddressError(error) && error.address).toBe('10.1.2.3');
  });

  it('follows redirects, recording hops, and enforces redirect modes', async () => {
    server.use(
      http.get(`${BASE}/a`, () => HttpResponse.redirect(`${BASE}/b`, 301)),
      http.get(`${BASE}/b`, () => HttpResponse.redirect('https://other.example/c', 302)),
      http.get('https://other.example/c', () => HttpResponse.json({ at: 'c' })),
      http.get(`${BASE}/insecure`, () => HttpResponse.redirect('http://agent.example/plain', 302)),
    );
    const followed = await client().getJson(`${BASE}/a`);
    expect(followed.provenance.finalUrl).toBe('https://other.example/c');
    expect(followed.provenance.redirects).toEqual([`${BASE}/a`, `${BASE}/b`]);

    const same = await failure(client({ redirect: 'same-origin' }).getJson(`${BASE}/a`));
    expect(isRedirectPolicyError(same) && same.reason).toBe('cross-origin');
    const none = await failure(client().getJson(`${BASE}/a`, { redirect: 'error' }));
    expect(isRedirectPolicyError(none) && none.reason).toBe('not-allowed');
    const tooMany = await failure(client({ maxRedirects: 1 }).getJson(`${BASE}/a`));
    expect(isRedirectPolicyError(tooMany) && tooMany.reason).toBe('too-many');
    const insecure = await failure(client().getJson(`${BASE}/insecure`));
    expect(isRedirectPolicyError(insecure) && insecure.reason).toBe('insecure');
    // allowHttp permits http URLs, never a downgrade of an https one.
    const downgrade = await failure(client({ allowHttp: true }).getJson(`${BASE}/insecure`));
    expect(isRedirectPolicyError(downgrade) && downgrade.reason).toBe('insecure');
  });

  it('drops credentials on cross-origin redirects', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/auth`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.redirect('https://other.example/auth', 307);
      }),
      http.get('https://other.example/auth', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
    );
    await client().getJson(`${BASE}/auth`, { headers: { Authorization: 'Bearer t' } });
    expect(seen).toEqual(['Bearer t', null]);
  });
});

describe('deadline and aborts', () => {
  it('times out a slow response with TimeoutError', async () => {
    server.use(
      http.get(`${BASE}/slow`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return HttpResponse.json({});
      }),
    );
    const error = await failure(client().getJson(`${BASE}/slow`, { timeoutMs: 50 }));
    expect(isTimeoutError(error) && error.timeoutMs).toBe(50);
  });

  it("passes the caller's abort reason through unchanged", async () => {
    server.use(
      http.get(`${BASE}/wait`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    setTimeout(() => controller.abort(reason), 20);
    expect(await failure(client().getJson(`${BASE}/wait`, { signal: controller.signal }))).toBe(reason);
    const already = AbortSignal.abort('early');
    expect(await failure(client({ signal: already }).getJson(`${BASE}/wait`))).toBe('early');
  });
});

describe('secrets in URLs', () => {
  it('keeps a query key and URL credentials out of error messages and JSON, not out of the url field', async () => {
    server.use(http.get(`${BASE}/a2a`, () => new HttpResponse('down', { status: 503 })));
    const c = client({ retry: false });
    const status = await failure(c.getJson(`${BASE}/a2a?api_key=S3CRET`));
    expect(isHttpStatusError(status) && status.message).toBe(`HTTP 503 from ${BASE}/a2a?[query withheld]`);
    expect(isHttpStatusError(status) && status.url).toBe(`${BASE}/a2a?api_key=S3CRET`);
    expect(JSON.stringify(status)).not.toContain('S3CRET');
    const creds = await failure(c.getJson('https://u:S3CRET@agent.example/x?k=S3CRET'));
    expect(isUrlPolicyError(creds) && creds.message).toBe(
      'Refused URL https://[credentials withheld]@agent.example/x?[query withheld]: credentials in URLs are refused',
    );
    expect(JSON.stringify(creds)).not.toContain('S3CRET');
  });

  it('withholds the query in a timeout message', async () => {
    server.use(
      http.get(`${BASE}/slow`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return HttpResponse.json({});
      }),
    );
    const error = await failure(client().getJson(`${BASE}/slow?token=S3CRET`, { timeoutMs: 50 }));
    expect(isTimeoutError(error) && error.message).toBe(
      `Request to ${BASE}/slow?[query withheld] timed out after 50 ms`,
    );
  });
});

describe('deadlines past the longest timer', () => {
  it('a timeoutMs over 2^31-1 ms waits for the answer instead of timing out at once', async () => {
    server.use(
      http.get(`${BASE}/late`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return HttpResponse.json({ late: true });
      }),
    );
    // Node fires a longer timer after 1 ms; the deadline clamps it (the per-call option is not checked).
    const answer = await client().getJson(`${BASE}/late`, { timeoutMs: 3e9 });
    expect(answer.data).toEqual({ late: true });
  });
});

describe('cache', () => {
  it('serves fresh responses from the cache with frozen shared data', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/fresh`, () => {
        calls++;
        return HttpResponse.json({ n: calls, list: [1] }, { headers: { 'cache-control': 'max-age=60' } });
      }),
    );
    const c = client();
    const first = await c.getJson<{ n: number; list: number[] }>(`${BASE}/fresh`);
    const second = await c.getJson<{ n: number; list: number[] }>(`${BASE}/fresh`);
    expect(calls).toBe(1);
    expect(second.data).toBe(first.data);
    expect(Object.isFrozen(second.data.list)).toBe(true);
    expect(second.provenance).toMatchObject({ fromCache: true, sha256: first.provenance.sha256 });
    await c.getJson(`${BASE}/fresh`, { cache: false });
    expect(calls).toBe(2);
  });

  it('never stores no-store responses', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/secret`, () => {
        calls++;
        return HttpResponse.json({}, { headers: { 'cache-control': 'no-store, max-age=60' } });
      }),
    );
    const c = client();
    await c.getJson(`${BASE}/secret`);
    await c.getJson(`${BASE}/secret`);
    expect(calls).toBe(2);
  });

  it('revalidates no-cache entries with If-None-Match and uses the 304', async () => {
    const conditions: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/etag`, ({ request }) => {
        conditions.push(request.headers.get('if-none-match'));
        if (request.headers.get('if-none-match') === '"v1"') {
          return new HttpResponse(null, {
            status: 304,
            headers: { etag: '"v1"', 'cache-control': 'no-cache' },
          });
        }
        return HttpResponse.json({ v: 1 }, { headers: { etag: '"v1"', 'cache-control': 'no-cache' } });
      }),
    );
    const c = client();
    await c.getJson(`${BASE}/etag`);
    const again = await c.getJson(`${BASE}/etag`);
    expect(conditions).toEqual([null, '"v1"']);
    expect(again.data).toEqual({ v: 1 });
    expect(again.status).toBe(200);
    expect(again.provenance).toMatchObject({ fromCache: true, revalidated: true });
  });

  it('revalidates with If-Modified-Since when only Last-Modified is known', async () => {
    const lastModified = 'Tue, 31 Dec 2024 00:00:00 GMT';
    const conditions: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/lm`, ({ request }) => {
        conditions.push(request.headers.get('if-modified-since'));
        if (request.headers.get('if-modified-since') === lastModified)
          return new HttpResponse(null, { status: 304 });
        return new HttpResponse('hello', {
          headers: { 'last-modified': lastModified, 'content-type': 'text/plain' },
        });
      }),
    );
    const c = client();
    expect((await c.getText(`${BASE}/lm`)).text).toBe('hello');
    expect((await c.getText(`${BASE}/lm`)).text).toBe('hello');
    expect(conditions).toEqual([null, lastModified]);
  });

  it('caches 404 negatively for its own TTL', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/nope`, () => {
        calls++;
        return new HttpResponse('no', { status: 404 });
      }),
    );
    const c = client({ cache: { negativeTtlMs: 60_000 } });
    await failure(c.getJson(`${BASE}/nope`));
    const cached = await failure(c.getJson(`${BASE}/nope`));
    expect(calls).toBe(1);
    expect(isHttpStatusError(cached) && cached.provenance?.fromCache).toBe(true);
    const off = client({ cache: { negativeTtlMs: 0 } });
    await failure(off.getJson(`${BASE}/nope`));
    await failure(off.getJson(`${BASE}/nope`));
    expect(calls).toBe(3);
  });

  it('shares one request between concurrent identical GETs', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/shared`, async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ ok: true });
      }),
    );
    const c = client();
    const results = await Promise.all(Array.from({ length: 5 }, () => c.getJson(`${BASE}/shared`)));
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => r.provenance.sha256)).size).toBe(1);
  });
});

describe('stream', () => {
  it('streams a capped body and settles provenance at the end', async () => {
    server.use(
      http.get(
        `${BASE}/file`,
        () => new HttpResponse('a'.repeat(3000), { headers: { 'content-type': 'text/plain' } }),
      ),
    );
    const result = await client().stream(`${BASE}/file`);
    const text = await new Response(result.body).text();
    expect(text.length).toBe(3000);
    const provenance = await result.provenance;
    expect(provenance.bytes).toBe(3000);
  });

  it('reports the final URL and redirects with the headers, before the body is read', async () => {
    server.use(
      http.get(`${BASE}/moved`, () => HttpResponse.redirect(`${BASE}/page`, 301)),
      http.get(
        `${BASE}/page`,
        () => new HttpResponse('<html><head>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    const result = await client().stream(`${BASE}/moved`);
    expect(result.url).toBe(`${BASE}/moved`);
    expect(result.finalUrl).toBe(`${BASE}/page`);
    expect(result.redirects).toEqual([`${BASE}/moved`]);
    // A caller that stops early still knows where the page lives; cancelling must not break anything.
    await result.body.cancel();
  });

  it('errors the stream past the cap', async () => {
    const endless: FetchFunction = async () => new Response(endlessStream(4096));
    const result = await client({ fetch: endless }).stream(`${BASE}/endless`, { maxBodyBytes: 10_000 });
    const error = await failure(new Response(result.body).arrayBuffer());
    expect(isBodyTooLargeError(error)).toBe(true);
    expect(isBodyTooLargeError(await failure(result.provenance))).toBe(true);
  });
});
