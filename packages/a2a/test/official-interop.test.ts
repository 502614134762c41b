import { isBodyTooLargeError } from '@agentweb/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type A2AClient,
  createA2AClient,
  isA2AAuthRequiredError,
  isA2AInvalidParamsError,
  isA2AInvalidRequestError,
  isA2AMethodNotFoundError,
  isPushNotificationNotSupportedError,
  isTaskNotCancelableError,
  isTaskNotFoundError,
  isUnsupportedOperationError,
  isVersionNotSupportedError,
  type StreamEvent,
} from '../src/index.js';
import { loopbackHttp } from './helpers/http.js';
import {
  HUGE_TEXT_BYTES,
  type OfficialPeer,
  PEER_TOKEN,
  type PeerBinding,
  startV1Peer,
  startV03Peer,
} from './helpers/official-peers.js';

const text = (t: string) => [{ kind: 'text' as const, text: t }];

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

/*
 * The same suite over every binding each official SDK line serves: JSON-RPC, HTTP+JSON (`restHandler`) and gRPC
 * (`grpcService`; for 1.3.0 with compat also the 0.3 `legacyGrpcService`), one agent card per binding. The
 * compat rows force the 0.3 dialect, so they run against the 1.3.0 server's 0.3 compatibility layer.
 */
const PEERS: Array<[string, () => Promise<OfficialPeer>, '0.3' | '1.0', PeerBinding]> = [
  ['0.3.14 JSON-RPC', () => startV03Peer(), '0.3', 'JSONRPC'],
  ['0.3.14 HTTP+JSON', () => startV03Peer({ binding: 'HTTP+JSON' }), '0.3', 'HTTP+JSON'],
  ['0.3.14 gRPC', () => startV03Peer({ binding: 'GRPC' }), '0.3', 'GRPC'],
  ['1.3.0 JSON-RPC without compat', () => startV1Peer({ legacyCompat: false }), '1.0', 'JSONRPC'],
  ['1.3.0 HTTP+JSON', () => startV1Peer({ legacyCompat: false, binding: 'HTTP+JSON' }), '1.0', 'HTTP+JSON'],
  ['1.3.0 gRPC', () => startV1Peer({ legacyCompat: false, binding: 'GRPC' }), '1.0', 'GRPC'],
  ['1.3.0 JSON-RPC with legacyCompat', () => startV1Peer({ legacyCompat: true }), '1.0', 'JSONRPC'],
  [
    '1.3.0 HTTP+JSON compat, spoken as 0.3',
    () => startV1Peer({ legacyCompat: true, binding: 'HTTP+JSON' }),
    '0.3',
    'HTTP+JSON',
  ],
  [
    '1.3.0 gRPC compat, spoken as 0.3',
    () => startV1Peer({ legacyCompat: true, binding: 'GRPC' }),
    '0.3',
    'GRPC',
  ],
];

