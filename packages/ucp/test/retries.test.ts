import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUcpClient, isUcpProtocolError } from '../src/index.js';

let server: Server;
let base: string;
const hits: Record<string, number> = {};
const headers: Record<string, string | undefined>[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    hits[path] = (hits[path] ?? 0) + 1;
    headers.push({
      agent: req.headers['ucp-agent'] as string,
      request: req.headers['request-id'] as string,
      key: req.headers['idempotency-key'] as string,
    });
    if (path === '/.well-known/ucp') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ucp: {
            version: '2026-04-08',
            services: {
              'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'rest', endpoint: `${base}/ucp` }],
            },
            capabilities: {
              'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }],
              'dev.ucp.shopping.cart': [{ version: '2026-04-08' }],
            },
            payment_handlers: {},
          },
        }),
      );
      return;
    }
    // Every first call is refused for a second; a read is sent again after Retry-After, a mutation never.
    if ((hits[path] ?? 0) === 1) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ code: 'unavailable', content: 'try later' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ucp: { version: '2026-04-08' }, products: [] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('retries', () => {
  const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true, retry: { baseDelayMs: 1 } });

  it('sends a read again after a 503 with Retry-After, and never a mutation', async () => {
    const client = createUcpClient({
      profileUrl: 'https://platform.example/.well-known/ucp',
      businessUrl: base,
      http,
    });
    const found = await client.searchCatalog({ query: 'x' });
    expect(found.ok).toBe(true);
    expect(hits['/ucp/catalog/search']).toBe(2);
    const error = await client
      .createCart({ line_items: [{ item: { id: 'a' }, quantity: 1 }] })
      .catch((e: unknown) => e);
    expect(isUcpProtocolError(error) && [error.status, error.ucpCode, error.retryAfterMs]).toEqual([
      503,
      'unavailable',
      0,
    ]);
    expect(hits['/ucp/carts']).toBe(1);
    const sent = headers.filter((h) => h.request !== undefined);
    expect(sent.every((h) => h.agent === 'profile="https://platform.example/.well-known/ucp"')).toBe(true);
    // Each attempt of the read carries the same Request-Id; the mutation carries an Idempotency-Key.
    expect(new Set(sent.slice(0, 2).map((h) => h.request)).size).toBe(1);
    expect(sent[2]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
