import { createHttpClient, isHttpStatusError, isRedirectPolicyError } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';
import { describe, expect, it } from 'vitest';
import {
  A2ARpcError,
  createA2AClient,
  isA2AAuthRequiredError,
  isA2ARpcError,
  isA2AStreamError,
  isInvalidAgentResponseError,
  isNoSupportedEndpointError,
  isTaskNotFoundError,
  isVersionNotSupportedError,
  rpcErrorFor,
  type StreamEvent,
} from '../src/index.js';
import {
  reply,
  sendJson,
  sseResult,
  startAgentDouble,
  startSse,
  useAgentDoubles,
  v1Card,
  v03Card,
} from './helpers/agent-double.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, collectUntilError, text } from './helpers/messages.js';

const http = loopbackHttp();
const startDouble = useAgentDoubles();

const task = (id: string, state: string) => ({ kind: 'task', id, contextId: 'c', status: { state } });
const statusEvent = (id: string, state: string, final: boolean) => ({
  kind: 'status-update',
  taskId: id,
  contextId: 'c',
  status: { state },
  final,
});

describe('requests the client sends', () => {
  it('1.0: PascalCase method, A2A-Version header, tenant, wrapped message without kind', async () => {
    const double = await startDouble((call, res) =>
      reply(res, call, { message: { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } }),
    );
    const card = v1Card(double.rpcUrl, {
      supportedInterfaces: [
        { url: double.rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: 'acme' },
      ],
    });
    const client = await createA2AClient({ card, http, extensions: ['https://cap-spec.org'] });
    const result = await client.sendMessage({
      message: { parts: text('hi'), contextId: 'ctx' },
      configuration: { blocking: false },
    });
    expect(result.message?.parts[0]).toEqual({ kind: 'text', text: 'ok' });
    const call = double.calls[0];
    expect(call?.method).toBe('SendMessage');
    expect(call?.headers['a2a-version']).toBe('1.0');
    expect(call?.headers['a2a-extensions']).toBe('https://cap-spec.org');
    expect(call?.params).toMatchObject({
      tenant: 'acme',
      message: { role: 'ROLE_USER', parts: [{ text: 'hi' }], contextId: 'ctx' },
      configuration: { returnImmediately: true },
    });
    expect(call?.params['message']).not.toHaveProperty('kind');
  });

  it('0.3: slash method, no A2A-Version, message with kind and a generated messageId', async () => {
    const double = await startDouble((call, res) => reply(res, call, task('t1', 'completed')));
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const result = await client.sendMessage({ message: { parts: text('hi') } });
    expect(result.task?.status.state).toBe('completed');
    const call = double.calls[0];
    expect(call?.method).toBe('message/send');
    expect(call?.headers['a2a-version']).toBeUndefined();
    expect(call?.params['message']).toMatchObject({ kind: 'message', role: 'user' });
    const sent = call?.params['message'] as { messageId?: unknown } | undefined;
    expect(typeof sent?.messageId).toBe('string');
  });

  it('hybrid card: 1.0 by default, 0.3 on request', async () => {
    const double = await startDouble((call, res) => reply(res, call, task('t', 'completed')));
    const hybrid = {
      ...v03Card(`${double.rpcUrl}?legacy`),
      supportedInterfaces: [{ url: double.rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    };
    const v1 = await createA2AClient({ card: hybrid, http });
    expect(v1.dialect).toBe('1.0');
    expect(v1.endpoint.url).toBe(double.rpcUrl);
    const v03 = await createA2AClient({ card: hybrid, http, dialect: '0.3' });
    expect(v03.dialect).toBe('0.3');
    expect(v03.endpoint.url).toBe(`${double.rpcUrl}?legacy`);
  });

  it('takes the first supported interface, honours a bindings preference, and refuses a card with none', async () => {
    const card = v1Card('http://127.0.0.1:1/grpc', {
      supportedInterfaces: [
        { url: 'http://127.0.0.1:1/grpc', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        { url: 'http://127.0.0.1:1/rpc2', protocolBinding: 'JSONRPC', protocolVersion: '2.0' },
        { url: 'http://127.0.0.1:1/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      ],
    });
    const client = await createA2AClient({ card, http });
    expect(client.binding).toBe('GRPC');
    expect(client.endpoint).toMatchObject({
      url: 'http://127.0.0.1:1/grpc',
      binding: 'GRPC',
      dialect: '1.0',
    });
    await client.close();
    const rpcOnly = await createA2AClient({ card, http, bindings: ['JSONRPC'] });
    expect(rpcOnly.endpoint).toMatchObject({ url: 'http://127.0.0.1:1/rpc', binding: 'JSONRPC' });
    const none = v1Card('x', {
      supportedInterfaces: [
        {
          url: 'https://127.0.0.1:1/ws',
          protocolBinding: 'https://example.com/bindings/websocket/v1',
          protocolVersion: '1.0',
        },
        { url: 'http://127.0.0.1:1/g', protocolBinding: 'GRPC', protocolVersion: '2.0' },
      ],
    });
    const error = await createA2AClient({ card: none, http }).catch((e: unknown) => e);
    expect(isNoSupportedEndpointError(error)).toBe(true);
    expect(String(error)).toContain('unknown binding: https://example.com/bindings/websocket/v1');
    const unknownOption = await createA2AClient({ card, http, bindings: ['WEBSOCKET' as 'GRPC'] }).catch(
      (e: unknown) => e,
    );
    expect(unknownOption).toMatchObject({ name: 'InvalidOptionError', option: 'bindings' });
  });

  it('bearer, header API key from the card scheme, and query API key', async () => {
    const double = await startDouble((call, res) => reply(res, call, task('t', 'completed')));
    const card = v03Card(double.rpcUrl, {
      securitySchemes: {
        key: { type: 'apiKey', in: 'query', name: 'api_key' },
        hdr: { type: 'apiKey', in: 'header', name: 'X-Agent-Key' },
      },
      security: [{ key: [] }],
    });
    const client = await createA2AClient({
      card,
      http,
      auth: [
        { type: 'bearer', token: async () => 'tok' },
        { type: 'apiKey', key: 'q-secret', scheme: 'key' },
        { type: 'apiKey', key: 'h-secret', scheme: 'hdr' },
        { type: 'headers', headers: { 'X-Trace': '1' } },
      ],
    });
    await client.sendMessage({ message: { parts: text('x') } });
    const call = double.calls[0];
    expect(call?.headers['authorization']).toBe('Bearer tok');
    expect(call?.headers['x-agent-key']).toBe('h-secret');
    expect(call?.headers['x-trace']).toBe('1');
    expect(call?.url).toBe('/rpc?api_key=q-secret');
  });
});

describe('hostile or broken answers', () => {
  it('refuses a cross-origin redirect of a call, so the body and API-key header never reach the other host', async () => {
    const elsewhere = await startAgentDouble((call, res) => reply(res, call, task('t', 'completed')));
    try {
      const double = await startDouble((_call, res) => {
        res.writeHead(307, { location: `${elsewhere.rpcUrl}` });
        res.end();
      });
      const card = v03Card(double.rpcUrl, {
        securitySchemes: { hdr: { type: 'apiKey', in: 'header', name: 'X-Agent-Key' } },
        security: [{ hdr: [] }],
      });
      const client = await createA2AClient({
        card,
        http,
        auth: [{ type: 'apiKey', key: 'h-secret', scheme: 'hdr' }],
      });
      const unary = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
      expect(isRedirectPolicyError(unary)).toBe(true);
      const stream = await (async () => {
        for await (const _event of client.streamMessage({ message: { parts: text('x') } })) {
          // A redirected stream must not yield anything.
        }
      })().catch((e: unknown) => e);
      expect(isRedirectPolicyError(stream)).toBe(true);
      expect(elsewhere.calls).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('401 becomes A2AAuthRequiredError carrying the card schemes', async () => {
    const double = await startDouble((_call, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="x"' });
      res.end();
    });
    const card = v03Card(double.rpcUrl, {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      security: [{ bearer: [] }],
    });
    const client = await createA2AClient({ card, http });
    const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isA2AAuthRequiredError(error)).toBe(true);
    if (!isA2AAuthRequiredError(error)) return;
    expect(error.status).toBe(401);
    expect(error.schemes.map((s) => s.type)).toEqual(['bearer']);
    expect(error.requirements).toEqual([['bearer']]);
    expect(error.wwwAuthenticate).toBe('Bearer realm="x"');
    const streamError = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
      (e: unknown) => e,
    );
    expect(isA2AAuthRequiredError(streamError)).toBe(true);
  });

  it('a mismatched response id, a non-JSON body and a non-JSON-RPC body are InvalidAgentResponseError', async () => {
    const bodies: Array<(id: unknown) => string> = [
      (id) => JSON.stringify({ jsonrpc: '2.0', id: `${String(id)}-other`, result: task('t', 'completed') }),
      () => '<html>not json</html>',
      () => JSON.stringify([1, 2]),
      (id) => JSON.stringify({ jsonrpc: '2.0', id }),
      (id) => JSON.stringify({ jsonrpc: '2.0', id, result: { kind: 'artifact-update' } }),
    ];
    let n = 0;
    const double = await startDouble((call, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(bodies[n++]?.(call.id));
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    for (let i = 0; i < bodies.length; i++) {
      const error = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
      expect(isInvalidAgentResponseError(error), String(i)).toBe(true);
      if (isInvalidAgentResponseError(error)) {
        expect(error.detectedBy).toBe('client');
        expect(error.method).toBe('message/send');
      }
    }
  });

  it('a non-2xx HTML answer is an HttpStatusError; a non-2xx JSON-RPC error is the typed error', async () => {
    let n = 0;
    const double = await startDouble((call, res) => {
      if (n++ === 0) {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<h1>bad gateway</h1>');
      } else sendJson(res, { jsonrpc: '2.0', id: call.id, error: { code: -32001, message: 'gone' } }, 404);
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    // message/send is not idempotent, so the HTTP client does not retry the 502.
    const first = await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isHttpStatusError(first) && first.status).toBe(502);
    const second = await client.getTask({ id: 'x' }).catch((e: unknown) => e);
    expect(isTaskNotFoundError(second)).toBe(true);
  });

  it('keeps 1.0 ErrorInfo details', async () => {
    const info = {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'TASK_NOT_FOUND',
      domain: 'a2a-protocol.org',
      metadata: { taskId: 'x' },
    };
    const double = await startDouble((call, res) =>
      sendJson(res, {
        jsonrpc: '2.0',
        id: call.id,
        error: { code: -32001, message: 'Task not found', data: [info] },
      }),
    );
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http });
    const error = await client.getTask({ id: 'x' }).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
    if (isTaskNotFoundError(error)) expect(error.errorInfo).toEqual([info]);
  });

  it('maps every JSON-RPC code to its class; unknown codes stay A2ARpcError', () => {
    const names: Record<number, string> = {
      [-32700]: 'A2AJsonParseError',
      [-32600]: 'A2AInvalidRequestError',
      [-32601]: 'A2AMethodNotFoundError',
      [-32602]: 'A2AInvalidParamsError',
      [-32603]: 'A2AInternalError',
      [-32001]: 'TaskNotFoundError',
      [-32002]: 'TaskNotCancelableError',
      [-32003]: 'PushNotificationNotSupportedError',
      [-32004]: 'UnsupportedOperationError',
      [-32005]: 'ContentTypeNotSupportedError',
      [-32006]: 'InvalidAgentResponseError',
      [-32007]: 'ExtendedCardNotConfiguredError',
      [-32008]: 'ExtensionSupportRequiredError',
      [-32009]: 'VersionNotSupportedError',
      [-32050]: 'A2ARpcError',
    };
    for (const [code, name] of Object.entries(names)) {
      const error = rpcErrorFor({ rpcCode: Number(code), message: 'm' });
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(A2ARpcError);
      expect(error.rpcCode).toBe(Number(code));
    }
    expect(isVersionNotSupportedError(rpcErrorFor({ rpcCode: -32009, message: '' }))).toBe(true);
  });

  it('a malformed SSE event is InvalidAgentResponseError; a wrong id on the stream too', async () => {
    let n = 0;
    const double = await startDouble((_call, res) => {
      startSse(res);
      if (n++ === 0) res.write('data: {not json\n\n');
      else
        res.write(
          `data: ${JSON.stringify({ jsonrpc: '2.0', id: 999999, result: task('t', 'working') })}\n\n`,
        );
      res.end();
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    for (let i = 0; i < 2; i++) {
      const error = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
        (e: unknown) => e,
      );
      expect(isInvalidAgentResponseError(error)).toBe(true);
    }
  });

  it('events read before a JSON-RPC error or a malformed event in the same read reach the consumer first', async () => {
    const artifact = {
      kind: 'artifact-update',
      taskId: 't7',
      contextId: 'c',
      artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'partial' }] },
    };
    for (const failing of ['rpc-error', 'malformed'] as const) {
      // One write: TCP brings the three events in one read, so the client parses them as one batch.
      const double = await startDouble((call, res) => {
        startSse(res);
        const event = (body: Record<string, unknown>) =>
          `data: ${JSON.stringify({ jsonrpc: '2.0', id: call.id, ...body })}\n\n`;
        res.end(
          event({ result: statusEvent('t7', 'working', false) }) +
            event({ result: artifact }) +
            (failing === 'rpc-error'
              ? event({ error: { code: -32603, message: 'agent crashed' } })
              : 'data: {not json\n\n'),
        );
      });
      const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
      for (const resume of [undefined, false] as const) {
        const { events, error } = await collectUntilError(
          client.streamMessage({ message: { parts: text('x') } }, { resume }),
        );
        const seen = events.map((e) => e.kind);
        expect(seen, `${failing}, resume ${resume}`).toEqual(['status-update', 'artifact-update']);
        expect(isA2ARpcError(error) && error.rpcCode).toBe(failing === 'rpc-error' ? -32603 : -32006);
      }
    }
  });

  it('a JSON answer to a stream request that stops sending fails at the idle timeout, on JSON-RPC and HTTP+JSON', async () => {
    for (const sent of ['', '{"jsonrpc":"2.0",']) {
      const double = await startDouble((_call, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (sent) res.write(sent);
        else res.flushHeaders();
        // Then nothing, and the response never ends.
      });
      const rest = { url: double.baseUrl, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' };
      for (const card of [v03Card(double.rpcUrl), v1Card(double.baseUrl, { supportedInterfaces: [rest] })]) {
        const client = await createA2AClient({ card, http, idleTimeoutMs: 150, streamTimeoutMs: 10_000 });
        const error = await collect(
          client.streamMessage({ message: { parts: text('x') } }, { resume: false }),
        ).catch((e: unknown) => e);
        expect(
          isA2AStreamError(error) && error.reason,
          `${client.binding} after ${JSON.stringify(sent)}`,
        ).toBe('idle-timeout');
      }
    }
  });

  it("a JSON answer to a stream request is capped at the HTTP client's body cap, as on HTTP+JSON", async () => {
    const blob = 'x'.repeat(1_500_000);
    const double = await startDouble((call, res) =>
      sendJson(res, {
        jsonrpc: '2.0',
        id: call.id,
        result: { ...task('t', 'completed'), metadata: { blob } },
      }),
    );
    const roomy = createHttpClient({
      allowHttp: true,
      allowPrivateNetwork: true,
      connector: createLoopbackOnlyConnector(),
      cache: false,
      maxBodyBytes: 2 * 1024 * 1024,
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http: roomy });
    const events = await collect(client.streamMessage({ message: { parts: text('x') } }));
    expect(events).toHaveLength(1);
    expect(events[0]?.kind === 'task' && events[0].metadata?.['blob']).toBe(blob);
    const tight = await createA2AClient({ card: v03Card(double.rpcUrl), http, maxBodyBytes: 1_000_000 });
    const error = await collect(tight.streamMessage({ message: { parts: text('x') } })).catch(
      (e: unknown) => e,
    );
    expect(isInvalidAgentResponseError(error)).toBe(true);
    await roomy.close();
  });

  it('an event over the 4 MiB default cap fails with event-too-large', async () => {
    const double = await startDouble((call, res) => {
      startSse(res);
      const big = { ...task('t', 'working'), metadata: { blob: 'x'.repeat(4 * 1024 * 1024 + 10) } };
      res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: call.id, result: big })}\n\n`);
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const error = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
      (e: unknown) => e,
    );
    expect(isA2AStreamError(error) && error.reason).toBe('event-too-large');
  });

  it('a hanging stream: idle timeout, bounded resubscribes, then retries-exhausted', async () => {
    const double = await startDouble((call, res) => {
      startSse(res);
      sseResult(res, call, task('t-hang', 'working'));
      // Never ends, never sends another byte.
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http, idleTimeoutMs: 50 });
    const error = await collect(
      client.streamMessage(
        { message: { parts: text('x') } },
        { resume: { maxReconnects: 2, initialDelayMs: 1 } },
      ),
    ).catch((e: unknown) => e);
    expect(isA2AStreamError(error) && error.reason).toBe('retries-exhausted');
    expect(double.calls.map((c) => c.method)).toEqual([
      'message/stream',
      'tasks/resubscribe',
      'tasks/resubscribe',
    ]);
  });

  it('abort closes a hanging stream and its socket', async () => {
    let closed = false;
    const double = await startDouble((call, res) => {
      startSse(res);
      sseResult(res, call, task('t', 'working'));
      res.on('close', () => {
        closed = true;
      });
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    const controller = new AbortController();
    const reason = new Error('user stop');
    const seen: StreamEvent[] = [];
    const error = await (async () => {
      for await (const e of client.streamMessage(
        { message: { parts: text('x') } },
        { signal: controller.signal },
      )) {
        seen.push(e);
        controller.abort(reason);
      }
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toBe(reason);
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(true);
  });

  it('a dropped stream resubscribes and de-duplicates replayed events', async () => {
    const double = await startDouble((call, res) => {
      startSse(res);
      if (call.method === 'message/stream') {
        sseResult(res, call, task('t9', 'submitted'));
        sseResult(res, call, statusEvent('t9', 'working', false));
        res.end(); // dropped before a terminal state
        return;
      }
      // The resubscription replays what was already seen, then finishes.
      sseResult(res, call, task('t9', 'submitted'));
      sseResult(res, call, statusEvent('t9', 'working', false));
      sseResult(res, call, statusEvent('t9', 'completed', true));
      res.end();
    });
    const client = await createA2AClient({
      card: v03Card(double.rpcUrl),
      http,
      resume: { initialDelayMs: 1 },
    });
    const events = await collect(client.streamMessage({ message: { parts: text('x') } }));
    expect(
      events.map((e) => (e.kind === 'task' ? 'task' : e.kind === 'status-update' ? e.status.state : e.kind)),
    ).toEqual(['task', 'working', 'completed']);
    expect(double.calls.map((c) => c.method)).toEqual(['message/stream', 'tasks/resubscribe']);
    expect(double.calls[1]?.params).toEqual({ id: 't9' });
  });

  it('1.0: a task that finished while disconnected is read with GetTask when SubscribeToTask refuses', async () => {
    const double = await startDouble((call, res) => {
      if (call.method === 'SendStreamingMessage') {
        startSse(res);
        sseResult(res, call, { task: { id: 't5', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } });
        res.end();
      } else if (call.method === 'SubscribeToTask') {
        sendJson(res, { jsonrpc: '2.0', id: call.id, error: { code: -32004, message: 'terminal' } });
      } else reply(res, call, { id: 't5', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } });
    });
    const client = await createA2AClient({
      card: v1Card(double.rpcUrl),
      http,
      resume: { initialDelayMs: 1 },
    });
    const events = await collect(client.streamMessage({ message: { parts: text('x') } }));
    expect(events.map((e) => (e.kind === 'task' ? e.status.state : e.kind))).toEqual([
      'working',
      'completed',
    ]);
    expect(double.calls.map((c) => c.method)).toEqual(['SendStreamingMessage', 'SubscribeToTask', 'GetTask']);
  });

  it('a stream refused with a JSON-RPC error in a JSON body throws the typed error', async () => {
    const double = await startDouble((call, res) =>
      sendJson(res, { jsonrpc: '2.0', id: call.id, error: { code: -32001, message: 'no task' } }),
    );
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http });
    const error = await collect(client.resubscribe({ id: 'x' })).catch((e: unknown) => e);
    expect(isTaskNotFoundError(error)).toBe(true);
    expect(double.calls[0]?.method).toBe('SubscribeToTask');
  });
});

describe('polling, extended card and push configs', () => {
  it('waitForTask polls with backoff until a terminal state', async () => {
    const states = ['submitted', 'working', 'working', 'completed'];
    const double = await startDouble((call, res) =>
      reply(res, call, {
        id: 't',
        contextId: 'c',
        status: { state: `TASK_STATE_${(states.shift() ?? 'failed').toUpperCase()}` },
      }),
    );
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http });
    const polled: string[] = [];
    const done = await client.waitForTask('t', {
      initialIntervalMs: 1,
      onPoll: (t) => polled.push(t.status.state),
    });
    expect(done.status.state).toBe('completed');
    expect(polled).toEqual(['submitted', 'working', 'working', 'completed']);
    expect(double.calls.every((c) => c.method === 'GetTask')).toBe(true);
  });

  it('getExtendedCard validates the card; a non-card result is refused', async () => {
    let n = 0;
    const double = await startDouble((call, res) =>
      reply(res, call, n++ === 0 ? v03Card('https://agent.example/rpc', { name: 'extended' }) : 'nope'),
    );
    const client = await createA2AClient({
      card: v03Card(double.rpcUrl, { supportsAuthenticatedExtendedCard: true }),
      http,
    });
    const card = await client.getExtendedCard();
    expect(card.profile.name).toBe('extended');
    expect(double.calls[0]?.method).toBe('agent/getAuthenticatedExtendedCard');
    const error = await client.getExtendedCard().catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
  });

  it('push config methods speak each dialect and return the neutral shape', async () => {
    const v1Config = { taskId: 't', id: 'p', url: 'https://hook.example', token: 'tok' };
    const double = await startDouble((call, res) => {
      if (call.method === 'ListTaskPushNotificationConfigs') reply(res, call, { configs: [v1Config] });
      else if (call.method === 'DeleteTaskPushNotificationConfig') reply(res, call, null);
      else reply(res, call, v1Config);
    });
    const client = await createA2AClient({ card: v1Card(double.rpcUrl), http });
    const neutral = {
      taskId: 't',
      pushNotificationConfig: { id: 'p', url: 'https://hook.example', token: 'tok' },
    };
    expect(await client.setPushNotificationConfig(neutral)).toEqual(neutral);
    expect(await client.getPushNotificationConfig({ taskId: 't', configId: 'p' })).toEqual(neutral);
    expect(await client.listPushNotificationConfigs({ taskId: 't' })).toEqual([neutral]);
    await client.deletePushNotificationConfig({ taskId: 't', configId: 'p' });
    expect(double.calls.map((c) => c.method)).toEqual([
      'CreateTaskPushNotificationConfig',
      'GetTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
      'DeleteTaskPushNotificationConfig',
    ]);
    expect(double.calls[0]?.params).toEqual(v1Config);
    expect(double.calls[3]?.params).toEqual({ taskId: 't', id: 'p' });
  });

  it('0.3 push config methods use the nested shape and bare list', async () => {
    const config = { taskId: 't', pushNotificationConfig: { id: 'p', url: 'https://hook.example' } };
    const double = await startDouble((call, res) => {
      if (call.method === 'tasks/pushNotificationConfig/list') reply(res, call, [config]);
      else reply(res, call, config);
    });
    const client = await createA2AClient({ card: v03Card(double.rpcUrl), http });
    expect(await client.setPushNotificationConfig(config)).toEqual(config);
    expect(await client.listPushNotificationConfigs({ taskId: 't' })).toEqual([config]);
    expect(double.calls[0]?.method).toBe('tasks/pushNotificationConfig/set');
    expect(double.calls[1]?.params).toEqual({ id: 't' });
  });
});