describe.each(PEERS)('against the official %s server', (name, start, dialect, binding) => {
  let peer: OfficialPeer;
  let client: A2AClient;
  const http = loopbackHttp();
  const forced = name.includes('spoken as 0.3') ? { dialect: '0.3' as const } : {};
  // The official gRPC servers' cards name a bare `host:port`; on loopback the test allows plaintext.
  const grpc = { plaintext: true };

  beforeAll(async () => {
    peer = await start();
    client = await createA2AClient({ cardUrl: peer.cardUrl, http, grpc, ...forced });
  });
  afterAll(async () => {
    await client.close();
    await peer.close();
    await http.close();
  });

  it('picks the binding and dialect from the card', () => {
    expect(client.dialect).toBe(dialect);
    expect(client.binding).toBe(binding);
    expect(client.endpoint).toMatchObject({ url: peer.endpointUrl, binding, dialect });
  });

  it('refuses wrong credentials with A2AAuthRequiredError', async () => {
    const wrong = await createA2AClient({
      cardUrl: peer.cardUrl,
      http,
      grpc,
      ...forced,
      auth: { type: 'bearer', token: 'not-the-token' },
    });
    try {
      const error = await wrong.sendMessage({ message: { parts: text('hello') } }).catch((e: unknown) => e);
      expect(isA2AAuthRequiredError(error)).toBe(true);
      const stream = await collect(wrong.streamMessage({ message: { parts: text('s') } })).catch(
        (e: unknown) => e,
      );
      expect(isA2AAuthRequiredError(stream)).toBe(true);
      const right = await createA2AClient({
        cardUrl: peer.cardUrl,
        http,
        grpc,
        ...forced,
        auth: { type: 'bearer', token: PEER_TOKEN },
      });
      expect((await right.sendMessage({ message: { parts: text('ok') } })).task?.status.state).toBe(
        'completed',
      );
      await right.close();
    } finally {
      await wrong.close();
    }
  });

  it('maps the extended card and push config calls, which these agents do not offer, to the same typed errors', async () => {
    expect(isUnsupportedOperationError(await client.getExtendedCard().catch((e: unknown) => e))).toBe(true);
    const sent = await client.sendMessage({ message: { parts: text('push') } });
    const taskId = sent.task?.id ?? '';
    const calls = [
      () =>
        client.setPushNotificationConfig({
          taskId,
          pushNotificationConfig: { id: 'p1', url: 'https://hook.example/a2a' },
        }),
      () => client.getPushNotificationConfig({ taskId, configId: 'p1' }),
      () => client.listPushNotificationConfigs({ taskId }),
      () => client.deletePushNotificationConfig({ taskId, configId: 'p1' }),
    ];
    for (const call of calls) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isPushNotificationNotSupportedError(error), String(error)).toBe(true);
    }
  });

  it('refuses an answer over the body cap with BodyTooLargeError', async () => {
    const error = await client
      .sendMessage({ message: { messageId: `huge-${Date.now()}`, parts: text('big') } })
      .catch((e: unknown) => e);
    expect(isBodyTooLargeError(error)).toBe(true);
    // Under a cap that fits, the same answer arrives whole.
    const roomy = await createA2AClient({
      cardUrl: peer.cardUrl,
      http,
      grpc,
      ...forced,
      maxBodyBytes: 4 * 1024 * 1024,
    });
    const result = await roomy.sendMessage({
      message: { messageId: `huge-${Date.now()}`, parts: text('big') },
    });
    const part = result.task?.artifacts?.[0]?.parts[0];
    expect(part?.kind === 'text' && part.text.length).toBe(HUGE_TEXT_BYTES);
    await roomy.close();
  });

  it('sends a message and gets a completed task with the artifact', async () => {
    const result = await client.sendMessage({ message: { parts: text('hello') } });
    expect(result.task?.kind).toBe('task');
    expect(result.task?.status.state).toBe('completed');
    expect(result.task?.artifacts?.[0]?.parts[0]).toMatchObject({ kind: 'text', text: 'echo: hello' });
  });

  it('sends a message and gets a direct message reply', async () => {
    const result = await client.sendMessage({ message: { messageId: 'msg-1', parts: text('hi') } });
    expect(result.message).toMatchObject({ kind: 'message', role: 'agent' });
    expect(result.message?.parts[0]).toMatchObject({ kind: 'text', text: 'echo: hi' });
  });

  it('stops on input-required', async () => {
    const result = await client.sendMessage({
      message: { messageId: `input-${Date.now()}`, parts: text('x') },
    });
    expect(result.task?.status.state).toBe('input-required');
  });

  it('streams task, working, artifact, completed in the neutral shape', async () => {
    const events = await collect(client.streamMessage({ message: { parts: text('streamed') } }));
    expect(events.map((e) => e.kind)).toEqual(['task', 'status-update', 'artifact-update', 'status-update']);
    const last = events.at(-1);
    expect(last?.kind === 'status-update' && last.status.state).toBe('completed');
    expect(last?.kind === 'status-update' && last.final).toBe(true);
  });

  it('gets a task by id and refuses an unknown one with TaskNotFoundError', async () => {
    const sent = await client.sendMessage({ message: { parts: text('get me') } });
    const id = sent.task?.id ?? '';
    const task = await client.getTask({ id });
    expect(task.id).toBe(id);
    expect(task.status.state).toBe('completed');
    const error = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
  });

  it('cancels a running task, and refuses to cancel a completed one', async () => {
    const sent = await client.sendMessage({
      message: { messageId: `hold-${Date.now()}`, parts: text('wait') },
      configuration: { blocking: false },
    });
    const id = sent.task?.id ?? '';
    const canceled = await client.cancelTask({ id });
    expect(canceled.id).toBe(id);
    const after = await client.waitForTask(id, { initialIntervalMs: 10 });
    expect(after.status.state).toBe('canceled');
    const done = await client.sendMessage({ message: { parts: text('done') } });
    const again = await client.cancelTask({ id: done.task?.id ?? '' }).catch((e: unknown) => e);
    expect(isTaskNotCancelableError(again)).toBe(true);
  });

  it('resumes a stream after a forced disconnect and ends at the terminal state', async () => {
    const events: StreamEvent[] = [];
    const stream = client.streamMessage(
      { message: { messageId: `hold-${Date.now()}`, parts: text('resume') } },
      { resume: { initialDelayMs: 10 } },
    );
    let released = false;
    for await (const event of stream) {
      events.push(event);
      if (event.kind === 'status-update' && event.status.state === 'working' && !released) {
        released = true;
        const taskId = event.taskId;
        peer.dropConnections();
        // Let the client notice the drop and resubscribe before the task finishes.
        setTimeout(() => peer.release(taskId), 100);
      }
    }
    expect(released).toBe(true);
    const last = events.at(-1);
    const lastState =
      last?.kind === 'task' ? last.status.state : last?.kind === 'status-update' ? last.status.state : '';
    expect(lastState).toBe('completed');
    const keys = events.map((e) => JSON.stringify(e));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('dialect errors the official 1.3.0 server produces', () => {
  it('a 1.0 client forced onto 0.3 method names without the header gets MethodNotFound or VersionNotSupported', async () => {
    const http = loopbackHttp();
    const strict = await startV1Peer({ legacyCompat: false });
    const compat = await startV1Peer({ legacyCompat: true });
    try {
      // Raw call without A2A-Version on the strict server: −32009.
      const raw = await http.request(strict.rpcUrl, {
        method: 'POST',
        json: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: {} },
        throwHttpErrors: false,
      });
      expect(raw.json<{ error: { code: number } }>().error.code).toBe(-32009);
      // Our client in 0.3 mode against a 1.0-only endpoint declared as 0.3.
      const client = await createA2AClient({
        http,
        card: {
          name: 'x',
          description: 'x',
          version: '1',
          protocolVersion: '0.3.0',
          url: strict.rpcUrl,
          capabilities: {},
          defaultInputModes: [],
          defaultOutputModes: [],
          skills: [],
        },
      });
      const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
      expect(isVersionNotSupportedError(error)).toBe(true);
      // 1.0 names without the header on the compat server are read as 0.3: −32601.
      const viaCompat = await http.request(compat.rpcUrl, {
        method: 'POST',
        json: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: {} },
        throwHttpErrors: false,
      });
      expect(viaCompat.json<{ error: { code: number } }>().error.code).toBe(-32601);
      expect(isA2AMethodNotFoundError).toBeTypeOf('function');
    } finally {
      await strict.close();
      await compat.close();
      await http.close();
    }
  });
});

