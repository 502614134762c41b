import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A `node:http` server on 127.0.0.1 with an ephemeral port, recording the requests it saw. */
export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Requests received, in order. */
  requests: IncomingMessage[];
  /** New TCP connections accepted. */
  connections: number;
  close(): Promise<void>;
}

export async function startServer(
  handler: (request: IncomingMessage, response: ServerResponse, server: TestServer) => void,
): Promise<TestServer> {
  const server: Server = createServer();
  const state: TestServer = {
    origin: '',
    port: 0,
    requests: [],
    connections: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('connection', () => {
    state.connections++;
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    state.requests.push(request);
    // A client that gives up mid-response makes writes fail; that is expected in these tests.
    response.on('error', () => {});
    handler(request, response, state);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://127.0.0.1:${state.port}`;
  return state;
}
