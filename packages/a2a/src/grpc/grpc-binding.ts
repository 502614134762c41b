import {
  abortableDelay,
  createDeadlineQueue,
  type DeadlineEntry,
  InvalidOptionError,
  raceAbort,
} from '@agentweb/core';
import { BodyTooLargeError, isNetworkError, TimeoutError } from '@agentweb/http';
import * as grpc from '@grpc/grpc-js';
import type { A2AOperation } from '../dialect.js';
import {
  A2AClientClosedError,
  A2AStreamError,
  invalidResponse,
  isInvalidAgentResponseError,
} from '../errors.js';
import type { JsonObject, StreamEvent } from '../model.js';
import { optionalArray, readAnswer, requireObject } from '../shape.js';
import type { A2ATransport, OutgoingSend, TransportSettings } from '../transport.js';
import { pushConfigFromV1, pushConfigToV1 } from '../wire-v1.js';
import {
  createPushConfigRequestV03,
  messageToV03Proto,
  pushConfigFromV03Proto,
  sendConfigurationToV03Proto,
  sendResultFromV03Proto,
  streamEventFromV03Proto,
  taskFromV03Proto,
  taskName,
} from '../wire-v03-proto.js';
import { type GrpcCallSite, type GrpcFailure, grpcError } from './grpc-errors.js';
import { isMetadataText, setCredential } from './grpc-metadata.js';
import { type GrpcOptions, grpcChannelOptions } from './grpc-options.js';
import { parseGrpcTarget } from './grpc-target.js';
import { decodeResponse, encodeRequest, GRPC_METHODS } from './proto-codec.js';
import { encodeSendRequestV1 } from './proto-v1.js';
import { readSendResultV1, readStreamEventV1, readTaskV1 } from './wire-reader-v1.js';

const identity = (value: Buffer): Buffer => value;
/** Reads are sent again after a dropped connection, at most this many times, within the call's deadline. */
const READ_RETRIES = 2;
const IDEMPOTENT: ReadonlySet<A2AOperation> = new Set(['get', 'extendedCard', 'pushGet', 'pushList']);
/** Messages buffered from a stream before it is paused until the reader catches up. */
const STREAM_HIGH_WATER = 16;

function failureOf(error: grpc.ServiceError): GrpcFailure {
  return {
    code: error.code,
    details: error.details ?? '',
    trailer(name) {
      const value = error.metadata?.get(name)[0];
      return value === undefined
        ? undefined
        : typeof value === 'string'
          ? Buffer.from(value, 'binary')
          : value;
    },
  };
}

/** One unary call: what every attempt of it sends, and until when. */
interface UnaryCall<T> {
  operation: A2AOperation;
  body: Buffer;
  /** The deadline of all its attempts, on the deadline queue's clock (`performance.now()`). */
  deadline: number;
  signal: AbortSignal | undefined;
  reader: (bytes: Buffer) => T;
}

/**
 * The gRPC binding (`@grpc/grpc-js`, protobuf from the spec's .proto): 1.0 `lf.a2a.v1.A2AService` or 0.3
 * `a2a.v1.A2AService`. The target is resolved and checked with the HTTP client's address policy before the
 * channel exists, and the channel dials the checked addresses only; TLS unless the card says `http://` or
 * `grpc.plaintext` is set (both need `allowHttp`). Unary deadlines are the client's own (a deadline queue that
 * a gRPC deadline by default, or our own timer that cancels the call with `grpc.sendDeadline: false`), streams' are gRPC deadlines; the body caps the
 * channel's `grpc.max_receive_message_length` (and each message is held to the call's own cap), credentials go in
 * the call's metadata, and server streams feed the same event iterator as SSE (idle timeout, caps, resume).
 */