describe('observed server quirks (reference §14.5) surface as typed errors', () => {
  it('0.3.14: empty params, unsupported extended card, send to a terminal task, resubscribe to a completed task', async () => {
    const http = loopbackHttp();
    const peer = await startV03Peer();
    try {
      const client = await createA2AClient({ cardUrl: peer.cardUrl, http });
      const raw = await http.request(peer.rpcUrl, {
        method: 'POST',
        json: { jsonrpc: '2.0', id: 1, method: 'message/send', params: {} },
        throwHttpErrors: false,
      });
      expect(raw.json<{ error: { code: number } }>().error.code).toBe(-32603);
      const ext = await client.getExtendedCard().catch((e: unknown) => e);
      expect(isUnsupportedOperationError(ext)).toBe(true);
      const sent = await client.sendMessage({ message: { parts: text('one') } });
      const taskId = sent.task?.id ?? '';
      const again = await client
        .sendMessage({ message: { parts: text('two'), taskId, contextId: sent.task?.contextId ?? '' } })
        .catch((e: unknown) => e);
      expect(isA2AInvalidRequestError(again)).toBe(true);
      const replay = await collect(client.resubscribe({ id: taskId }));
      expect(replay.map((e) => e.kind)).toEqual(['task']);
      expect(replay[0]?.kind === 'task' && replay[0].status.state).toBe('completed');
    } finally {
      await peer.close();
      await http.close();
    }
  });

  it('1.3.0: missing messageId is InvalidParams with ErrorInfo; resubscribe to a completed task is UnsupportedOperation', async () => {
    const http = loopbackHttp();
    const peer = await startV1Peer({ legacyCompat: false });
    try {
      const client = await createA2AClient({ cardUrl: peer.cardUrl, http });
      const bad = await client
        .sendMessage({ message: { parts: text('x'), messageId: '' } })
        .catch((e: unknown) => e);
      expect(isA2AInvalidParamsError(bad)).toBe(true);
      if (isA2AInvalidParamsError(bad)) expect(bad.errorInfo[0]?.reason).toBe('INVALID_PARAMS');
      const sent = await client.sendMessage({ message: { parts: text('one') } });
      const error = await collect(client.resubscribe({ id: sent.task?.id ?? '' })).catch((e: unknown) => e);
      expect(isUnsupportedOperationError(error)).toBe(true);
    } finally {
      await peer.close();
      await http.close();
    }
  });

  it('the 1.3.0 compat server card without a version header is the hybrid card; both dialects work against it', async () => {
    const http = loopbackHttp();
    const peer = await startV1Peer({ legacyCompat: true });
    try {
      const { data } = await http.getJson<Record<string, unknown>>(peer.cardUrl);
      expect(data['url']).toBeTypeOf('string');
      expect(Array.isArray(data['supportedInterfaces'])).toBe(true);
      const v1 = await createA2AClient({ card: data, http });
      expect(v1.dialect).toBe('1.0');
      const v03 = await createA2AClient({ card: data, http, dialect: '0.3' });
      expect(v03.dialect).toBe('0.3');
      for (const client of [v1, v03]) {
        const result = await client.sendMessage({ message: { parts: text('both') } });
        expect(result.task?.status.state).toBe('completed');
        const events = await collect(client.streamMessage({ message: { parts: text('both') } }));
        expect(events.at(-1)).toMatchObject({
          kind: 'status-update',
          final: true,
          status: { state: 'completed' },
        });
      }
    } finally {
      await peer.close();
      await http.close();
    }
  });
});
