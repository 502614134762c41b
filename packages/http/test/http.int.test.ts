import { createServer as createTcpServer, type Socket } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildConnector } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import {
  createGuardedFetch,
  isBlockedAddressError,
  isBodyTooLargeError,
  isNetworkError,
  isRedirectPolicyError,
  isTimeoutError,
  type LookupFunction,
} from '../src/index.js';
import { failure, useLoopbackHarness } from './servers.js';

const { cleanups, server, client } = useLoopbackHarness();

const json = (body: unknown, headers: Record<string, string> = {}) =>
  [200, { 'content-type': 'application/json', ...headers }, JSON.stringify(body)] as const;

/** Maps every name to `address` without DNS, counting calls. */
function mapTo(address: string) {
  return vi.fn<LookupFunction>((_host, _options, callback) =>
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]),
  );
}

describe('deadlines against a real server', () => {
  it('times out slow headers', async () => {
    const slow = await server((_req, res) => {
      // Answers far later than the deadline (the server is closed first), so a loaded machine cannot flake it.
      setTimeout(() => res.writeHead(200).end('{}'), 20_000).unref();
    });
    const started = Date.now();
    const error = await failure(client().getJson(`${slow.origin}/`, { timeoutMs: 100 }));
    expect(isTimeoutError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('times out a slow body: the deadline covers the body too', async () => {
    const slow = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      setTimeout(() => res.end('1}'), 600);
    });
    const error = await failure(client().getJson(`${slow.origin}/`, { timeoutMs: 150 }));
    expect(isTimeoutError(error)).toBe(true);
  });

  it('times out a streamed body that trickles', async () => {
    const slow = await server((_req, res) => {
      res.writeHead(200);
      res.write('x');
      setTimeout(() => res.end('y'), 600);
    });
    const result = await client().stream(`${slow.origin}/`, { timeoutMs: 150 });
    expect(isTimeoutError(await failure(new Response(result.body).text()))).toBe(true);
  });
});

describe('body caps against a real server', () => {
  it('cuts an endless chunked body at the cap', async () => {
    const endless = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on('close', () => clearInterval(timer));
    });
    const error = await failure(client().getJson(`${endless.origin}/`, { maxBodyBytes: 64 * 1024 }));
    expect(isBodyTooLargeError(error) && error.received).toBeGreaterThan(64 * 1024);
    const streamed = await client().stream(`${endless.origin}/`, { maxBodyBytes: 32 * 1024 });
    expect(isBodyTooLargeError(await failure(new Response(streamed.body).arrayBuffer()))).toBe(true);
  });

  it('refuses a declared Content-Length over the cap without reading it', async () => {
    const big = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5_000_000 });
      res.write(Buffer.alloc(1024));
    });
    const error = await failure(client().getJson(`${big.origin}/`, { maxBodyBytes: 1024 }));
    expect(isBodyTooLargeError(error) && error.received).toBe(5_000_000);
  });

  it('never reads past a small lying Content-Length, and reports a short one as a network error', async () => {
    const sockets = new Set<Socket>();
    const raw = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.once('data', (data) => {
        const short = data.toString().startsWith('GET /short');
        const length = short ? 1000 : 2;
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
        );
        socket.write(short ? '{"truncated":' : `{}${' '.repeat(200_000)}`);
        if (short) socket.end();
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    });
    const origin = `http://127.0.0.1:${(raw.address() as { port: number }).port}`;
    const c = client({ retry: false });
    const small = await c.getJson(`${origin}/long`, { maxBodyBytes: 1024, cache: false });
    expect(small.provenance.bytes).toBe(2);
    expect(isNetworkError(await failure(c.getJson(`${origin}/short`, { cache: false })))).toBe(true);
  });

  it('decodes gzip and br from a real server', async () => {
    const payload = JSON.stringify({ ok: true, pad: 'y'.repeat(4000) });
    const compressing = await server((req, res) => {
      const br = req.url === '/br';
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': br ? 'br' : 'gzip' });
      res.end(br ? brotliCompressSync(payload) : gzipSync(payload));
    });
    const c = client();
    const gz = await c.getJson<{ ok: boolean }>(`${compressing.origin}/gz`);
    expect(gz.data.ok).toBe(true);
    expect(gz.provenance.bytes).toBe(payload.length);
    expect((await c.getJson<{ ok: boolean }>(`${compressing.origin}/br`)).data.ok).toBe(true);
    expect(compressing.requests[0]?.headers['accept-encoding']).toContain('gzip');
  });
});

