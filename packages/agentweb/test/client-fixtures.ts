import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDnsResolver, type DnsResolver } from '@agentweb/discovery';
import type { Sandbox } from '@agentweb/sandbox';
import { AgentWeb, type AgentWebOptions } from '../src/index.js';

/**
 * Options that let an AgentWeb client reach the sandbox (loopback, plain http, sandbox names). Without a `dns`
 * resolver the DNS step is left out, so no query ever goes to the system's name servers.
 */
export function sandboxOptions(sb: Sandbox, extra: AgentWebOptions = {}): AgentWebOptions {
  return {
    lookup: sb.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    // Generous: the machine is shared with other test runs.
    timeoutMs: 15_000,
    ...extra,
    discovery: {
      defaultScheme: 'http',
      timeoutMs: 15_000,
      ...(extra.dns === undefined ? { mechanisms: ['link-tag', 'agent-card', 'agent-json'] } : {}),
      ...extra.discovery,
    },
  };
}

/** A DNS resolver asking only the sandbox's DNS server (for `_cap` TXT records). */
export function sandboxDns(sb: Sandbox): DnsResolver {
  return createDnsResolver({ servers: [`${sb.dns.host}:${sb.dns.port}`], timeoutMs: 5_000 });
}

/** Clients made by a test, closed after it. */
export function clientPool(): { make(options: AgentWebOptions): AgentWeb; closeAll(): Promise<void> } {
  const clients: AgentWeb[] = [];
  return {
    make(options) {
      const client = new AgentWeb(options);
      clients.push(client);
      return client;
    },
    async closeAll() {
      await Promise.all(clients.splice(0).map((c) => c.close()));
    },
  };
}

/** A recorded request of a {@link LoopbackServer}. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A tiny loopback HTTP server answering from a route table; records every request. */
export interface LoopbackServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A route answer: status, content type and body. */
export interface RouteAnswer {
  status?: number;
  type?: string;
  body: string;
}

/** Starts a loopback server; `route` answers each request (undefined = 404). */
export async function startLoopbackServer(
  route: (request: RecordedRequest, origin: string) => RouteAnswer | undefined,
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const answer = route(recorded, origin);
      if (answer === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res
        .writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'application/json' })
        .end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
