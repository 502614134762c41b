import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '@agentweb/http';
import { Role, type AgentCard as V1Card } from 'a2a-sdk-v1';
import { ClientFactory } from 'a2a-sdk-v1/client';
import { afterAll, bench, describe } from 'vitest';
import { createA2AClient } from '../src/index.js';

// One minimal 1.0 JSON-RPC agent on loopback: SendMessage answers a fixed completed task;
// SendStreamingMessage answers 999 working status updates and a completed one.
const STREAM_EVENTS = 1000;
const taskJson = (id: unknown) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    result: {
      task: {
        id: 't1',
        contextId: 'c1',
        status: { state: 'TASK_STATE_COMPLETED', timestamp: '2026-01-01T00:00:00.000Z' },
        artifacts: [{ artifactId: 'a1', parts: [{ text: 'echo: hello', mediaType: 'text/plain' }] }],
      },
    },
  });
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown; method: string };
    if (body.method === 'SendStreamingMessage') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const parts: string[] = [];
      for (let i = 0; i < STREAM_EVENTS; i++) {
        const state = i === STREAM_EVENTS - 1 ? 'TASK_STATE_COMPLETED' : 'TASK_STATE_WORKING';
        const result =
          i === 0
            ? { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } } }
            : { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state, timestamp: `${i}` } } };
        parts.push(`data: ${JSON.stringify({ jsonrpc: '2.0', id: body.id, result })}\n\n`);
      }
      res.end(parts.join(''));
      return;
    }
    const text = taskJson(body.id);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;

const card = {
  name: 'bench',
  description: 'bench agent',
  version: '1',
  supportedInterfaces: [{ url: rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' }],
  capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
  securitySchemes: {},
  securityRequirements: [],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 's', description: 's', tags: [] }],
};

const http = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: ['127.0.0.1'],
  cache: false,
  retry: false,
});
const ours = await createA2AClient({ card, http });
const official = await new ClientFactory().createFromAgentCard(card as unknown as V1Card);

const rawBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'SendMessage',
  params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
});
const officialMessage = {
  messageId: 'm1',
  contextId: '',
  taskId: '',
  role: Role.ROLE_USER,
  parts: [
    { content: { $case: 'text' as const, value: 'hello' }, mediaType: '', filename: '', metadata: undefined },
  ],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
};
const officialRequest = {
  tenant: '',
  message: officialMessage,
  configuration: undefined,
  metadata: undefined,
};

// Both clients and Node 20's global fetch need a few thousand calls to warm up; measured cold, the first
// hundreds of calls (~1 ms each) would dominate the numbers.
const warm = { warmupTime: 1000, time: 1000 };

afterAll(async () => {
  await http.close();
  server.closeAllConnections();
  server.close();
});

describe('sendMessage round trip on loopback (1.0 JSON-RPC, keep-alive)', () => {
  bench(
    'baseline: raw fetch of the same JSON-RPC body',
    async () => {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: rawBody,
      });
      await response.json();
    },
    warm,
  );
  bench(
    '@agentweb/a2a sendMessage',
    async () => {
      await ours.sendMessage({ message: { messageId: 'm1', parts: [{ kind: 'text', text: 'hello' }] } });
    },
    warm,
  );
  bench(
    'official @a2a-js/sdk 1.3.0 sendMessage',
    async () => {
      await official.sendMessage(officialRequest);
    },
    warm,
  );
});

describe(`${STREAM_EVENTS}-event stream read to the end`, () => {
  bench(
    'baseline: official @a2a-js/sdk 1.3.0 sendMessageStream',
    async () => {
      let n = 0;
      for await (const _ of official.sendMessageStream(officialRequest)) n++;
      if (n !== STREAM_EVENTS) throw new Error(`official client saw ${n} events`);
    },
    warm,
  );
  bench(
    '@agentweb/a2a streamMessage',
    async () => {
      let n = 0;
      for await (const _ of ours.streamMessage(
        { message: { messageId: 'm1', parts: [{ kind: 'text', text: 'hello' }] } },
        { resume: false },
      ))
        n++;
      if (n !== STREAM_EVENTS) throw new Error(`@agentweb/a2a saw ${n} events`);
    },
    warm,
  );
});