describe('redirects against real servers', () => {
  it('refuses redirect loops', async () => {
    const looping = await server((req, res) => {
      res.writeHead(302, { location: req.url === '/a' ? '/b' : '/a' }).end();
    });
    const error = await failure(client().getJson(`${looping.origin}/a`));
    expect(isRedirectPolicyError(error) && error.reason).toBe('loop');
    expect(looping.requests.length).toBe(2);
  });

  it('follows cross-origin redirects unless same-origin is required, dropping credentials', async () => {
    const target = await server((req, res) => {
      const [status, headers, body] = json({ auth: req.headers.authorization ?? null });
      res.writeHead(status, headers).end(body);
    });
    const origin = await server((_req, res) => {
      res.writeHead(307, { location: `${target.origin}/card` }).end();
    });
    const followed = await client().getJson<{ auth: string | null }>(`${origin.origin}/start`, {
      headers: { authorization: 'Bearer secret' },
    });
    expect(followed.data.auth).toBeNull();
    expect(followed.provenance.redirects).toEqual([`${origin.origin}/start`]);
    expect(followed.provenance.finalUrl).toBe(`${target.origin}/card`);
    const refused = await failure(client({ redirect: 'same-origin' }).getJson(`${origin.origin}/start`));
    expect(isRedirectPolicyError(refused) && refused.reason).toBe('cross-origin');
  });
});

