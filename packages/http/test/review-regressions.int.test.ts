import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import {
  isBlockedAddressError,
  isBodyTooLargeError,
  isRedirectPolicyError,
  isTimeoutError,
  isUrlPolicyError,
} from '../src/index.js';
import { failure, useLoopbackHarness } from './servers.js';

const { server, client } = useLoopbackHarness();

describe('address literals in every URL spelling are refused by default', () => {
  it('never connects to loopback written as hex, octal, decimal, short, mapped, NAT64 or 6to4', async () => {
    const target = await server((_req, res) => res.end('reached'));
    const guarded = client({ allowPrivateNetwork: false, retry: false });
    const port = target.port;
    const spellings = [
      `http://0x7f.1:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://127.0.0.1.:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
      `http://[64:ff9b::127.0.0.1]:${port}/`,
      `http://[2002:7f00:1::]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://0:${port}/`,
    ];
    for (const url of spellings) {
      const error = await failure(guarded.getText(url));
      expect(isBlockedAddressError(error), url).toBe(true);
    }
    expect(target.connections).toBe(0);
  });
});

describe('HEAD, 204 and 304 declare lengths they do not carry', () => {
  it('does not refuse a HEAD whose Content-Length is over the cap', async () => {
    const big = await server((_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024), 'content-type': 'text/plain' });
      res.end();
    });
    const result = await client().request(`${big.origin}/file`, { method: 'HEAD', maxBodyBytes: 1024 });
    expect(result.status).toBe(200);
    expect(result.body.byteLength).toBe(0);
  });
});

describe('body caps hold on answers the call did not fetch itself', () => {
  it('refuses a cached body larger than a later call’s cap', async () => {
    const cached = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end(JSON.stringify({ pad: 'x'.repeat(10_000) }));
    });
    const c = client();
    await c.getJson(`${cached.origin}/big`);
    const error = await failure(c.getJson(`${cached.origin}/big`, { maxBodyBytes: 100 }));
    expect(isBodyTooLargeError(error)).toBe(true);
    expect(cached.requests).toHaveLength(1);
  });
});

describe('cached answers respect the redirect policy of the call they serve', () => {
  it('does not serve a response that arrived through a redirect to a redirect: "error" call', async () => {
    const site = await server((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/card' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end('{"ok":true}');
    });
    const c = client();
    expect((await c.getJson(`${site.origin}/moved`)).provenance.redirects).toHaveLength(1);
    const error = await failure(c.getJson(`${site.origin}/moved`, { redirect: 'error' }));
    expect(isRedirectPolicyError(error) && error.reason).toBe('not-allowed');
  });
});

describe('requests no transport may send', () => {
  it('refuses a GET with a body and a TRACE with UrlPolicyError, without retrying or sending', async () => {
    const echo = await server((_req, res) => res.end('x'));
    const onRetry = vi.fn();
    const c = client({ retry: { onRetry, baseDelayMs: 1, maxDelayMs: 5 } });
    const withBody = await failure(c.request(`${echo.origin}/`, { method: 'GET', body: 'hi' }));
    expect(isUrlPolicyError(withBody) && withBody.reason).toBe('request');
    const trace = await failure(c.request(`${echo.origin}/`, { method: 'TRACE' }));
    expect(isUrlPolicyError(trace) && trace.reason).toBe('request');
    expect(onRetry).not.toHaveBeenCalled();
    expect(echo.requests).toHaveLength(0);
  });

  it('refuses a header value with a line break as a typed, unretried error that does not show the value', async () => {
    const echo = await server((_req, res) => res.end('x'));
    const onRetry = vi.fn();
    const c = client({ retry: { onRetry, baseDelayMs: 1, maxDelayMs: 5 } });
    const secret = 'Bearer s3cr3t-token\n';
    const error = await failure(c.getText(`${echo.origin}/`, { headers: { authorization: secret } }));
    expect(isUrlPolicyError(error) && error.reason).toBe('request');
    expect(String((error as Error).message)).toContain('"authorization"');
    expect(JSON.stringify(error)).not.toContain('s3cr3t');
    expect(String((error as Error).message)).not.toContain('s3cr3t');
    expect(onRetry).not.toHaveBeenCalled();
    expect(echo.requests).toHaveLength(0);
  });
});

