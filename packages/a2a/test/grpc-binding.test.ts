import { isInvalidOptionError } from '@agentweb/core';
import {
  createHttpClient,
  type HttpClient,
  isBlockedAddressError,
  isBodyTooLargeError,
  isNetworkError,
  isTimeoutError,
  isUrlPolicyError,
} from '@agentweb/http';
import * as grpc from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamResponseSchema, TaskSchema } from '../src/grpc/generated/a2a/v1/a2a_pb.js';
import { DEFAULT_GRPC_IDLE_TIMEOUT_MS, grpcChannelOptions } from '../src/grpc/grpc-options.js';
import { encodeRequest } from '../src/grpc/proto-codec.js';
import {
  type A2AAuth,
  type CreateA2AClientOptions,
  createA2AClient,
  isA2AClientClosedError,
  isA2AStreamError,
  isInvalidAgentResponseError,
  parseGrpcTarget,
} from '../src/index.js';
import { loopbackHttp } from './helpers/http.js';
import { collect, text } from './helpers/messages.js';

const SERVICE = '/lf.a2a.v1.A2AService';
const pass = (b: Buffer) => b;

type Unary = (
  request: Buffer,
  metadata: grpc.Metadata,
  call: grpc.ServerUnaryCall<Buffer, Buffer>,
) => Buffer | grpc.ServiceError | undefined;
type Streaming = (call: grpc.ServerWritableStream<Buffer, Buffer>) => void;

const servers: grpc.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.forceShutdown();
});

/** A hand-written gRPC agent speaking raw bytes: each handler decides what goes on the wire. */
async function grpcAgent(handlers: { unary?: Record<string, Unary>; streaming?: Record<string, Streaming> }) {
  const server = new grpc.Server();
  servers.push(server);
  const definition: Record<string, grpc.MethodDefinition<Buffer, Buffer>> = {};
  const impl: grpc.UntypedServiceImplementation = {};
  for (const [name, fn] of Object.entries(handlers.unary ?? {})) {
    definition[name] = {
      path: `${SERVICE}/${name}`,
      requestStream: false,
      responseStream: false,
      requestSerialize: pass,
      requestDeserialize: pass,
      responseSerialize: pass,
      responseDeserialize: pass,
    };
    impl[name] = (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
      const answer = fn(call.request, call.metadata, call);
      if (answer === undefined) return; // never answers
      if (Buffer.isBuffer(answer)) callback(null, answer);
      else callback(answer, null);
    };
  }
  for (const [name, fn] of Object.entries(handlers.streaming ?? {})) {
    definition[name] = {
      path: `${SERVICE}/${name}`,
      requestStream: false,
      responseStream: true,
      requestSerialize: pass,
      requestDeserialize: pass,
      responseSerialize: pass,
      responseDeserialize: pass,
    };
    impl[name] = fn;
  }
  server.addService(definition as grpc.ServiceDefinition, impl);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
  return `127.0.0.1:${port}`;
}

/**
 * `http`, whose address guard can only refuse: every destination goes to the real guard, and one the guard lets
 * through fails here instead, so no channel is ever made (tests of refusals never dial outside loopback).
 */
function refusalsOnly(http: HttpClient): HttpClient {
  return {
    ...http,
    async resolveDestination(url, options) {
      await http.resolveDestination(url, options);
      throw new Error(`the address guard let ${String(url)} through`);
    },
  };
}