describe('retries against a real server', () => {
  it('retries 429 with Retry-After seconds and 503 with an HTTP-date, capped by maxRetryDelayMs', async () => {
    const flaky = await server((_req, res, self) => {
      const n = self.requests.length;
      if (n === 1) res.writeHead(429, { 'retry-after': '3' }).end();
      else if (n === 2)
        res.writeHead(503, { 'retry-after': new Date(Date.now() + 4000).toUTCString() }).end();
      else {
        const [status, headers, body] = json({ n });
        res.writeHead(status, headers).end(body);
      }
    });
    const events: { delayMs: number; status?: number; fromRetryAfter: boolean }[] = [];
    const started = Date.now();
    const result = await client().getJson<{ n: number }>(`${flaky.origin}/`, {
      retry: { maxRetryDelayMs: 100, onRetry: (event) => events.push(event) },
    });
    expect(result.data.n).toBe(3);
    expect(events.map((e) => [e.status, e.delayMs, e.fromRetryAfter])).toEqual([
      [429, 100, true],
      [503, 100, true],
    ]);
    // Generous: proves the capped 100 ms waits were used, not the header's longer ones, even on a busy machine.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('address guard at connect time (default transport)', () => {
  it('refuses a name resolving to 127.0.0.1 unless allowed, and connects when allowed', async () => {
    const target = await server((_req, res) => {
      const [status, headers, body] = json({ hello: 'agent' });
      res.writeHead(status, headers).end(body);
    });
    const url = `http://agent.test:${target.port}/card.json`;
    const connector = vi.fn(buildConnector({}));
    const lookup = mapTo('127.0.0.1');
    const refused = await failure(client({ allowPrivateNetwork: false, lookup, connector }).getJson(url));
    if (!isBlockedAddressError(refused)) throw refused;
    expect([refused.host, refused.address, refused.addressClass]).toEqual([
      'agent.test',
      '127.0.0.1',
      'loopback',
    ]);
    expect(refused.message).toContain('127.0.0.1');
    expect(connector).not.toHaveBeenCalled();
    expect(target.connections).toBe(0);

    const allowed = await client({ allowPrivateNetwork: ['agent.test'], lookup, connector }).getJson(url);
    expect(allowed.data).toEqual({ hello: 'agent' });
    expect(connector).toHaveBeenCalledTimes(1);
    expect(connector.mock.calls[0]?.[0].hostname).toBe('127.0.0.1');
  });

  it('refuses a name resolving to 10.0.0.1 before any socket is opened', async () => {
    const lookup = mapTo('10.0.0.1');
    // Must never run: if it did, it fails instead of sending anything to 10.0.0.1.
    const connector = vi.fn<buildConnector.connector>((_options, callback) =>
      callback(new Error('connector reached'), null),
    );
    const error = await failure(
      client({ allowPrivateNetwork: false, lookup, connector, retry: false }).getJson(
        'http://intranet.test/admin',
      ),
    );
    if (!isBlockedAddressError(error)) throw error;
    expect([error.host, error.address, error.addressClass]).toEqual(['intranet.test', '10.0.0.1', 'private']);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]?.[0]).toBe('intranet.test');
    expect(connector).not.toHaveBeenCalled();
  });

  it('checks the address at every connect, so a DNS rebinding is refused', async () => {
    let calls = 0;
    const lookup = vi.fn<LookupFunction>((_host, _options, callback) => {
      calls++;
      callback(null, [{ address: calls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }]);
    });
    // A fake connector: the public address is "unreachable" here, so no packet ever leaves the machine.
    const connector = vi.fn<buildConnector.connector>((_options, callback) =>
      callback(new Error('offline test'), null),
    );
    const c = client({ allowPrivateNetwork: false, lookup, connector, retry: false, cache: false });
    expect(isNetworkError(await failure(c.getJson('http://rebind.test/')))).toBe(true);
    const rebound = await failure(c.getJson('http://rebind.test/'));
    expect(isBlockedAddressError(rebound) && rebound.address).toBe('127.0.0.1');
    expect(connector).toHaveBeenCalledTimes(1);
    expect(connector.mock.calls[0]?.[0].hostname).toBe('93.184.215.14');
  });

  it('createGuardedFetch checks hops that undici follows itself', async () => {
    const target = await server((_req, res) => res.writeHead(200).end('secret'));
    const redirector = await server((_req, res) =>
      res.writeHead(302, { location: `${target.origin}/` }).end(),
    );
    const guarded = createGuardedFetch({
      allowPrivateNetwork: ['redirector.test'],
      lookup: mapTo('127.0.0.1'),
    });
    cleanups.push(() => guarded.dispatcher.close());
    const error = await failure(guarded(`http://redirector.test:${redirector.port}/`));
    expect(isBlockedAddressError((error as Error).cause)).toBe(true);
    expect(target.requests.length).toBe(0);

    const viaClient = await failure(
      client({ fetch: guarded, allowPrivateNetwork: ['redirector.test'] }).getText(
        `http://redirector.test:${redirector.port}/`,
      ),
    );
    expect(isBlockedAddressError(viaClient)).toBe(true);
    expect(target.requests.length).toBe(0);
  });
});

describe('cache against a real server', () => {
  it('revalidates with If-None-Match and serves the body on 304', async () => {
    const tagged = await server((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'max-age=0' }).end();
        return;
      }
      const [status, headers, body] = json({ v: 1 }, { etag: '"v1"', 'cache-control': 'max-age=0' });
      res.writeHead(status, headers).end(body);
    });
    const c = client();
    const first = await c.getJson(`${tagged.origin}/card`);
    const second = await c.getJson(`${tagged.origin}/card`);
    expect(second.data).toEqual({ v: 1 });
    expect(second.provenance).toMatchObject({
      fromCache: true,
      revalidated: true,
      sha256: first.provenance.sha256,
    });
    expect(tagged.requests.map((r) => r.headers['if-none-match'] ?? null)).toEqual([null, '"v1"']);
  });

  it('sends concurrent identical GETs to the server once', async () => {
    const slow = await server((_req, res) => {
      setTimeout(() => {
        const [status, headers, body] = json({ ok: true });
        res.writeHead(status, headers).end(body);
      }, 100);
    });
    const c = client();
    const results = await Promise.all(Array.from({ length: 10 }, () => c.getJson(`${slow.origin}/card`)));
    expect(slow.requests.length).toBe(1);
    expect(results.every((r) => (r.data as { ok: boolean }).ok)).toBe(true);
  });
});
