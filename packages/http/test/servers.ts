import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../src/index.js';

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

/** Servers and clients for one test file, all closed after each test. */
export interface LoopbackHarness {
  /** Closers run newest first after each test; push any extra resource a test opens. */
  cleanups: (() => Promise<void>)[];
  /** Starts a server that is closed after the current test. */
  server(...args: Parameters<typeof startServer>): Promise<TestServer>;
  /** A client allowed to reach 127.0.0.1 over plain HTTP, with fast retries; closed after the current test. */
  client(options?: HttpClientOptions): HttpClient;
}

/** Call at a test file's top level: registers the `afterEach` that closes what the harness opened. */
export function useLoopbackHarness(): LoopbackHarness {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
  return {
    cleanups,
    async server(...args) {
      const started = await startServer(...args);
      cleanups.push(() => started.close());
      return started;
    },
    client(options = {}) {
      const created = createHttpClient({
        allowHttp: true,
        allowPrivateNetwork: ['127.0.0.1'],
        retry: { baseDelayMs: 1, maxDelayMs: 5 },
        ...options,
      });
      cleanups.push(() => created.close());
      return created;
    },
  };
}

/** Resolves to what `promise` rejected with; throws if it fulfilled. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