function grpcCard(url: string) {
  return {
    name: 'grpc agent',
    description: 'd',
    version: '1',
    supportedInterfaces: [{ url, protocolBinding: 'GRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 's', description: 's', tags: [] }],
  };
}

/** A client of `target` over plaintext gRPC on loopback, with `extra` options. */
const plainClient = (target: string, extra: Omit<CreateA2AClientOptions, 'card' | 'http' | 'grpc'> = {}) =>
  createA2AClient({ card: grpcCard(target), http: loopbackHttp(), grpc: { plaintext: true }, ...extra });

const working = { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } };
const completedTask = encodeRequest(TaskSchema, { ...working, status: { state: 'TASK_STATE_COMPLETED' } });

describe('gRPC target and channel policy', () => {
  it('reads host:port, https, http, grpc(s) and dns: targets, and refuses other schemes', () => {
    expect(parseGrpcTarget('agent.example:50051', false)).toMatchObject({
      host: 'agent.example',
      port: 50051,
      secure: true,
    });
    expect(parseGrpcTarget('agent.example', false)).toMatchObject({ port: 443, secure: true });
    expect(parseGrpcTarget('https://agent.example/a2a', false)).toMatchObject({ port: 443, secure: true });
    expect(parseGrpcTarget('http://[::1]:7', false)).toMatchObject({
      host: '::1',
      port: 7,
      secure: false,
      authority: '[::1]:7',
    });
    expect(parseGrpcTarget('grpcs://a.example:1', true)).toMatchObject({ secure: true });
    expect(parseGrpcTarget('dns:///a.example:9', false)).toMatchObject({ host: 'a.example', port: 9 });
    expect(parseGrpcTarget('a.example:9', true)).toMatchObject({
      secure: false,
      policyUrl: 'http://a.example:9/',
    });
    for (const bad of ['unix:/tmp/agent.sock', 'ipv4:10.0.0.1:443', 'a.example:99999', '']) {
      expect(() => parseGrpcTarget(bad, false), bad).toThrow(expect.objectContaining({ code: 'URL_POLICY' }));
    }
  });

  it('refuses private targets, names resolving to them and plaintext before any channel connects', async () => {
    const lookup = (
      _h: string,
      _o: unknown,
      cb: (e: null, a: { address: string; family: number }[]) => void,
    ) => cb(null, [{ address: '10.1.2.3', family: 4 }]);
    const strict = refusalsOnly(createHttpClient({ lookup }));
    const literal = await createA2AClient({ card: grpcCard('10.0.0.1:443'), http: strict });
    expect(isBlockedAddressError(await literal.getTask({ id: 't' }).catch((e: unknown) => e))).toBe(true);
    const named = await createA2AClient({ card: grpcCard('agent.example:443'), http: strict });
    const error = await named.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e);
    expect(isBlockedAddressError(error) && error.address).toBe('10.1.2.3');
    // Plaintext is refused whatever the address: loopback targets, under a client without allowHttp.
    const insecure = await createA2AClient({ card: grpcCard('http://127.0.0.1:9'), http: strict });
    expect(isUrlPolicyError(await insecure.getTask({ id: 't' }).catch((e: unknown) => e))).toBe(true);
    const forcedPlain = await createA2AClient({
      card: grpcCard('127.0.0.1:9'),
      http: strict,
      grpc: { plaintext: true },
    });
    expect(isUrlPolicyError(await forcedPlain.getTask({ id: 't' }).catch((e: unknown) => e))).toBe(true);
  });

  it('uses TLS unless told otherwise: a plaintext server is not reached over a bare target', async () => {
    const target = await grpcAgent({ unary: { GetTask: () => completedTask } });
    const tls = await createA2AClient({ card: grpcCard(target), http: loopbackHttp(), timeoutMs: 3000 });
    const error = await tls.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isNetworkError(error) || isTimeoutError(error)).toBe(true);
    await tls.close();
    const plain = await plainClient(target);
    expect((await plain.getTask({ id: 't1' })).status.state).toBe('completed');
    await plain.close();
  });
});

