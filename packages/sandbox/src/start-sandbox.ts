import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { checkOptions } from '@agentweb/core';
import type { Express } from 'express';
import { type AgisServiceFaults, type AgisServiceId, checkAgisOptions } from './agis/agis-faults.js';
import { createAgisHost, type SandboxAgisService } from './agis/agis-services.js';
import { catalogSizeFor } from './catalog.js';
import type { SandboxCrawlingOptions } from './crawl-log.js';
import { compileZone, handleDoh, listenDns, type RunningDnsServer, type ZoneTable } from './dns/index.js';
import type { Lifecycle } from './fault-middleware.js';
import { faultsFor, type SandboxFaults } from './faults.js';
import { bindGrpcMerchant, type GrpcMerchantServer } from './grpc-merchant.js';
import { createMerchantApp, REST_PATH, RPC_PATH } from './merchant-app.js';
import {
  type MerchantBinding,
  type MerchantDialect,
  type MerchantInfo,
  MerchantRuntime,
  type MerchantStats,
} from './merchant-runtime.js';
import { SandboxListenError } from './sandbox-errors.js';
import { createSandboxFetch } from './sandbox-fetch.js';
import { createSandboxLookup, type SandboxLookup } from './sandbox-lookup.js';
import { checkUcpOptions } from './ucp/check-ucp-options.js';
import type { SandboxUcpMerchant, SandboxUcpOptions } from './ucp/ucp-host.js';
import {
  checkCommonOptions,
  checkCrawlingOptions,
  checkFaultsForBinding,
  checkFaultsOption,
  checkLoopbackHost,
  checkMerchantFaults,
  checkPort,
} from './validate-options.js';

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** Number of merchants (default 3). */
  merchants?: number;
  /** Seed for catalogs and latencies (default `'agentweb'`); equal seeds give equal catalogs. */
  seed?: string | number;
  /** Dialects assigned round-robin to merchants (default `['0.3', '1.0', 'dual']`). */
  dialects?: readonly MerchantDialect[];
  /**
   * A2A bindings assigned round-robin to merchants, each merchant offering only its own (default
   * `['JSONRPC']`). HTTP+JSON merchants serve the official SDK's `restHandler` at `/a2a/rest`; gRPC merchants
   * its `grpcService` on a port of their own, declared as `http://<domain>:<port>` (plaintext on loopback).
   * Both speak 1.0 (a `dual` merchant adds the 0.3 layer on the same binding; a `0.3` one is served as 1.0):
   * the 0.3 proto carries no part metadata, where CAP puts a data part's skill id.
   */
  bindings?: readonly MerchantBinding[];
  /** Faults per merchant, keyed by index or id, or a function of (index, id). */
  faults?: SandboxFaults;
  /** Address to bind (default `127.0.0.1`; must be loopback). */
  host?: string;
  /** HTTP port (default 0 = random). */
  port?: number;
  /** Domain suffix of merchant hosts (default `sandbox.test`). */
  domainSuffix?: string;
  /** Serve the AGIS services `reservations.<suffix>` and `pharmacy.<suffix>` (default true). */
  agis?: boolean;
  /** Faults per AGIS service id (`{ reservations: { hang: true } }`); they affect endpoint calls only. */
  agisFaults?: Readonly<Partial<Record<AgisServiceId, AgisServiceFaults>>>;
  /**
   * How storefronts treat crawlers: a `Crawl-delay` in every robots.txt and a latency on every storefront answer.
   * Each merchant's `stats.crawl` counts storefront requests and, with a Crawl-delay, arrivals that broke it.
   */
  crawling?: SandboxCrawlingOptions;
  /**
   * UCP merchants (`ucp-<i>.<suffix>`, REST and/or MCP, 2026-04-08 with 2026-01-11 checkout and orders), served
   * beside the CAP merchants (default none).
   */
  ucp?: SandboxUcpOptions;
}

/** One merchant as seen from outside. */
export interface SandboxMerchant extends MerchantInfo {
  /** Live counters (requests, skill calls, foreign contextIds). */
  readonly stats: MerchantStats;
}

