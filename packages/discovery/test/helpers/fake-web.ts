import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupFunction } from '@agentweb/http';

/** Answers one request; may be async. */
export type FakeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * A loopback HTTP server that plays many "domains": requests are routed by the Host header's name and the
 * path, so `shop-1.test` and `evil.test` are different sites on one port.
 */
export interface FakeWeb {
  /** The port every fake domain listens on. */
  readonly port: number;
  /** `host:port`, the form `resolve()` takes for a fake domain. */
  domain(host: string): string;
  /** `http://host:port{path}`. */
  url(host: string, path?: string): string;
  /** Serves `handler` for `host` + `path` (exact path, query ignored). */
  route(host: string, path: string, handler: FakeHandler): void;

  /** Requests seen for `host` + `path`. */
  hits(host: string, path: string): number;
  /** Requests seen in total. */
  totalHits(): number;
  /** Resets the hit counters. */
  resetHits(): void;
  /** Closes the server and every connection. */
  close(): Promise<void>;
}

/** Options of {@link startFakeWeb}. */
export interface FakeWebOptions {
  /** Sees every request before it is routed (the host without port, the path); awaited, so it can delay. */
  onRequest?: (req: IncomingMessage, where: { host: string; path: string }) => void | Promise<void>;
  /** Answers requests no route matches (default: 404 `not found`). */
  fallback?: FakeHandler;
}

/** Starts a {@link FakeWeb} on 127.0.0.1, port 0. Unknown routes answer 404. */
export async function startFakeWeb(options: FakeWebOptions = {}): Promise<FakeWeb> {
  const routes = new Map<string, FakeHandler>();
  const counts = new Map<string, number>();
  const keyOf = (host: string, path: string) => `${host.toLowerCase()} ${path}`;

  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const key = keyOf(host, path);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const answer = async (): Promise<void> => {
      await options.onRequest?.(req, { host, path });
      const handler = routes.get(key) ?? options.fallback;
      if (handler === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      else await handler(req, res);
    };
    answer().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    domain: (host) => `${host}:${port}`,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    route(host, path, handler) {
      routes.set(keyOf(host, path), handler);
    },
    hits: (host, path) => counts.get(keyOf(host, path)) ?? 0,
    totalHits: () => [...counts.values()].reduce((a, b) => a + b, 0),
    resetHits: () => counts.clear(),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A handler that answers JSON. */
export function json(
  body: unknown,
  options: { status?: number; headers?: Record<string, string> } = {},
): FakeHandler {
  const text = JSON.stringify(body);
  return (_req, res) => {
    res
      .writeHead(options.status ?? 200, { 'content-type': 'application/json', ...options.headers })
      .end(text);
  };
}

/** A handler that answers HTML. */
export function html(body: string, headers: Record<string, string> = {}): FakeHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };
}

/** A handler that redirects. */
export function redirect(location: string, status = 302): FakeHandler {
  return (_req, res) => {
    res.writeHead(status, { location }).end();
  };
}

/**
 * A `node:dns`-style lookup that maps every `*.test` name to 127.0.0.1 and names in `overrides` to the given
 * address (never resolving anything for real, so tests cannot reach outside loopback).
 */
export function testLookup(overrides: Record<string, string> = {}): LookupFunction {
  return (hostname, _options, callback) => {
    const address = overrides[hostname] ?? (hostname.endsWith('.test') ? '127.0.0.1' : undefined);
    if (address === undefined) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, []);
      return;
    }
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  };
}
