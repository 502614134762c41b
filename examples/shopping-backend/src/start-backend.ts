import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDnsResolver } from '@agentweb/discovery';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { AgentWeb } from 'agentweb';
import { createShoppingHandler } from './shopping-server.js';

/** Options of {@link startShoppingBackend}. */
export interface ShoppingBackendOptions {
  /** The sandbox whose merchants the service shops at (default: one with three merchants, closed by `close()`). */
  sandbox?: Sandbox;
  /** Address to listen on (default `127.0.0.1`). */
  host?: string;
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Largest request body in bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /** Where start-up and 5xx lines are written (default `process.stdout`). */
  out?: NodeJS.WritableStream;
}

/** A running shopping backend. */
export interface ShoppingBackend {
  /** Base URL, e.g. `http://127.0.0.1:54321`. */
  url: string;
  /** The AgentWeb client behind the routes. */
  client: AgentWeb;
  /** Stops the server, the client, and the sandbox when it was started here. */
  close(): Promise<void>;
}

/** Starts the JSON service with an AgentWeb client that knows every sandbox merchant. */
export async function startShoppingBackend(options: ShoppingBackendOptions = {}): Promise<ShoppingBackend> {
  const out = options.out ?? process.stdout;
  const sandbox = options.sandbox ?? (await startSandbox({ merchants: 3, seed: 'shopping-backend' }));
  const dns = createDnsResolver({ servers: [`${sandbox.dns.host}:${sandbox.dns.port}`] });
  const client = new AgentWeb({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    dns,
    // Sandbox carts take any bearer token; a real deployment passes each merchant's own.
    credentials: () => ({ type: 'bearer', token: 'shopping-backend' }),
  });
  const closeAll = async () => {
    await client.close();
    await dns.close();
    if (options.sandbox === undefined) await sandbox.close();
  };
  try {
    for (const merchant of sandbox.merchants) await client.addMerchant(merchant.domain);
  } catch (error) {
    await closeAll();
    throw error;
  }
  const server = createServer(
    createShoppingHandler({
      client,
      ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      onServerError: (error, req) =>
        out.write(`${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}\n`),
    }),
  );
  // Slow or idle clients must not hold sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await closeAll();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  out.write(`shopping backend on ${url} (${client.merchants().length} merchants)\n`);
  let closing: Promise<void> | undefined;
  return {
    url,
    client,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await closeAll();
      })();
      return closing;
    },
  };
}
