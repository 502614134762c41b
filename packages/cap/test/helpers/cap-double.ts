import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AgentProfile, parseAgentCard } from '@agentweb/agentcard';
import { createHttpClient, type HttpClient } from '@agentweb/http';

/** What a merchant double received in one call. */
export interface Received {
  skillId: string | undefined;
  data: unknown;
  contextId: string | undefined;
  parts: Array<Record<string, unknown>>;
}

/** How a merchant double answers one call. */
export type Reply =
  | { output: unknown; contextId?: string }
  | {
      error: { capErrorCode: string; description: string; details?: Record<string, unknown> };
      contextId?: string;
    }
  | { http: number; headers?: Record<string, string>; body?: string }
  | { hang: true }
  | { state: string }
  | { after: Promise<unknown>; reply: Reply };

/** One merchant's script. */
export type Script = (call: Received, count: number) => Reply;

/** Skill declaration on the double's card. */
export interface SkillSpec {
  id: string;
  tags?: string[];
  inputModes?: string[];
}

/** A merchant served by the double. */
export interface DoubleMerchant {
  id: string;
  cardUrl: string;
  rpcUrl: string;
  card: Record<string, unknown>;
  profile: AgentProfile;
  received: Received[];
}

const ALL_SKILLS: SkillSpec[] = [
  { id: 'cap:product_search', tags: ['auth:public'] },
  { id: 'cap:product_get', tags: ['auth:public'] },
  { id: 'cap:cart_manage' },
  { id: 'cap:order_status' },
  { id: 'cap:user_preferences_set', tags: ['auth:public'] },
];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * A small A2A 0.3 JSON-RPC server on 127.0.0.1 hosting many CAP merchants under `/m/<i>/`, each scripted and
 * recording every message it received.
 */
export async function startCapDouble(options: {
  merchants: number;
  script: (index: number) => Script;
  skills?: SkillSpec[];
}): Promise<{ merchants: DoubleMerchant[]; http: HttpClient; close(): Promise<void> }> {
  const scripts: Script[] = [];
  const counts: number[] = [];
  const merchants: DoubleMerchant[] = [];
  let issued = 0;
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/m\/(\d+)\/(rpc|card)$/.exec(req.url ?? '');
    const index = match ? Number(match[1]) : -1;
    const merchant = merchants[index];
    if (!match || !merchant) {
      res.writeHead(404).end();
      return;
    }
    if (match[2] === 'card') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(merchant.card));
      return;
    }
    const envelope = JSON.parse(await readBody(req)) as {
      id: number;
      params: {
        message: {
          parts: Array<Record<string, unknown>>;
          contextId?: string;
          metadata?: Record<string, unknown>;
        };
      };
    };
    const message = envelope.params.message;
    const dataPart = message.parts.find((part) => part.kind === 'data');
    const anyPart = dataPart ?? message.parts[0];
    const call: Received = {
      skillId: (anyPart?.metadata as { skillId?: string } | undefined)?.skillId,
      data: dataPart?.data,
      contextId: message.contextId,
      parts: message.parts,
    };
    merchant.received.push(call);
    counts[index] = (counts[index] ?? 0) + 1;
    let reply = scripts[index]!(call, counts[index]!);
    while ('after' in reply) {
      const { after, reply: next } = reply;
      await after;
      reply = next;
    }
    if ('hang' in reply) return;
    if ('http' in reply) {
      res
        .writeHead(reply.http, { 'content-type': 'application/json', ...reply.headers })
        .end(reply.body ?? '{}');
      return;
    }
    issued += 1;
    const contextId =
      ('contextId' in reply && reply.contextId) || call.contextId || `ctx-${merchant.id}-${issued}`;
    const taskId = `task-${issued}`;
    let task: Record<string, unknown>;
    if ('state' in reply) {
      task = { kind: 'task', id: taskId, contextId, status: { state: reply.state } };
    } else if ('error' in reply) {
      task = {
        kind: 'task',
        id: taskId,
        contextId,
        status: {
          state: 'failed',
          message: {
            kind: 'message',
            messageId: `e${issued}`,
            role: 'agent',
            parts: [{ kind: 'data', data: reply.error }],
          },
        },
      };
    } else {
      task = {
        kind: 'task',
        id: taskId,
        contextId,
        status: { state: 'completed' },
        artifacts: [
          {
            artifactId: 'a1',
            parts: [{ kind: 'data', data: reply.output, metadata: { skillId: call.skillId } }],
          },
        ],
      };
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: envelope.id, result: task }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  for (let i = 0; i < options.merchants; i += 1) {
    scripts.push(options.script(i));
    const base = `http://127.0.0.1:${port}/m/${i}`;
    const card = {
      protocolVersion: '0.3.0',
      name: `Merchant ${i}`,
      description: 'CAP test double',
      url: `${base}/rpc`,
      version: '1.0.0',
      preferredTransport: 'JSONRPC',
      capabilities: {
        streaming: false,
        extensions: [{ uri: 'https://cap-spec.org', params: { 'search-query-modes': ['keyword'] } }],
      },
      defaultInputModes: ['application/json'],
      defaultOutputModes: ['application/json'],
      skills: (options.skills ?? ALL_SKILLS).map((skill) => ({
        id: skill.id,
        name: skill.id,
        description: skill.id,
        tags: skill.tags ?? [],
        ...(skill.inputModes ? { inputModes: skill.inputModes } : {}),
      })),
    };
    const profile = parseAgentCard(card).profile;
    merchants.push({
      id: `merchant-${i}`,
      cardUrl: `${base}/card`,
      rpcUrl: `${base}/rpc`,
      card,
      profile,
      received: [],
    });
  }
  const http = createHttpClient({
    allowHttp: true,
    allowPrivateNetwork: true,
    cache: false,
    timeoutMs: 5000,
    retry: false,
  });
  return {
    merchants,
    http,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A search output with `count` products named after the merchant. */
export function searchOutput(
  merchant: string,
  count: number,
  extra: (i: number) => Record<string, unknown> = () => ({}),
) {
  return {
    products: Array.from({ length: count }, (_, i) => ({
      id: `${merchant}-p${i}`,
      name: `${merchant} product ${i}`,
      offers: [
        { identifier: `${merchant}-o${i}`, price: '10.00', priceCurrency: 'USD', availability: 'inStock' },
      ],
      ...extra(i),
    })),
    totalResults: count,
    offset: 0,
    limit: count,
  };
}