describe('gRPC channel lifetime', () => {
  it('close() while the channel is being made: that call and every later one fail with A2AClientClosedError', async () => {
    const target = await grpcAgent({
      unary: { GetTask: () => completedTask },
      streaming: { SendStreamingMessage: (call) => call.end() },
    });
    const client = await plainClient(target);
    // The first call starts resolving the target; close() runs before the channel exists.
    const first = client.getTask({ id: 't1' }).catch((e: unknown) => e);
    await client.close();
    expect(isA2AClientClosedError(await first)).toBe(true);
    const later = await client.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isA2AClientClosedError(later)).toBe(true);
    const stream = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
      (e: unknown) => e,
    );
    expect(isA2AClientClosedError(stream)).toBe(true);
  });

  it('close() after the channel is made: later calls fail with A2AClientClosedError', async () => {
    const target = await grpcAgent({ unary: { GetTask: () => completedTask } });
    const client = await plainClient(target);
    expect((await client.getTask({ id: 't1' })).status.state).toBe('completed');
    await client.close();
    const error = await client.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isA2AClientClosedError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'A2A_CLIENT_CLOSED' });
    await client.close();
  });

  it("one caller's abort while the channel is being made fails that caller only", async () => {
    const target = await grpcAgent({ unary: { GetTask: () => completedTask } });
    const port = target.slice(target.lastIndexOf(':') + 1);
    // The name resolves, to loopback, after 200 ms: both calls wait for the same channel.
    const lookup = (
      _h: string,
      _o: unknown,
      cb: (e: null, a: { address: string; family: number }[]) => void,
    ) => setTimeout(() => cb(null, [{ address: '127.0.0.1', family: 4 }]), 200);
    const http = createHttpClient({ lookup, allowHttp: true, allowPrivateNetwork: true });
    const client = await createA2AClient({
      card: grpcCard(`agent.test:${port}`),
      http,
      grpc: { plaintext: true },
    });
    const controller = new AbortController();
    const reason = new Error('fan-out deadline');
    const aborted = client.getTask({ id: 't1' }, { signal: controller.signal }).catch((e: unknown) => e);
    const other = client.getTask({ id: 't1' }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(reason), 20);
    expect(await aborted).toBe(reason);
    expect(await other).toMatchObject({ status: { state: 'completed' } });
    await client.close();
    await http.close();
  });

  it('channels drop an idle connection after 60 s by default; channelOptions override it', () => {
    const target = parseGrpcTarget('agent.example:443', false);
    expect(grpcChannelOptions(target, 1024, {})).toMatchObject({
      'grpc.client_idle_timeout_ms': DEFAULT_GRPC_IDLE_TIMEOUT_MS,
      'grpc.max_receive_message_length': 1024,
      'grpc.enable_http_proxy': 0,
    });
    expect(DEFAULT_GRPC_IDLE_TIMEOUT_MS).toBe(60_000);
    const own = grpcChannelOptions(target, 1024, {
      channelOptions: { 'grpc.client_idle_timeout_ms': 5_000 },
    });
    expect(own['grpc.client_idle_timeout_ms']).toBe(5_000);
  });
});

