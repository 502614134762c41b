import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../index.js';
import { createLoopbackOnlyConnector } from './index.js';

describe('createLoopbackOnlyConnector', () => {
  it('connects to loopback and refuses any other address even when the guard lets it through', async () => {
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const http = createHttpClient({
        allowHttp: true,
        allowPrivateNetwork: true,
        connector: createLoopbackOnlyConnector(),
        retry: false,
        cache: false,
        // Maps the name to a documentation address (data only): the connector must refuse it before any socket.
        lookup: (_host, _options, callback) => callback(null, [{ address: '192.0.2.7', family: 4 }]),
      });
      await expect(http.getJson(`http://127.0.0.1:${port}/`)).resolves.toMatchObject({ data: { ok: true } });
      await expect(http.getJson('http://far-away.test/')).rejects.toThrow(/loopback only/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
