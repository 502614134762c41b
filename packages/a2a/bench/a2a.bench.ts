import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '@agentweb/http';
import { Role, type AgentCard as V1Card } from 'a2a-sdk-v1';
import { ClientFactory } from 'a2a-sdk-v1/client';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { createA2AClient } from '../src/index.js';

// One minimal 1.0 JSON-RPC agent on loopback. SendMessage answers a fixed completed task. SendStreamingMessage
// answers the stream its message text names, built once so the server's own cost stays small:
//   `events:<n>`   the task, then n - 2 working status updates and a completed one (n events in all);
//   `big:<n>`      the task, n artifact updates of 1 MB of text each, and a completed status update;
//   `paced:<n>`    the events of `events:<n>`, each in its own write, one per turn of the event loop, as a server
//                  sends events as they happen (the others go out in one write, the best case for batching).
const BIG_EVENT_BYTES = 1_000_000;
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

const submitted = { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } } };
const status = (state: string, i: number) => ({
  statusUpdate: { taskId: 't1', contextId: 'c1', status: { state, timestamp: `${i}` } },
});

function streamEvents(scenario: string): string[] {
  const [kind, count] = scenario.split(':');
  const n = Number(count);
  const results: unknown[] = [submitted];
  if (kind === 'events' || kind === 'paced') {
    for (let i = 1; i < n - 1; i++) results.push(status('TASK_STATE_WORKING', i));
  } else {
    const text = 'x'.repeat(BIG_EVENT_BYTES);
    for (let i = 0; i < n; i++) {
      results.push({
        artifactUpdate: {
          taskId: 't1',
          contextId: 'c1',
          artifact: { artifactId: `a${i}`, parts: [{ text, mediaType: 'text/plain' }] },
          append: false,
          lastChunk: true,
        },
      });
    }
  }
  results.push(status('TASK_STATE_COMPLETED', n));
  return results.map((result) => `data: ${JSON.stringify({ jsonrpc: '2.0', id: ID_SLOT, result })}\n\n`);
}

// Every event answers the request's id; the bodies are built once with a slot for it.
const ID_SLOT = '@request-id@';
const STREAMS = { small: 'events:1000', many: 'events:10000', big: 'big:8', paced: 'paced:1000' } as const;
const slot = JSON.stringify(ID_SLOT);
/** Per scenario, its events (each split around the id slot), written one by one for `paced:`, else in one write. */
const streams = new Map<string, string[][]>(
  Object.values(STREAMS).map((scenario) => [
    scenario,
    scenario.startsWith('paced:')
      ? streamEvents(scenario).map((event) => event.split(slot))
      : [streamEvents(scenario).join('').split(slot)],
  ]),
);
const expectedEvents = (scenario: string) => {
  const [kind, count] = scenario.split(':');
  return kind === 'big' ? Number(count) + 2 : Number(count);
};

/** Writes `writes` in order, one per turn of the event loop, so each leaves in its own write, then ends. */
function writeSeparately(res: ServerResponse, writes: string[]): void {
  let next = 0;
  const step = (): void => {
    if (res.destroyed) return;
    if (next === writes.length) {
      res.end();
      return;
    }
    res.write(writes[next++]);
    setImmediate(step);
  };
  step();
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      id: unknown;
      method: string;
      params: { message: { parts: { text?: string }[] } };
    };
    if (body.method === 'SendStreamingMessage') {
      const scenario = body.params.message.parts[0]?.text ?? '';
      const stream = streams.get(scenario);
      if (stream === undefined) {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const writes = stream.map((parts) => parts.join(JSON.stringify(body.id)));
      if (scenario.startsWith('paced:')) writeSeparately(res, writes);
      else res.end(writes[0]);
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
// The default caps stay on: 4 MiB per event, 256 MiB per stream, a 60 s idle timeout.
const ours = await createA2AClient({ card, http });
const official = await new ClientFactory().createFromAgentCard(card as unknown as V1Card);

const rawBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'SendMessage',
  params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
});
const officialRequest = (text: string) => ({
  tenant: '',
  message: {
    messageId: 'm1',
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [
      { content: { $case: 'text' as const, value: text }, mediaType: '', filename: '', metadata: undefined },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  },
  configuration: undefined,
  metadata: undefined,
});
const ourMessage = (text: string) => ({
  message: { messageId: 'm1', parts: [{ kind: 'text' as const, text }] },
});

// Both clients and Node 20's global fetch need a few thousand calls to warm up; measured cold, the first
// hundreds of calls (~1 ms each) would dominate the numbers.
const warm = { warmupTime: 1000, time: 1000 };

afterAll(async () => {
  await http.close();
  server.closeAllConnections();
  server.close();
});

benchGroup(
  'sendMessage round trip on loopback (1.0 JSON-RPC, keep-alive)',
  [
    {
      name: 'baseline: official @a2a-js/sdk 1.3.0 sendMessage',
      fn: async () => {
        await official.sendMessage(officialRequest('hello'));
      },
    },
    {
      name: '@agentweb/a2a sendMessage',
      fn: async () => {
        await ours.sendMessage(ourMessage('hello'));
      },
    },
    {
      name: 'raw fetch of the same JSON-RPC body',
      fn: async () => {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
          body: rawBody,
        });
        await response.json();
      },
    },
  ],
  warm,
);

/** Reading one stream to the end with each client; both must see every event. */
function streamGroup(title: string, scenario: string, timing = warm): void {
  const expected = expectedEvents(scenario);
  benchGroup(
    title,
    [
      {
        name: 'baseline: official @a2a-js/sdk 1.3.0 sendMessageStream',
        fn: async () => {
          let n = 0;
          for await (const _ of official.sendMessageStream(officialRequest(scenario))) n++;
          if (n !== expected) throw new Error(`official client saw ${n} events`);
        },
      },
      {
        name: '@agentweb/a2a streamMessage (defaults: resume on)',
        fn: async () => {
          let n = 0;
          for await (const _ of ours.streamMessage(ourMessage(scenario))) n++;
          if (n !== expected) throw new Error(`@agentweb/a2a saw ${n} events`);
        },
      },
      {
        name: '@agentweb/a2a streamMessage (resume: false)',
        fn: async () => {
          let n = 0;
          for await (const _ of ours.streamMessage(ourMessage(scenario), { resume: false })) n++;
          if (n !== expected) throw new Error(`@agentweb/a2a saw ${n} events`);
        },
      },
    ],
    timing,
  );
}

streamGroup('1,000-event stream read to the end', STREAMS.small);
streamGroup('10,000-event stream read to the end', STREAMS.many, { warmupTime: 1000, time: 2000 });
streamGroup('stream of 8 events of 1 MB read to the end', STREAMS.big, { warmupTime: 1000, time: 2000 });
streamGroup('1,000-event stream, one write per event', STREAMS.paced, { warmupTime: 1000, time: 2000 });