describe('gRPC bad input', () => {
  it('a message over the cap is BodyTooLargeError, below and above the channel limit', async () => {
    const big = (bytes: number) =>
      encodeRequest(TaskSchema, {
        ...working,
        artifacts: [{ artifactId: 'a', parts: [{ text: 'x'.repeat(bytes) }] }],
      });
    const target = await grpcAgent({
      unary: { GetTask: (req) => big(req.toString().includes('huge') ? 6 * 1024 * 1024 : 2 * 1024 * 1024) },
    });
    const client = await plainClient(target);
    // 2 MiB: within the channel's 4 MiB limit (the event cap), over this call's 1 MiB body cap.
    const over = await client.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isBodyTooLargeError(over) && over.limit).toBe(1024 * 1024);
    // 6 MiB: grpc-js itself stops it at max_receive_message_length.
    const huge = await client.getTask({ id: 'huge' }).catch((e: unknown) => e);
    expect(isBodyTooLargeError(huge)).toBe(true);
    await client.close();
  });

  it('bytes that are not the message are InvalidAgentResponseError', async () => {
    const target = await grpcAgent({ unary: { GetTask: () => Buffer.from([0xff, 0xff, 0xff, 0x01]) } });
    const client = await plainClient(target);
    const error = await client.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
    expect(String(error)).toMatch(/lf\.a2a\.v1\.Task message does not decode/);
    await client.close();
  });

  it('an agent that never answers fails at the deadline: sent as a gRPC deadline by default, or enforced by the client alone and seen as a cancellation', async () => {
    const seen: Array<{ deadline: grpc.Deadline; cancelledAfterMs: Promise<number> }> = [];
    const target = await grpcAgent({
      unary: {
        GetTask: (_request, _metadata, call) => {
          const started = Date.now();
          seen.push({
            deadline: call.getDeadline(),
            cancelledAfterMs: new Promise((resolve) =>
              call.once('cancelled', () => resolve(Date.now() - started)),
            ),
          });
          return undefined; // never answers
        },
      },
    });
    const client = await plainClient(target, { timeoutMs: 200 });
    const started = Date.now();
    const error = await client.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isTimeoutError(error) && error.timeoutMs).toBe(200);
    expect(String(error)).toMatch(/200 ?ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(3000);
    // By default the agent is told the deadline (grpc-timeout).
    const deadline = seen[0]?.deadline;
    expect(typeof deadline === 'number' || deadline instanceof Date).toBe(true);
    const deadlineMs = deadline instanceof Date ? deadline.getTime() : Number(deadline);
    expect(deadlineMs - started).toBeGreaterThan(0);
    expect(deadlineMs - started).toBeLessThanOrEqual(400);
    await client.close();

    // sendDeadline: false: no grpc-timeout header; the client cancels the call at the deadline, with the same error.
    const clientTimed = await createA2AClient({
      card: grpcCard(target),
      http: loopbackHttp(),
      grpc: { plaintext: true, sendDeadline: false },
      timeoutMs: 200,
    });
    const before = Date.now();
    const timedError = await clientTimed.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isTimeoutError(timedError) && timedError.timeoutMs).toBe(200);
    expect(Date.now() - before).toBeGreaterThanOrEqual(190);
    expect(seen[1]?.deadline).toBe(Number.POSITIVE_INFINITY);
    expect(await seen[1]?.cancelledAfterMs).toBeLessThan(3000);
    await clientTimed.close();
  });

  it('a read is sent again after UNAVAILABLE within its deadline; a send is not', async () => {
    let gets = 0;
    let sends = 0;
    const unavailable = Object.assign(new Error('connection dropped'), {
      code: grpc.status.UNAVAILABLE,
      details: 'connection dropped',
      metadata: new grpc.Metadata(),
    });
    const target = await grpcAgent({
      unary: {
        GetTask: (request) => {
          gets += 1;
          return request.toString().includes('flaky') && gets === 1 ? unavailable : completedTask;
        },
        SendMessage: () => {
          sends += 1;
          return unavailable;
        },
      },
    });
    const client = await plainClient(target, { timeoutMs: 2000 });
    expect((await client.getTask({ id: 'flaky' })).status.state).toBe('completed');
    expect(gets).toBe(2);
    expect(
      isNetworkError(await client.sendMessage({ message: { parts: text('x') } }).catch((e: unknown) => e)),
    ).toBe(true);
    expect(sends).toBe(1);
    await client.close();
    // Always unavailable, under a 150 ms deadline: the first wait (100 ms) fits, the second (200 ms) does not.
    gets = 0;
    const always = await grpcAgent({
      unary: {
        GetTask: () => {
          gets += 1;
          return unavailable;
        },
      },
    });
    const short = await plainClient(always, { timeoutMs: 150 });
    expect(isNetworkError(await short.getTask({ id: 't1' }).catch((e: unknown) => e))).toBe(true);
    expect(gets).toBe(2);
    await short.close();
  });

  it('a message the proto cannot carry rejects the call, as on the other bindings, and sends nothing', async () => {
    let sends = 0;
    const target = await grpcAgent({
      unary: {
        SendMessage: () => {
          sends += 1;
          return completedTask;
        },
      },
    });
    const client = await plainClient(target);
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = client.sendMessage({ message: { parts: [{ kind: 'data', data: { n: Number.NaN } }] } });
    }).not.toThrow();
    await expect(pending).rejects.toThrow(TypeError);
    expect(sends).toBe(0);
    await client.close();
  });

  it('a stream that never ends stops at the idle timeout, and at the stream deadline', async () => {
    const target = await grpcAgent({
      streaming: {
        SendStreamingMessage: (call) => {
          call.write(encodeRequest(StreamResponseSchema, { task: working }));
          const timer = setInterval(() => {
            if (call.cancelled) clearInterval(timer);
          }, 50);
        },
        SubscribeToTask: (call) => {
          // Sends forever, slowly: never idle, never done.
          const timer = setInterval(() => {
            if (call.cancelled) clearInterval(timer);
            else call.write(encodeRequest(StreamResponseSchema, { task: working }));
          }, 20);
        },
      },
    });
    const idle = await plainClient(target, {
      idleTimeoutMs: 150,
    });
    const events: unknown[] = [];
    const stalled = await (async () => {
      for await (const e of idle.streamMessage({ message: { parts: text('x') } }, { resume: false }))
        events.push(e);
    })().catch((e: unknown) => e);
    expect(events).toHaveLength(1);
    expect(isA2AStreamError(stalled) && stalled.reason).toBe('idle-timeout');
    await idle.close();
    const bounded = await plainClient(target, {
      streamTimeoutMs: 300,
    });
    const started = Date.now();
    const endless = await collect(bounded.resubscribe({ id: 't1' }, { resume: false })).catch(
      (e: unknown) => e,
    );
    expect(isTimeoutError(endless)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    await bounded.close();
  });

  it('messages that arrived before one that does not decode reach the consumer first', async () => {
    const target = await grpcAgent({
      streaming: {
        SendStreamingMessage: (call) => {
          call.write(encodeRequest(StreamResponseSchema, { task: working }));
          // The next two wait in the client's queue while the consumer is busy, and are read as one batch.
          setTimeout(() => {
            call.write(
              encodeRequest(StreamResponseSchema, {
                statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } },
              }),
            );
            call.write(Buffer.from([0xff, 0xff, 0xff, 0x01]));
            call.end();
          }, 20);
        },
      },
    });
    const client = await plainClient(target);
    for (const resume of [undefined, false] as const) {
      const seen: string[] = [];
      const error = await (async () => {
        for await (const e of client.streamMessage({ message: { parts: text('x') } }, { resume })) {
          seen.push(e.kind);
          if (seen.length === 1) await new Promise((r) => setTimeout(r, 300));
        }
      })().catch((e: unknown) => e);
      expect(seen).toEqual(['task', 'status-update']);
      expect(isInvalidAgentResponseError(error)).toBe(true);
    }
    await client.close();
  });

  it('sends credentials and the version as metadata', async () => {
    let seen: grpc.Metadata | undefined;
    const target = await grpcAgent({
      unary: {
        GetTask: (_req, md) => {
          seen = md;
          return completedTask;
        },
      },
    });
    const client = await plainClient(target, {
      auth: { type: 'bearer', token: 'tok' },
      extensions: ['urn:e'],
    });
    await client.getTask({ id: 't1' });
    expect(seen?.get('authorization')).toEqual(['Bearer tok']);
    expect(seen?.get('a2a-version')).toEqual(['1.0']);
    expect(seen?.get('a2a-extensions')).toEqual(['urn:e']);
    await client.close();
  });

  it('credentials gRPC metadata cannot carry are InvalidOptionError, which never shows the value', async () => {
    const target = await grpcAgent({
      unary: { GetTask: () => completedTask },
      streaming: { SendStreamingMessage: (call) => call.end() },
    });
    const refused: Array<{ auth: A2AAuth; names?: string }> = [
      { auth: { type: 'bearer', token: async () => 'sekret-token\n' } },
      { auth: { type: 'headers', headers: { 'x-key': 'sekret-\u00e9' } } },
      { auth: { type: 'headers', headers: { 'x key': 'sekret-value' } }, names: 'x key' },
      { auth: { type: 'headers', headers: { 'x-key-bin': 'sekret-value' } }, names: 'x-key-bin' },
      { auth: { type: 'apiKey', key: 'sekret\r\nx: y', in: 'query', name: 'k' } },
    ];
    for (const { auth, names } of refused) {
      const client = await plainClient(target, {
        auth,
      });
      const unary = await client.getTask({ id: 't1' }).catch((e: unknown) => e);
      const stream = await collect(client.streamMessage({ message: { parts: text('x') } })).catch(
        (e: unknown) => e,
      );
      for (const error of [unary, stream]) {
        expect(isInvalidOptionError(error) && error.option).toBe('auth');
        const shown = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
        expect(shown).not.toContain('sekret');
        if (names) expect(shown).toContain(names);
      }
      await client.close();
    }
  });

  it("a card's API key name gRPC metadata cannot carry is InvalidAgentResponseError naming the scheme", async () => {
    const target = await grpcAgent({ unary: { GetTask: () => completedTask } });
    for (const location of ['query', 'header']) {
      const client = await createA2AClient({
        card: {
          ...grpcCard(target),
          securitySchemes: { 'odd-key': { apiKeySecurityScheme: { location, name: 'API Key' } } },
        },
        http: loopbackHttp(),
        grpc: { plaintext: true },
        auth: { type: 'apiKey', key: 'sekret' },
      });
      const error = await client.getTask({ id: 't1' }).catch((e: unknown) => e);
      expect(isInvalidAgentResponseError(error)).toBe(true);
      expect(String(error)).toContain('"odd-key"');
      expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain('sekret');
      await client.close();
    }
  });

  it('extensions gRPC metadata cannot carry are refused when the client is made', async () => {
    const target = await grpcAgent({ unary: { GetTask: () => completedTask } });
    const error = await plainClient(target, {
      extensions: ['urn:caf\u00e9'],
    }).catch((e: unknown) => e);
    expect(isInvalidOptionError(error) && error.option).toBe('extensions');
  });
});