describe('single-flight joiners keep their own deadline', () => {
  it('times a joiner out at its timeoutMs while the shared request completes for the first caller', async () => {
    let release: (() => void) | undefined;
    const held = await server((_req, res) => {
      release = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"n":1}');
    });
    const c = client();
    const first = c.getJson<{ n: number }>(`${held.origin}/slow`, { timeoutMs: 30_000 });
    await vi.waitFor(() => expect(release).toBeDefined());
    const joiner = await failure(c.getJson(`${held.origin}/slow`, { timeoutMs: 50 }));
    expect(isTimeoutError(joiner) && joiner.timeoutMs).toBe(50);
    release?.();
    expect((await first).data.n).toBe(1);
    expect(held.requests).toHaveLength(1);
  });
});

describe('a shared (cacheable) GET stops when every caller has given up', () => {
  it('aborts the request on the wire when its only caller aborts, so close() does not wait for the deadline', async () => {
    let closedByClient: () => void = () => {};
    const requestClosed = new Promise<void>((resolve) => {
      closedByClient = resolve;
    });
    const hanging = await server((req) => {
      // Never answers; the only way this request ends is the client going away.
      req.on('close', () => closedByClient());
    });
    const c = client({ timeoutMs: 120_000, retry: false });
    const controller = new AbortController();
    const pending = c.getJson(`${hanging.origin}/slow.json`, { signal: controller.signal });
    await vi.waitFor(() => expect(hanging.requests.length).toBe(1));
    controller.abort(new Error('user gave up'));
    expect(((await failure(pending)) as Error).message).toBe('user gave up');
    // With the request still running this would wait for the 120 s deadline and the test would time out.
    await requestClosed;
    await c.close();
  });

  it('keeps the request running while another caller still waits for it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = await server((_req, res) => {
      void gate.then(() => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
        res.end('{"ok":true}');
      });
    });
    const c = client({ timeoutMs: 60_000, retry: false });
    const quitter = new AbortController();
    const first = c.getJson(`${slow.origin}/shared.json`, { signal: quitter.signal });
    await vi.waitFor(() => expect(slow.requests.length).toBe(1));
    const second = c.getJson(`${slow.origin}/shared.json`);
    quitter.abort(new Error('first caller left'));
    await failure(first);
    release();
    expect((await second).data).toEqual({ ok: true });
    // One request served both callers: the abort of the first did not restart or cancel it.
    expect(slow.requests.length).toBe(1);
  });
});

describe('a shared GET and callers leaving and joining in the same tick', () => {
  it('a caller joining just as the last one leaves keeps the request; an abandoned request is never cached', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let served = 0;
    const slow = await server((_req, res) => {
      served += 1;
      const n = served;
      // The second request is the abandoned one: it never gets an answer.
      if (n === 2) return;
      void gate.then(() => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
        res.end(JSON.stringify({ n }));
      });
    });
    const c = client({ timeoutMs: 60_000, retry: false });
    const url = `${slow.origin}/join.json`;
    const leaver = new AbortController();
    const first = c.getJson(url, { signal: leaver.signal });
    await vi.waitFor(() => expect(slow.requests.length).toBe(1));
    // The only waiter leaves, and in the same tick another caller asks for the same URL.
    leaver.abort(new Error('left'));
    const joiner = c.getJson<{ n: number }>(url);
    await failure(first);
    release();
    expect((await joiner).data.n).toBe(1);
    expect(slow.requests.length).toBe(1);

    // Now abandon a request for good: nobody waits, so it is aborted, and the next caller gets a fresh answer.
    const gone = new AbortController();
    const abandoned = c.getJson(`${url}?v=2`, { signal: gone.signal });
    await vi.waitFor(() => expect(slow.requests.length).toBe(2));
    gone.abort(new Error('gone'));
    await failure(abandoned);
    const fresh = await c.getJson<{ n: number }>(`${url}?v=2`);
    expect(fresh.data.n).toBe(3);
    expect(slow.requests.length).toBe(3);
  });
});

describe('close()', () => {
  it('still closes the connections of requests made after an early close()', async () => {
    let socketClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      socketClosed = resolve;
    });
    const target = await server((req, res) => {
      // Keep the idle connection open for minutes on both sides, so only the client's close() can end it.
      const listener = (req.socket as Socket & { server?: Server }).server;
      if (listener) listener.keepAliveTimeout = 600_000;
      req.socket.once('close', () => socketClosed());
      res.writeHead(200, { 'keep-alive': 'timeout=600' }).end('ok');
    });
    const c = client({ retry: false });
    // Closed before it ever opened a connection, then used after all.
    await c.close();
    expect((await c.getText(`${target.origin}/after-close`)).text).toBe('ok');
    // The keep-alive connection must end now, not linger until the server or the process gives up on it.
    await c.close();
    await closed;
    await c.close();
  });
});