export function createGrpcTransport(settings: TransportSettings, options: GrpcOptions): A2ATransport {
  const { http, dialect, url, tenant } = settings;
  const v1 = dialect === '1.0';
  const methods = GRPC_METHODS[dialect];
  const target = parseGrpcTarget(url, options.plaintext ?? false);
  const unaryTimeoutMs = settings.timeoutMs ?? http.defaults.timeoutMs;
  const maxBodyBytes = settings.maxBodyBytes ?? http.defaults.maxBodyBytes;
  const channelCap = Math.max(maxBodyBytes, settings.maxEventBytes);
  let client: Promise<grpc.Client> | undefined;
  /** The channel once made, so calls after the first skip an await. */
  let ready: grpc.Client | undefined;
  let closed = false;
  /** The deadlines of this client's unary calls (one timeout for all, so they arrive in order). */
  const deadlines = createDeadlineQueue();
  // A gRPC deadline by default (the agent is told it); our own timer only when the caller opted out.
  const sendDeadline = options.sendDeadline ?? true;
  /** Version and extensions, the same on every call; each call adds its credentials to a copy. */
  const baseMetadata = new grpc.Metadata();
  if (v1) baseMetadata.set('a2a-version', '1.0');
  if (settings.extensions.length > 0) {
    const extensions = settings.extensions.join(', ');
    if (!isMetadataText(extensions)) {
      throw new InvalidOptionError({
        callee: 'createA2AClient',
        option: 'extensions',
        expected: 'extension URIs of printable ASCII, as gRPC metadata carries',
        received: 'an extension URI with another character',
      });
    }
    baseMetadata.set(v1 ? 'a2a-extensions' : 'x-a2a-extensions', extensions);
  }

  const closedError = () => new A2AClientClosedError({ url });

  /**
   * The channel, made once for every caller: the target is resolved under the unary deadline only, never a
   * caller's signal (one caller's abort must not fail the others; each races its own signal on its wait).
   */
  function connect(): Promise<grpc.Client> {
    if (closed) return Promise.reject(closedError());
    client ??= (async () => {
      const destination = await http.resolveDestination(target.policyUrl, { timeoutMs: unaryTimeoutMs });
      // close() may have run while the target was resolved: a closed client makes no channel.
      if (closed) throw closedError();
      const family = destination.addresses[0]?.family === 6 ? 6 : 4;
      const addresses = destination.addresses
        .filter((a) => (a.family === 6 ? 6 : 4) === family)
        .map((a) =>
          family === 6 ? `[${a.address}]:${destination.port}` : `${a.address}:${destination.port}`,
        );
      const credentials = target.secure
        ? ((options.credentials as grpc.ChannelCredentials | undefined) ?? grpc.credentials.createSsl())
        : grpc.credentials.createInsecure();
      ready = new grpc.Client(
        `ipv${family}:${addresses.join(',')}`,
        credentials,
        grpcChannelOptions(target, channelCap, options) as grpc.ChannelOptions,
      );
      return ready;
    })();
    // A failed resolution is not kept: the next call tries again.
    client.catch(() => {
      client = undefined;
    });
    return client;
  }

  async function metadata(signal: AbortSignal | undefined): Promise<grpc.Metadata> {
    const auth = await settings.applyAuth(target.policyUrl, signal);
    const md = baseMetadata.clone();
    const where = { profile: settings.profile, url };
    for (const [name, value] of Object.entries(auth.headers)) setCredential(md, name, value, where);
    // An API key the card places in a query parameter travels as metadata of that name on gRPC.
    if (auth.url !== target.policyUrl) {
      for (const [name, value] of new URL(auth.url).searchParams) setCredential(md, name, value, where);
    }
    return md;
  }

  function site(operation: A2AOperation, timeoutMs: number, maxMessageBytes: number): GrpcCallSite {
    return {
      operation,
      method: methods[operation].path,
      url,
      profile: settings.profile,
      timeoutMs,
      maxMessageBytes,
    };
  }

  /**
   * Reads one message with `reader`: bytes over `limit` are refused, bytes that do not decode are
   * `InvalidAgentResponseError` naming the message type, and the reader's shape errors name the method.
   */
  function read<T>(operation: A2AOperation, bytes: Buffer, limit: number, reader: (bytes: Buffer) => T): T {
    const m = methods[operation];
    if (bytes.length > limit) throw new BodyTooLargeError({ url, limit, received: bytes.length });
    try {
      return reader(bytes);
    } catch (cause) {
      if (isInvalidAgentResponseError(cause))
        return readAnswer(
          () => {
            throw cause;
          },
          m.path,
          url,
        );
      const detail = cause instanceof Error ? cause.message : String(cause);
      throw invalidResponse(
        `the ${m.response.typeName} message does not decode (${bytes.length} bytes): ${detail}`,
        {
          method: m.path,
          url,
          cause,
        },
      );
    }
  }

  /** A reader through ProtoJSON: decode, then the ProtoJSON reader of the binding's dialect. */
  const viaJson =
    <T>(operation: A2AOperation, convert: (json: unknown) => T) =>
    (bytes: Buffer): T =>
      convert(decodeResponse(methods[operation].response, bytes));

  /**
   * One attempt of a unary call, ended at `deadline` (on the queue's clock) by `deadlines`: the call is cancelled
   * and fails with `TimeoutError`. The agent sees the cancellation (RST_STREAM) when it happens; it is not told the
   * deadline in advance when `grpc.sendDeadline` is false; by default it is a grpc-js deadline (`grpc-timeout`).
   */
  function unaryOnce<T>(call: UnaryCall<T>): Promise<T> {
    // Once the channel exists, a call without credentials starts at once: no await, no promise around the call's.
    if (ready !== undefined && !settings.hasCredentials) return startUnary(ready, baseMetadata.clone(), call);
    return (async () => {
      const channel = ready ?? (await raceAbort(connect(), call.signal));
      const md = settings.hasCredentials ? await metadata(call.signal) : baseMetadata.clone();
      return startUnary(channel, md, call);
    })();
  }

  function startUnary<T>(channel: grpc.Client, md: grpc.Metadata, unaryCall: UnaryCall<T>): Promise<T> {
    const { operation, body, deadline, signal, reader } = unaryCall;
    const m = methods[operation];
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      // close() may have run during the awaits above; grpc-js would throw a plain Error on the closed channel.
      if (closed) {
        reject(closedError());
        return;
      }
      let timedOut = false;
      let entry: DeadlineEntry | undefined;
      const onAbort = () => {
        call.cancel();
        reject(signal?.reason);
      };
      const call = channel.makeUnaryRequest(
        m.path,
        identity,
        identity,
        body,
        md,
        // Whole milliseconds: grpc-js arms a timer for `deadline - Date.now()`, and Node keeps one timer list per
        // distinct duration, so a fractional deadline would make (and tear down) a new list on every call.
        sendDeadline ? { deadline: Date.now() + Math.round(deadline - performance.now()) } : {},
        (error, value) => {
          if (entry) deadlines.remove(entry);
          signal?.removeEventListener('abort', onAbort);
          if (signal?.aborted) reject(signal.reason);
          else if (timedOut) reject(new TimeoutError({ url, timeoutMs: unaryTimeoutMs }));
          else if (error) reject(grpcError(failureOf(error), site(operation, unaryTimeoutMs, maxBodyBytes)));
          else if (value === undefined)
            reject(invalidResponse('the agent sent no message', { method: m.path, url }));
          else {
            try {
              resolve(read(operation, value, maxBodyBytes, reader));
            } catch (decodeError) {
              reject(decodeError);
            }
          }
        },
      );
      if (!sendDeadline)
        entry = deadlines.add(deadline, () => {
          timedOut = true;
          call.cancel();
        });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * A unary call under one deadline for all its attempts. `request` is built here, so what cannot be encoded
   * rejects the call as the other bindings' calls do, rather than throwing.
   */
  function unary<T>(
    operation: A2AOperation,
    request: () => JsonObject | Buffer,
    signal: AbortSignal | undefined,
    reader: (bytes: Buffer) => T,
  ): Promise<T> {
    let body: Buffer;
    try {
      const built = request();
      body = Buffer.isBuffer(built) ? built : encodeRequest(methods[operation].request, built);
    } catch (error) {
      return Promise.reject(error);
    }
    const deadline = performance.now() + unaryTimeoutMs;
    const call: UnaryCall<T> = { operation, body, deadline, signal, reader };
    const first = unaryOnce(call);
    // Only reads are sent again; any other call's promise is its one attempt's.
    if (!IDEMPOTENT.has(operation)) return first;
    return first.catch(async (failure: unknown) => {
      let error = failure;
      for (let attempt = 0; ; attempt++) {
        const wait = 100 * 2 ** attempt;
        const retry = attempt < READ_RETRIES && isNetworkError(error) && !signal?.aborted;
        if (!retry || performance.now() + wait >= deadline) throw error;
        await abortableDelay(wait, signal);
        try {
          return await unaryOnce(call);
        } catch (next) {
          error = next;
        }
      }
    });
  }

  async function* serverStream<T>(
    operation: 'stream' | 'resubscribe',
    request: JsonObject | Buffer,
    signal: AbortSignal | undefined,
    reader: (bytes: Buffer) => T,
  ): AsyncGenerator<T[], void, undefined> {
    const m = methods[operation];
    const body = Buffer.isBuffer(request) ? request : encodeRequest(m.request, request);
    const channel = ready ?? (await raceAbort(connect(), signal));
    const md = await metadata(signal);
    signal?.throwIfAborted();
    if (closed) throw closedError();
    const call = channel.makeServerStreamRequest(m.path, identity, identity, body, md, {
      deadline: Date.now() + settings.streamTimeoutMs,
    });
    const queue: Buffer[] = [];
    let ended = false;
    let failure: unknown;
    let wake: (() => void) | undefined;
    const notify = () => {
      const w = wake;
      wake = undefined;
      w?.();
    };
    call.on('data', (chunk: Buffer) => {
      queue.push(chunk);
      if (queue.length >= STREAM_HIGH_WATER) call.pause();
      notify();
    });
    call.on('error', (error: grpc.ServiceError) => {
      failure ??= grpcError(
        failureOf(error),
        site(operation, settings.streamTimeoutMs, settings.maxEventBytes),
      );
      notify();
    });
    call.on('end', () => {
      ended = true;
      notify();
    });
    const onAbort = () => {
      failure ??= signal?.reason;
      call.cancel();
      notify();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let received = 0;
    try {
      while (true) {
        if (queue.length > 0) {
          // Everything that arrived so far goes up as one batch.
          const batch: T[] = [];
          try {
            for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
              received += next.length;
              if (received > settings.maxStreamBytes) {
                throw new BodyTooLargeError({ url, limit: settings.maxStreamBytes, received });
              }
              if (next.length > settings.maxEventBytes) {
                throw new A2AStreamError({
                  reason: 'event-too-large',
                  message: `A stream message of ${next.length} bytes from ${url} exceeds the ${settings.maxEventBytes}-byte cap`,
                });
              }
              batch.push(read(operation, next, settings.maxEventBytes, reader));
            }
          } catch (error) {
            // The messages before the failing one were sent: deliver them before the error.
            if (batch.length > 0) yield batch;
            throw error;
          }
          call.resume();
          yield batch;
          continue;
        }
        if (failure !== undefined) throw failure;
        if (ended) return;
        await waitForMessage(settings.idleTimeoutMs, (resolve) => {
          wake = resolve;
        }).catch((error: unknown) => {
          failure ??= error;
          call.cancel();
        });
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (!ended) call.cancel();
    }
  }

  // 1.0 messages, tasks and events take the direct path (proto-v1.ts); the rest goes through ProtoJSON.
  const sendRequest = (params: OutgoingSend): JsonObject | Buffer => {
    if (v1) {
      return encodeSendRequestV1({
        message: params.message,
        configuration: params.configuration,
        metadata: params.metadata,
        tenant,
      });
    }
    const out: JsonObject = { message: messageToV03Proto(params.message) };
    if (params.configuration) out['configuration'] = sendConfigurationToV03Proto(params.configuration);
    if (params.metadata) out['metadata'] = params.metadata;
    return out;
  };
  const withTenant = (request: JsonObject): JsonObject =>
    tenant !== undefined ? { tenant, ...request } : request;
  const taskRequest = (id: string): JsonObject => (v1 ? withTenant({ id }) : { name: taskName(id) });
  const configName = (taskId: string, configId: string) =>
    `${taskName(taskId)}/pushNotificationConfigs/${configId}`;
  const taskReader = (operation: 'get' | 'cancel') =>
    v1 ? readTaskV1 : viaJson(operation, (json) => taskFromV03Proto(json, 'result'));
  const eventReader = (operation: 'stream' | 'resubscribe') =>
    v1 ? readStreamEventV1 : viaJson(operation, (json): StreamEvent => streamEventFromV03Proto(json));
  const pushReader = (operation: 'pushSet' | 'pushGet') =>
    viaJson(operation, (json) => (v1 ? pushConfigFromV1(json) : pushConfigFromV03Proto(json)));

  return {
    binding: 'GRPC',
    url,
    send(params, call) {
      return unary(
        'send',
        () => sendRequest(params),
        call?.signal,
        v1 ? readSendResultV1 : viaJson('send', sendResultFromV03Proto),
      );
    },
    stream(params, signal) {
      return serverStream('stream', sendRequest(params), signal, eventReader('stream'));
    },
    getTask(params, call) {
      const request = () => {
        const get = taskRequest(params.id);
        if (params.historyLength !== undefined) get['historyLength'] = params.historyLength;
        return get;
      };
      return unary('get', request, call?.signal, taskReader('get'));
    },
    cancelTask(params, call) {
      return unary('cancel', () => taskRequest(params.id), call?.signal, taskReader('cancel'));
    },
    subscribe(params, signal) {
      return serverStream('resubscribe', taskRequest(params.id), signal, eventReader('resubscribe'));
    },
    getExtendedCard(call) {
      return unary(
        'extendedCard',
        () => (v1 ? withTenant({}) : {}),
        call?.signal,
        viaJson('extendedCard', (json) => requireObject(json, 'result')),
      );
    },
    setPushConfig(config, call) {
      const request = () => (v1 ? pushConfigToV1(config, tenant) : createPushConfigRequestV03(config));
      return unary('pushSet', request, call?.signal, pushReader('pushSet'));
    },
    getPushConfig(params, call) {
      const configId = params.configId ?? params.taskId;
      const request = () =>
        v1
          ? withTenant({ taskId: params.taskId, id: configId })
          : { name: configName(params.taskId, configId) };
      return unary('pushGet', request, call?.signal, pushReader('pushGet'));
    },
    listPushConfigs(params, call) {
      const request = () =>
        v1 ? withTenant({ taskId: params.taskId }) : { parent: taskName(params.taskId) };
      return unary(
        'pushList',
        request,
        call?.signal,
        viaJson('pushList', (json) =>
          (optionalArray(requireObject(json, 'result')['configs'], 'result.configs') ?? []).map((c, i) =>
            v1
              ? pushConfigFromV1(c, `result.configs[${i}]`)
              : pushConfigFromV03Proto(c, `result.configs[${i}]`),
          ),
        ),
      );
    },
    async deletePushConfig(params, call) {
      const request = () =>
        v1
          ? withTenant({ taskId: params.taskId, id: params.configId })
          : { name: configName(params.taskId, params.configId) };
      await unary('pushDelete', request, call?.signal, () => undefined);
    },
    async close() {
      closed = true;
      const pending = client;
      client = undefined;
      ready = undefined;
      if (pending) (await pending.catch(() => undefined))?.close();
    },
  };
}

/** Waits for `arm`'s callback, failing with an idle-timeout stream error after `idleMs` (0: no limit). */
function waitForMessage(idleMs: number, arm: (resolve: () => void) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer =
      idleMs > 0
        ? setTimeout(
            () =>
              reject(
                new A2AStreamError({
                  reason: 'idle-timeout',
                  message: `No message on the gRPC stream for ${idleMs} ms`,
                }),
              ),
            idleMs,
          )
        : undefined;
    arm(() => {
      if (timer) clearTimeout(timer);
      resolve();
    });
  });
}