/** A running sandbox. */
export interface Sandbox {
  /** The merchants, in index order. */
  merchants: SandboxMerchant[];
  /** The UCP merchants; empty without the `ucp` option. */
  ucpMerchants: SandboxUcpMerchant[];
  /** The AGIS services (reservations, pharmacy); empty with `agis: false`. */
  agis: SandboxAgisService[];
  /** The HTTP server's bound address (every merchant domain resolves to `host`). */
  http: { host: string; port: number };
  /** The DNS server (UDP and TCP). */
  dns: { host: string; port: number };
  /** RFC 8484 DoH endpoint URL. */
  doh: string;
  /** node:dns-style lookup mapping every sandbox domain to 127.0.0.1. */
  lookup: SandboxLookup;
  /** fetch that reaches sandbox domains (for clients that take a fetch but no lookup). */
  fetch: typeof fetch;
  /** Stops everything: HTTP (all connections, hung ones included), DNS, timers. */
  close(): Promise<void>;
}

/**
 * Starts a local agent web of CAP merchants on loopback. Rejects with `SandboxOptionsError` for options it cannot
 * run with and `SandboxListenError` when the HTTP or DNS server cannot bind.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  checkOptions('startSandbox', options, {});
  checkCommonOptions(options);
  checkLoopbackHost(options.host ?? '127.0.0.1');
  checkPort(options.port);
  checkFaultsOption(options.faults, true);
  checkAgisOptions(options.agis, options.agisFaults);
  checkCrawlingOptions(options.crawling);
  checkUcpOptions(options.ucp);
  const count = options.merchants ?? 3;
  const seed = String(options.seed ?? 'agentweb');
  const dialects = options.dialects ?? ['0.3', '1.0', 'dual'];
  const bindings = options.bindings ?? ['JSONRPC'];
  const grpcServers: GrpcMerchantServer[] = [];
  const host = options.host ?? '127.0.0.1';
  const suffix = (options.domainSuffix ?? 'sandbox.test').toLowerCase();

  const life: Lifecycle = { timers: new Set(), hung: new Set(), closed: false };
  const byHost = new Map<string, MerchantRuntime>();
  const apps = new Map<string, Express>();
  const capTxt = new Map<string, string>();
  // Compiled once every merchant is known; the DoH path answers 503 until then (nobody can ask before startSandbox returns).
  let zone: ZoneTable | undefined;
  const sockets = new Set<import('node:net').Socket>();

  // Filled once the port is known; AGIS hosts are routed before merchants.
  let agisHandlers: ReadonlyMap<string, (req: IncomingMessage, res: ServerResponse) => void> = new Map();

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const name = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const agisHandler = agisHandlers.get(name);
    if (agisHandler !== undefined) return agisHandler(req, res);
    const runtime = byHost.get(name);
    if (runtime === undefined) {
      if (req.url?.startsWith('/dns-query')) {
        if (zone !== undefined) return handleDoh(zone, req, res);
        res.writeHead(503, { 'content-type': 'text/plain' }).end('DNS zone not ready\n');
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`unknown sandbox host ${name}\n`);
      return;
    }
    let app = apps.get(name);
    if (app === undefined) {
      // Apps are built on first request so a thousand idle merchants cost only their runtimes.
      app = createMerchantApp(runtime, life);
      apps.set(name, app);
    }
    app(req, res);
  });
  server.keepAliveTimeout = 5000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error): void =>
      reject(
        new SandboxListenError(
          `sandbox HTTP server cannot listen on ${host}:${options.port ?? 0}: ${error.message}`,
          error,
        ),
      );
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  // `localhost` binds whichever loopback address it resolves to; clients, DNS and DoH must use that one.
  const bound = typeof address === 'object' && address !== null ? address.address : '127.0.0.1';
  const urlHost = bound.includes(':') ? `[${bound}]` : bound;

  const stopGrpc = () => {
    for (const g of grpcServers) g.close();
  };
  const merchants: SandboxMerchant[] = [];
  for (let index = 0; index < count; index++) {
    const id = `shop-${index}`;
    const domain = `${id}.${suffix}`;
    const baseUrl = `http://${domain}:${port}`;
    const binding = bindings[index % bindings.length] as MerchantBinding;
    const listed = dialects[index % dialects.length] as MerchantDialect;
    let grpcServer: GrpcMerchantServer | undefined;
    if (binding === 'GRPC') {
      try {
        grpcServer = await bindGrpcMerchant(bound);
      } catch (e) {
        stopGrpc();
        server.close();
        throw new SandboxListenError(
          `sandbox gRPC server of ${id} cannot bind ${bound}: ${e instanceof Error ? e.message : String(e)}`,
          e,
        );
      }
      grpcServers.push(grpcServer);
    }
    const rpcUrl = `${baseUrl}${RPC_PATH}`;
    const info: MerchantInfo = {
      id,
      index,
      domain,
      baseUrl,
      cardUrl: `${baseUrl}/.well-known/agent-card.json`,
      rpcUrl,
      binding,
      endpointUrl:
        binding === 'JSONRPC'
          ? rpcUrl
          : binding === 'HTTP+JSON'
            ? `${baseUrl}${REST_PATH}`
            : `http://${domain}:${grpcServer?.port ?? 0}`,
      catalogSize: catalogSizeFor(seed, index),
      dialect: binding !== 'JSONRPC' && listed === '0.3' ? '1.0' : listed,
      // Every fourth merchant supports only the mandatory keyword mode.
      queryModes: index % 4 === 3 ? ['keyword'] : ['keyword', 'phrase'],
    };
    const faults = faultsFor(options.faults, index, id);
    // A faults function is only checked here, merchant by merchant; the servers must not outlive a refusal.
    try {
      if (typeof options.faults === 'function')
        checkMerchantFaults(`faults(${index}, ${JSON.stringify(id)})`, faults);
      checkFaultsForBinding(`faults of ${id} (${binding})`, binding, faults);
    } catch (e) {
      stopGrpc();
      server.close();
      throw e;
    }
    const runtime = new MerchantRuntime(info, faults, seed, options.crawling);
    grpcServer?.serve(runtime, life);
    byHost.set(domain, runtime);
    capTxt.set(domain, info.cardUrl);
    merchants.push(
      Object.assign(Object.create(null) as object, info, { stats: runtime.stats }) as SandboxMerchant,
    );
  }

  const agisHost =
    options.agis === false
      ? undefined
      : createAgisHost({ suffix, port, ...(options.agisFaults ? { faults: options.agisFaults } : {}) });
  if (agisHost) agisHandlers = agisHost.byHost;
  // Loaded only when asked for: UCP merchants bring the schema validator.
  const ucpHost = options.ucp
    ? (await import('./ucp/ucp-host.js')).createUcpHost({ suffix, port, seed, ucp: options.ucp })
    : undefined;
  if (ucpHost) agisHandlers = new Map([...agisHandlers, ...ucpHost.byHost]);

  zone = compileZone({ suffix, capTxt, address: bound });
  let dns: RunningDnsServer;
  try {
    dns = await listenDns(zone, { host: bound });
  } catch (e) {
    // listenDns rejects with SandboxListenError naming the address; the other servers must not outlive it.
    stopGrpc();
    server.close();
    throw e;
  }
  const lookup = createSandboxLookup(new Set([...byHost.keys(), ...agisHandlers.keys()]), bound);
  let closing: Promise<void> | undefined;
  return {
    merchants,
    ucpMerchants: ucpHost?.merchants ?? [],
    agis: agisHost?.services ?? [],
    http: { host: bound, port },
    dns: { host: dns.host, port: dns.port },
    doh: `http://${urlHost}:${port}/dns-query`,
    lookup,
    fetch: createSandboxFetch(lookup),
    close: () => {
      closing ??= (async () => {
        life.closed = true;
        for (const t of life.timers) clearTimeout(t);
        life.timers.clear();
        for (const res of life.hung) res.destroy();
        life.hung.clear();
        agisHost?.close();
        stopGrpc();
        const closed = new Promise<void>((r) => server.close(() => r()));
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
        await Promise.all([closed, dns.close()]);
      })();
      return closing;
    },
  };
}
