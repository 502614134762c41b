import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { createHttpClient } from '../src/index.js';

// Loopback server started once at module load: 1 KB JSON, keep-alive, cacheable for an hour.
const payload = JSON.stringify({
  name: 'bench',
  items: Array.from({ length: 24 }, (_, i) => ({ id: i, label: `item-${i}` })),
});
const body = Buffer.from(payload.padEnd(1024, ' '));
// POSTs are answered once their body has arrived, as a real JSON API would.
const server = createServer((request, response) => {
  const answer = () => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': body.byteLength,
      'cache-control': 'max-age=3600',
    });
    response.end(body);
  };
  if (request.method === 'GET') answer();
  else request.resume().on('end', answer);
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

// A JSON request body of exactly 1 KB, sent as the same value each time.
const postBase = {
  query: 'bench',
  items: Array.from({ length: 24 }, (_, i) => ({ id: i, label: `item-${i}` })),
};
const postValue = {
  ...postBase,
  pad: 'x'.repeat(1024 - JSON.stringify({ ...postBase, pad: '' }).length),
};

// Node 20's global fetch needs a few thousand calls to warm up (its first hundreds cost ~1 ms each), so the
// network groups warm up for a second, or the baseline would be measured cold.
const network = { warmupTime: 1000, time: 1000 };

const map = new Map([[url, { data: JSON.parse(payload) as unknown }]]);

afterAll(async () => {
  await client.close();
  await cached.close();
  server.closeAllConnections();
  server.close();
});

benchGroup(
  'per-GET overhead, 1 KB JSON on loopback (keep-alive)',
  [
    {
      name: 'baseline: global fetch',
      fn: async () => {
        const response = await fetch(url);
        await response.json();
      },
    },
    {
      name: 'client.getJson (cache off)',
      fn: async () => {
        await client.getJson(url);
      },
    },
  ],
  network,
);

benchGroup(
  'per-POST overhead, 1 KB JSON body and answer on loopback (keep-alive)',
  [
    {
      name: 'baseline: global fetch',
      fn: async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(postValue),
        });
        await response.json();
      },
    },
    {
      name: 'client.postJson',
      fn: async () => {
        await client.postJson(url, { json: postValue });
      },
    },
  ],
  network,
);

benchGroup('cache hits', [
  {
    name: 'baseline: Map.get',
    fn: () => {
      map.get(url);
    },
  },
  {
    name: 'client.getJson (fresh cache hit)',
    fn: async () => {
      await cached.getJson(url);
    },
  },
]);
