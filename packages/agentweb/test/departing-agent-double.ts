import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running agent that departs from A2A as VoltAgent does, on 127.0.0.1. */
export interface DepartingAgent {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The card URL. */
  cardUrl: string;
  /** The card of a CAP merchant at the same endpoint, whose modes are bare words (`"text"`), as VoltAgent's. */
  merchantCardUrl: string;
  close(): Promise<void>;
}

// Tasks without `kind` anywhere, stream frames with a U+001E before their JSON: two departures the official
// servers cannot be made to show, seen on VoltAgent. The answer echoes the user's text.
const task = (id: string, state: string, said: string) => ({
  id,
  contextId: 'ctx-1',
  status: { state, message: { role: 'agent', messageId: `m-${id}-${state}`, parts: [{ text: said }] } },
});

/** Starts the agent on port 0. */
export async function startDepartingAgent(): Promise<DepartingAgent> {
  let tasks = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET') {
        const body = req.url?.startsWith('/merchant/') ? merchantCard(origin) : card(origin);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: unknown;
        method: string;
        params: { message: { parts: { text?: string }[] } };
      };
      const said = call.params.message.parts.map((p) => p.text ?? '').join('');
      const id = `t${++tasks}`;
      if (call.method === 'message/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const state of ['working', 'completed']) {
          const frame = JSON.stringify({ jsonrpc: '2.0', id: call.id, result: task(id, state, said) });
          res.write(`data: \u001e${frame}\n\n`);
        }
        res.end();
        return;
      }
      const body = JSON.stringify({ jsonrpc: '2.0', id: call.id, result: task(id, 'completed', said) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    cardUrl: `${origin}/.well-known/agent-card.json`,
    merchantCardUrl: `${origin}/merchant/.well-known/agent-card.json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function card(origin: string) {
  return {
    name: 'Echo',
    description: 'Echoes what it is told',
    version: '1.0.0',
    protocolVersion: '0.3.0',
    url: `${origin}/rpc`,
    preferredTransport: 'JSONRPC',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes', tags: ['echo'] }],
  };
}

function merchantCard(origin: string) {
  const base = card(origin);
  return {
    ...base,
    defaultInputModes: ['text'],
    capabilities: { streaming: true, extensions: [{ uri: 'https://cap-spec.org', required: false }] },
    skills: [{ id: 'cap:product_search', name: 'Search', description: 'Search', tags: ['search'] }],
  };
}
