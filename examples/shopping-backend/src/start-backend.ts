import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDnsResolver } from '@agentweb/discovery';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { AgentWeb, type AgentWebOptions } from 'agentweb';
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
  /** The user this service shops for (default `default`): contextIds and approvals are kept per user. */
  userId?: string;
  /**
   * Keep contextIds and approvals in Redis (`{ url: 'redis://...' }`), so several instances of the service share
   * them: a user's requests may land on any instance. Without it they live in this process.
   */
  redis?: AgentWebOptions['redis'];
  /** Load the sandbox's AGIS services for `/intent/*` (default true). */
  agis?: boolean;
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
  let client: AgentWeb;
  try {
    client = new AgentWeb({
      lookup: sandbox.lookup,
      allowHttp: true,
      allowPrivateNetwork: true,
      dns,
      // Sandbox carts take any bearer token; a real deployment passes each merchant's own.
      credentials: () => ({ type: 'bearer', token: 'shopping-backend' }),
      ...(options.userId === undefined ? {} : { userId: options.userId }),
      ...(options.redis === undefined ? {} : { redis: options.redis }),
    });
  } catch (error) {
    await dns.close();
    if (options.sandbox === undefined) await sandbox.close();
    throw error;
  }
  const closeAll = async () => {
    await client.close();
    await dns.close();
    if (options.sandbox === undefined) await sandbox.close();
  };
  try {
    for (const merchant of sandbox.merchants) await client.addMerchant(merchant.domain);
    if (options.agis !== false) {
      for (const service of sandbox.agis) await client.loadAgisService(service.baseUrl);
    }
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
  const shared = options.redis === undefined ? '' : ', contextIds and approvals in Redis';
  out.write(`shopping backend on ${url} (${client.merchants().length} merchants${shared})\n`);
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

/** Options of {@link startShoppingCluster}. */
export interface ShoppingClusterOptions extends Omit<ShoppingBackendOptions, 'port' | 'redis'> {
  /** Redis for the shared state, e.g. `{ url: 'redis://127.0.0.1:6379' }` (required: it is what they share). */
  redis: NonNullable<ShoppingBackendOptions['redis']>;
  /** How many instances (default 2). */
  instances?: number;
  /** Port of the first instance; the next ones take the following ports (default 0: any free ports). */
  port?: number;
}

/** Several instances of the service on one sandbox and one Redis, as behind a load balancer. */
export interface ShoppingCluster {
  /** Base URL of each instance. */
  urls: string[];
  /** The instances. */
  backends: ShoppingBackend[];
  /** Stops every instance, and the sandbox when it was started here. */
  close(): Promise<void>;
}

/**
 * Starts `instances` copies of the service, each with its own AgentWeb client and Redis connection, sharing one
 * sandbox and one Redis: a user's contextIds and approvals follow them from instance to instance.
 */
export async function startShoppingCluster(options: ShoppingClusterOptions): Promise<ShoppingCluster> {
  const { instances = 2, port, sandbox: given, ...rest } = options;
  const sandbox = given ?? (await startSandbox({ merchants: 3, seed: 'shopping-backend' }));
  const backends: ShoppingBackend[] = [];
  const closeAll = async () => {
    await Promise.all(backends.map((backend) => backend.close()));
    if (given === undefined) await sandbox.close();
  };
  try {
    for (let i = 0; i < instances; i += 1) {
      backends.push(
        await startShoppingBackend({
          ...rest,
          sandbox,
          ...(port === undefined || port === 0 ? {} : { port: port + i }),
        }),
      );
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    urls: backends.map((backend) => backend.url),
    backends,
    close() {
      closing ??= closeAll();
      return closing;
    },
  };
}
