import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One request a hand-written REST agent received. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Servers to close after each test. */
const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A hand-written REST agent on loopback: the handler sees each request and writes any answer. */
export async function restAgent(handle: (req: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      handle(entry, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a2a`;
  return { base, seen };
}

/** Answers with a JSON body. */
export const json = (res: ServerResponse, status: number, body: unknown, type = 'application/a2a+json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
};

/** A 1.0 card declaring one HTTP+JSON interface. */
export function v1RestCard(url: string, tenant?: string) {
  return {
    name: 'rest agent',
    description: 'd',
    version: '1',
    supportedInterfaces: [
      { url, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', ...(tenant ? { tenant } : {}) },
    ],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 's', description: 's', tags: [] }],
  };
}

/** A 0.3 card whose preferred transport is HTTP+JSON. */
export function v03RestCard(url: string) {
  return {
    name: 'rest agent',
    description: 'd',
    version: '1',
    protocolVersion: '0.3.0',
    url,
    preferredTransport: 'HTTP+JSON',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 's', description: 's', tags: [] }],
  };
}
