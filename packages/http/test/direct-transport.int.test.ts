import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isHttpStatusError, isRedirectPolicyError, isUrlPolicyError } from '../src/index.js';
import { startServer, type TestServer, useLoopbackHarness } from './servers.js';

// The built-in transport sends through the guarded dispatcher without a `Request` object; these tests pin
// down that what reaches the server is what a `Request` would have carried.

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const { cleanups, client } = useLoopbackHarness();

async function echoServer(
  answer: (seen: Seen) => [number, Record<string, string>, string] = () => [
    200,
    { 'content-type': 'application/json' },
    '{"ok":true}',
  ],
): Promise<{ server: TestServer; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = await startServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const [status, headers, body] = answer(entry);
      response.writeHead(status, headers);
      response.end(body);
    });
  });
  cleanups.push(() => server.close());
  return { server, seen };
}

describe('built-in transport request path', () => {
  it('postJson sends the serialised body, lowercase headers, no fragment, and reads the JSON answer', async () => {
    const { server, seen } = await echoServer((s) => [200, { 'content-type': 'application/json' }, s.body]);
    const http = client();
    const value = { greeting: 'héllo', list: [1, 2, 3] };
    const result = await http.postJson<typeof value>(`${server.origin}/rpc?x=1#frag`, {
      json: value,
      headers: { 'X-Trace': 'abc' },
    });
    expect(result.data).toEqual(value);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('/rpc?x=1');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers['x-trace']).toBe('abc');
    expect(seen[0]?.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen[0]?.headers['user-agent']).toBe('agentweb-http/0.1');
    const sent = JSON.stringify(value);
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength(sent)));
    expect(result.provenance.sha256).toBe(createHash('sha256').update(sent).digest('hex'));
  });

  it('sends a string body without Content-Type as text/plain and bytes as they are', async () => {
    const { server, seen } = await echoServer();
    const http = client();
    await http.request(`${server.origin}/a`, { method: 'PUT', body: 'plain words' });
    await http.request(`${server.origin}/b`, { method: 'post', body: new Uint8Array([104, 105]) });
    expect(seen[0]?.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(seen[0]?.body).toBe('plain words');
    expect(seen[1]?.method).toBe('POST');
    expect(seen[1]?.headers['content-type']).toBeUndefined();
    expect(seen[1]?.body).toBe('hi');
  });

  it('does not change a header record shared between calls', async () => {
    const { server, seen } = await echoServer();
    const http = client();
    const headers = Object.freeze({ 'content-type': 'application/json', 'x-a': '1' });
    await http.request(`${server.origin}/`, { method: 'POST', body: '{}', headers });
    await http.request(`${server.origin}/`, { method: 'POST', body: 'x', headers: { 'x-b': '2' } });
    expect(headers).toEqual({ 'content-type': 'application/json', 'x-a': '1' });
    expect(seen.map((s) => s.headers['content-type'])).toEqual([
      'application/json',
      'text/plain;charset=UTF-8',
    ]);
  });

  it('refuses what a Request would refuse, before anything is sent', async () => {
    const { server, seen } = await echoServer();
    const http = client();
    const trace = await http.request(`${server.origin}/`, { method: 'TRACE' }).catch((e: unknown) => e);
    const getBody = await http
      .request(`${server.origin}/`, { method: 'HEAD', body: 'x', retry: false })
      .catch((e: unknown) => e);
    // Not NetworkError: that class means a transient failure worth retrying, and these never succeed.
    expect(isUrlPolicyError(trace) && trace.reason).toBe('request');
    expect(isUrlPolicyError(getBody) && getBody.reason).toBe('request');
    expect(seen).toHaveLength(0);
  });

  it('turns a 303 after a POST into a bodiless GET and keeps non-2xx answers with their headers', async () => {
    const { server, seen } = await echoServer((s) =>
      s.url === '/start'
        ? [303, { location: '/next' }, '']
        : [429, { 'content-type': 'application/json', 'retry-after': '9' }, '{"slow":true}'],
    );
    const http = client();
    const error = await http.postJson(`${server.origin}/start`, { json: { a: 1 } }).catch((e: unknown) => e);
    expect(isHttpStatusError(error)).toBe(true);
    if (!isHttpStatusError(error)) return;
    expect(error.status).toBe(429);
    expect(error.headers.get('retry-after')).toBe('9');
    expect(error.bodyExcerpt).toBe('{"slow":true}');
    expect(seen.map((s) => [s.method, s.url, s.body, s.headers['content-type']])).toEqual([
      ['POST', '/start', '{"a":1}', 'application/json'],
      ['GET', '/next', '', undefined],
    ]);
    const refused = await http
      .request(`${server.origin}/start`, { method: 'POST', body: '{}', redirect: 'error' })
      .catch((e: unknown) => e);
    expect(isRedirectPolicyError(refused)).toBe(true);
  });

  it("passes a caller's abort reason through on a POST, before and during the call", async () => {
    let arrived!: () => void;
    const request = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = await startServer((incoming, response) => {
      incoming.resume();
      if (incoming.url === '/hang') arrived();
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    cleanups.push(() => server.close());
    const http = client();
    const early = new AbortController();
    const reason = new Error('caller gave up');
    early.abort(reason);
    const before = await http
      .postJson(`${server.origin}/`, { json: {}, signal: early.signal })
      .catch((e: unknown) => e);
    expect(before).toBe(reason);
    const late = new AbortController();
    const pending = http
      .postJson(`${server.origin}/hang`, { json: {}, signal: late.signal, timeoutMs: 30_000 })
      .catch((e: unknown) => e);
    await request;
    late.abort(reason);
    expect(await pending).toBe(reason);
    const ok = await http.postJson(`${server.origin}/`, { json: {}, signal: new AbortController().signal });
    expect(ok.data).toEqual({ ok: true });
  });
});
