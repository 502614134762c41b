// A business that repeats the payment token in its error text (as a careless one might): the token must not reach
// the error's message, JSON or stack, over REST or MCP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUcpClient, isUcpProtocolError } from '../src/index.js';
import { testInstrument, twoTransportProfile } from './helpers.js';

const TOKEN = 'tok_live_4242424242424242_secret';
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = (status: number, value: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...extra });
      res.end(JSON.stringify(value));
    };
    if (req.url === '/.well-known/ucp')
      return json(200, twoTransportProfile(base, 'dev.ucp.shopping.checkout'));
    const echoed = body.match(/tok_[a-z0-9_]+/)?.[0] ?? '';
    if (req.url?.startsWith('/rest/'))
      return json(400, { code: 'invalid_payment', content: `token ${echoed} refused` });
    const message = JSON.parse(body) as { id?: number; method: string };
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    if (message.method === 'initialize')
      return json(200, {
        jsonrpc: '2.0',
        id: message.id,
        result: { protocolVersion: '2025-06-18', capabilities: {} },
      });
    return json(200, {
      jsonrpc: '2.0',
      id: message.id,
      error: {
        code: -32000,
        message: `token ${echoed} refused`,
        data: { code: 'invalid_payment', content: `token ${echoed} refused` },
      },
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('payment credentials never reach an error', () => {
  const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true });
  it.each(['rest', 'mcp'] as const)('%s: the echoed token is withheld', async (transport) => {
    const client = createUcpClient({
      profileUrl: 'https://platform.example/.well-known/ucp',
      businessUrl: base,
      http,
      transport,
    });
    const error = await client
      .completeCheckout('chk_1', { confirm: true, instrument: testInstrument(TOKEN) })
      .catch((e: unknown) => e);
    expect(isUcpProtocolError(error) && error.content).toBe('token [withheld] refused');
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
    expect(text).not.toContain(TOKEN);
  });
});
