import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createA2AClient, isA2AStreamError, isTaskNotFoundError, type StreamEvent } from '../src/index.js';
import {
  type RecordedCall,
  reply,
  sendJson,
  sseResult,
  startSse,
  useAgentDoubles,
  v1Card,
  v03Card,
} from './helpers/agent-double.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, text } from './helpers/messages.js';
import { startV1Peer, startV03Peer } from './helpers/official-peers.js';

// A stream that drops while the task runs, where the task finishes before the client resubscribes: however
// the agent turns the resubscription down, the stream must still end with the task's final state.

const http = loopbackHttp();
const startDouble = useAgentDoubles();

const stateOf = (e: StreamEvent | undefined): string =>
  e?.kind === 'task' || e?.kind === 'status-update' ? e.status.state : String(e?.kind);

type Refusal = (call: RecordedCall, res: ServerResponse) => void;

const rpcError = (call: RecordedCall, code: number, message: string) => ({
  jsonrpc: '2.0',
  id: call.id,
  error: { code, message },
});

interface Dialect {
  name: '0.3' | '1.0';
  card: (url: string) => Record<string, unknown>;
  methods: { stream: string; resubscribe: string; get: string };
  working: unknown;
  task: (state: 'working' | 'completed' | 'failed') => unknown;
}

const V03: Dialect = {
  name: '0.3',
  card: (url) => v03Card(url),
  methods: { stream: 'message/stream', resubscribe: 'tasks/resubscribe', get: 'tasks/get' },
  working: { kind: 'task', id: 't1', contextId: 'c', status: { state: 'working' } },
  task: (state) => ({ kind: 'task', id: 't1', contextId: 'c', status: { state } }),
};

const V1: Dialect = {
  name: '1.0',
  card: (url) => v1Card(url),
  methods: { stream: 'SendStreamingMessage', resubscribe: 'SubscribeToTask', get: 'GetTask' },
  working: { task: { id: 't1', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } },
  task: (state) => ({ id: 't1', contextId: 'c', status: { state: `TASK_STATE_${state.toUpperCase()}` } }),
};

const REFUSALS: Array<[string, Refusal]> = [
  [
    'UnsupportedOperation in a JSON body',
    (call, res) => sendJson(res, rpcError(call, -32004, 'task is in a terminal state')),
  ],
  [
    'UnsupportedOperation with HTTP 400',
    (call, res) => sendJson(res, rpcError(call, -32004, 'task is in a terminal state'), 400),
  ],
  [
    'UnsupportedOperation as the first event of the stream',
    (call, res) => {
      startSse(res);
      res.end(`data: ${JSON.stringify(rpcError(call, -32004, 'task is in a terminal state'))}\n\n`);
    },
  ],
  [
    'InvalidParams "terminal state"',
    (call, res) => sendJson(res, rpcError(call, -32602, 'Task t1 is in terminal state: completed')),
  ],
  [
    'InvalidRequest "terminal state"',
    (call, res) => sendJson(res, rpcError(call, -32600, 'Task t1 is in a terminal state')),
  ],
  [
    'an event stream that closes without any event',
    (_call, res) => {
      startSse(res);
      res.end();
    },
  ],
];

async function scripted(dialect: Dialect, refuse: Refusal, finalState: 'completed' | 'failed' | 'working') {
  const d = await startDouble((call, res) => {
    if (call.method === dialect.methods.stream) {
      startSse(res);
      sseResult(res, call, dialect.working);
      res.end(); // the stream ends mid-task, as when a proxy cuts it
    } else if (call.method === dialect.methods.resubscribe) refuse(call, res);
    else reply(res, call, dialect.task(finalState));
  });
  const client = await createA2AClient({
    card: dialect.card(d.rpcUrl),
    http,
    resume: { initialDelayMs: 1, maxReconnects: 1 },
  });
  return { d, client };
}

describe.each([V03, V1])('$name: resuming a stream whose task finished while disconnected', (dialect) => {
  it.each(REFUSALS)(
    'resubscribe answered with %s: the final task from GetTask ends the stream',
    async (_n, refuse) => {
      const { d, client } = await scripted(dialect, refuse, 'completed');
      const events = await collect(client.streamMessage({ message: { parts: text('x') } }));
      expect(events.map(stateOf)).toEqual(['working', 'completed']);
      expect(events.at(-1)?.kind).toBe('task');
      expect(d.calls.map((c) => c.method)).toEqual([
        dialect.methods.stream,
        dialect.methods.resubscribe,
        dialect.methods.get,
      ]);
      expect(d.calls[2]?.params).toMatchObject({ id: 't1' });
    },
  );

  it('a failed task is yielded as the last event too', async () => {
    const { client } = await scripted(dialect, REFUSALS[0]![1], 'failed');
    const events = await collect(client.streamMessage({ message: { parts: text('x') } }));
    expect(events.map(stateOf)).toEqual(['working', 'failed']);
  });

  it('a refusal for a task that is still running is rethrown, not hidden behind a snapshot', async () => {
    const { d, client } = await scripted(
      dialect,
      (call, res) => sendJson(res, rpcError(call, -32001, 'no such task')),
      'working',
    );
    const error = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
      (e: unknown) => e,
    );
    expect(isTaskNotFoundError(error)).toBe(true);
    expect(d.calls.map((c) => c.method)).toEqual([
      dialect.methods.stream,
      dialect.methods.resubscribe,
      dialect.methods.get,
    ]);
  });

  it('a resubscription that closes empty while the task still runs keeps retrying, then gives up', async () => {
    const { d, client } = await scripted(dialect, REFUSALS[5]![1], 'working');
    const error = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
      (e: unknown) => e,
    );
    expect(isA2AStreamError(error) && error.reason).toBe('retries-exhausted');
    expect(d.calls.map((c) => c.method)).toEqual([
      dialect.methods.stream,
      dialect.methods.resubscribe,
      dialect.methods.get,
    ]);
  });

  it('0.3 style: a single terminal task event and close ends the stream without GetTask', async () => {
    const { d, client } = await scripted(
      dialect,
      (call, res) => {
        startSse(res);
        sseResult(
          res,
          call,
          dialect.name === '0.3' ? dialect.task('completed') : { task: dialect.task('completed') },
        );
        res.end();
      },
      'completed',
    );
    const events = await collect(client.streamMessage({ message: { parts: text('x') } }));
    expect(events.map(stateOf)).toEqual(['working', 'completed']);
    expect(d.calls.map((c) => c.method)).toEqual([dialect.methods.stream, dialect.methods.resubscribe]);
  });
});

describe.each([
  ['0.3.14', startV03Peer],
  ['1.3.0', () => startV1Peer({ legacyCompat: false })],
] as const)('against the official %s server', (_name, start) => {
  it('a stream dropped before the task completes still ends with the completed task', async () => {
    const peer = await start();
    const peerHttp = loopbackHttp();
    try {
      const client = await createA2AClient({ cardUrl: peer.cardUrl, http: peerHttp });
      const events: StreamEvent[] = [];
      const stream = client.streamMessage(
        { message: { messageId: `hold-${Date.now()}`, parts: text('finish while away') } },
        { resume: { initialDelayMs: 50 } },
      );
      for await (const event of stream) {
        events.push(event);
        if (event.kind === 'status-update' && event.status.state === 'working') {
          peer.dropConnections();
          // Released at once: the task is terminal before the client (50 ms backoff) resubscribes.
          peer.release(event.taskId);
        }
      }
      expect(stateOf(events.at(-1))).toBe('completed');
    } finally {
      await peer.close();
      await peerHttp.close();
    }
  });
});
