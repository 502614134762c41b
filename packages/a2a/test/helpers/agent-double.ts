import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One JSON-RPC request the double received. */
export interface RecordedCall {
  /** JSON-RPC method. */
  method: string;
  /** JSON-RPC params. */
  params: Record<string, unknown>;
  /** JSON-RPC id. */
  id: unknown;
  /** Request headers. */
  headers: IncomingHttpHeaders;
  /** Request path with query. */
  url: string;
}

/** What a script does with one request. */
export type Script = (call: RecordedCall, res: ServerResponse) => void | Promise<void>;

/** A scripted A2A agent on 127.0.0.1, for behaviour the official servers cannot be made to show. */
export interface AgentDouble {
  /** Base URL. */
  baseUrl: string;
  /** JSON-RPC URL (`/rpc`). */
  rpcUrl: string;
  /** Every request received, in order. */
  calls: RecordedCall[];
  /** Replace the script. */
  script: Script;
  /** Stops the server. */
  close(): Promise<void>;
}

/** Writes a JSON body. */
export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

/** Writes a JSON-RPC result for `call`. */
export function reply(res: ServerResponse, call: RecordedCall, result: unknown): void {
  sendJson(res, { jsonrpc: '2.0', id: call.id, result });
}

/** Starts an SSE response. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

/** Writes one SSE event carrying a JSON-RPC result for `call`. */
export function sseResult(res: ServerResponse, call: RecordedCall, result: unknown): void {
  res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: call.id, result })}\n\n`);
}

/** Starts a double on port 0. */
export async function startAgentDouble(script: Script): Promise<AgentDouble> {
  const calls: RecordedCall[] = [];
  const double = { script } as AgentDouble;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: { method?: string; params?: Record<string, unknown>; id?: unknown } = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = {};
      }
      const call: RecordedCall = {
        method: body.method ?? '',
        params: body.params ?? {},
        id: body.id,
        headers: req.headers,
        url: req.url ?? '/',
      };
      calls.push(call);
      Promise.resolve(double.script(call, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  double.baseUrl = `http://127.0.0.1:${port}`;
  double.rpcUrl = `${double.baseUrl}/rpc`;
  double.calls = calls;
  double.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return double;
}

/** Call at a test file's top level: returns `startAgentDouble` whose doubles are closed after each test. */
export function useAgentDoubles(): (script: Script) => Promise<AgentDouble> {
  const open: AgentDouble[] = [];
  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });
  return async (script) => {
    const double = await startAgentDouble(script);
    open.push(double);
    return double;
  };
}

/** A minimal 0.3 card pointing at `url`. */
export function v03Card(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'double',
    description: 'scripted agent',
    version: '1',
    protocolVersion: '0.3.0',
    url,
    preferredTransport: 'JSONRPC',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 's', description: 's', tags: [] }],
    ...extra,
  };
}

/** A minimal 1.0 card whose first interface is `url`. */
export function v1Card(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'double',
    description: 'scripted agent',
    version: '1',
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 's', description: 's', tags: [] }],
    ...extra,
  };
}
