import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, bench, describe } from 'vitest';
import { createHttpClient } from '../src/index.js';

// Loopback server started once at module load: 1 KB JSON, keep-alive, cacheable for an hour.
const payload = JSON.stringify({
  name: 'bench',
  items: Array.from({ length: 24 }, (_, i) => ({ id: i, label: `item-${i}` })),
});
const body = Buffer.from(payload.padEnd(1024, ' '));
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': body.byteLength,
    'cache-control': 'max-age=3600',
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/card.json`;

const client = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: ['127.0.0.1'],
  cache: false,
  retry: false,
});
const cached = createHttpClient({ allowHttp: true, allowPrivateNetwork: ['127.0.0.1'] });
await cached.getJson(url);

const map = new Map([[url, { data: JSON.parse(payload) as unknown }]]);

afterAll(async () => {
  await client.close();
  await cached.close();
  server.closeAllConnections();
  server.close();
});

describe('per-GET overhead, 1 KB JSON on loopback (keep-alive)', () => {
  bench('baseline: global fetch', async () => {
    const response = await fetch(url);
    await response.json();
  });
  bench('client.getJson (cache off)', async () => {
    await client.getJson(url);
  });
});

describe('cache hits', () => {
  bench('baseline: Map.get', () => {
    map.get(url);
  });
  bench('client.getJson (fresh cache hit)', async () => {
    await cached.getJson(url);
  });
});
