// createUcpClient({ auth }): the platform's credentials at a business that authenticates platforms. They go on every
// operation (REST) and every MCP POST, the handshake included, never on the public profile read; a token that
// rotates is asked for each call; a business that echoes one in its error text gets it withheld.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUcpClient, isUcpProtocolError, type UcpAuth } from '../src/index.js';
import { twoTransportProfile } from './helpers.js';

const KEY = 'key_live_9f8e7d6c5b4a';
let server: Server;
let base: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ url: req.url ?? '', headers: req.headers });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.url === '/.well-known/ucp') return json(200, twoTransportProfile(base, 'dev.ucp.shopping.order'));
    const given = req.headers['x-api-key'] ?? req.headers['authorization'];
    // Always refused, repeating what was sent (as a careless business might).
    if (req.url?.startsWith('/rest/'))
      return json(401, { code: 'unauthorized', content: `credential ${String(given)} refused` });
    const message = JSON.parse(body) as { id?: number; method: string };
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    if (message.method === 'initialize')
      return json(200, { jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-06-18' } });
    return json(401, { code: 'unauthorized', content: `credential ${String(given)} refused` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('createUcpClient({ auth })', () => {
  const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true });
  const client = (transport: 'rest' | 'mcp', auth: UcpAuth) =>
    createUcpClient({
      profileUrl: 'https://platform.example/.well-known/ucp',
      businessUrl: base,
      http,
      transport,
      auth,
    });

  it.each(['rest', 'mcp'] as const)(
    '%s: an API key header on every call, withheld from the error',
    async (transport) => {
      seen.length = 0;
      const error = await client(transport, { type: 'apiKey', key: KEY })
        .getOrder('ord_1')
        .catch((e: unknown) => e);
      expect(isUcpProtocolError(error) && [error.status, error.ucpCode, error.content]).toEqual([
        401,
        'unauthorized',
        'credential [withheld] refused',
      ]);
      expect(`${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`).not.toContain(KEY);
      const profile = seen.filter((r) => r.url === '/.well-known/ucp');
      const service = seen.filter((r) => r.url !== '/.well-known/ucp');
      expect(profile.length).toBe(1);
      expect(profile[0]!.headers['x-api-key']).toBeUndefined();
      expect(service.length).toBeGreaterThan(0);
      // MCP: initialize, notifications/initialized and tools/call all carry it.
      expect(service.length).toBe(transport === 'mcp' ? 3 : 1);
      for (const r of service) expect(r.headers['x-api-key']).toBe(KEY);
    },
  );

  it('a bearer token from a function is asked for on each call (it may rotate)', async () => {
    seen.length = 0;
    let n = 0;
    const c = client('rest', { type: 'bearer', token: () => `rotating-${++n}` });
    await c.getOrder('a').catch(() => undefined);
    await c.getOrder('b').catch(() => undefined);
    const auth = seen.filter((r) => r.url.startsWith('/rest/')).map((r) => r.headers['authorization']);
    expect(auth).toEqual(['Bearer rotating-1', 'Bearer rotating-2']);
  });

  it('refuses an auth it cannot use, before any request', () => {
    expect(() => client('rest', { type: 'basic', user: 'x' } as never)).toThrow(/auth/);
  });
});
