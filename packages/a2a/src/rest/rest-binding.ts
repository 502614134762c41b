import { trimTrailingSlashes } from '@agentweb/core';
import { type HttpClient, HttpStatusError, isHttpStatusError } from '@agentweb/http';
import type { AppliedAuth } from '../auth.js';
import type { A2AOperation } from '../dialect.js';
import { authRequiredError, invalidResponse } from '../errors.js';
import { refusalFromJson } from '../http-refusal.js';
import type { JsonObject, StreamEvent, TaskPushNotificationConfig } from '../model.js';
import { parseJsonText, type RpcCallSite } from '../rpc-envelope.js';
import { authErrorOf, readCapped } from '../rpc-transport.js';
import { optionalArray, readAnswer, requireObject } from '../shape.js';
import { isBlank, parseSseBatches } from '../sse-parser.js';
import type { A2ATransport, OutgoingSend, TransportCall, TransportSettings } from '../transport.js';
import type { WarningSink } from '../warnings.js';
import {
  messageToV1,
  pushConfigFromV1,
  pushConfigToV1,
  sendConfigurationToV1,
  sendResultFromV1,
  streamEventFromV1,
  taskFromV1,
} from '../wire-v1.js';
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
import { restErrorFromBody } from './rest-errors.js';
import { errorInOkBody, NOT_A2A, readStreamData } from './rest-lenient.js';

const utf8 = new TextDecoder();

/** One REST request: the operation, its verb and path below the endpoint URL, and its JSON body. */
interface RestRequest {
  operation: A2AOperation;
  verb: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: JsonObject;
  query?: Record<string, string>;
}

/**
 * The HTTP+JSON (REST) binding. 0.3: `/v1/message:send`, `/v1/tasks/{id}`, ... with 0.3 ProtoJSON bodies and
 * `{code, message}` errors. 1.0 (spec §11): `/message:send`, `/tasks/{id}`, ... below `/{tenant}` when the card
 * declares one, `application/a2a+json`, `A2A-Version: 1.0`, and `google.rpc.Status` errors. Streams are SSE with
 * one `StreamResponse` per `data:` line and errors as `event: error`. Every request goes through the HTTP client.
 */
export function createRestTransport(settings: TransportSettings): A2ATransport {
  const { http, dialect, url, tenant } = settings;
  const v1 = dialect === '1.0';
  const base = trimTrailingSlashes(url) + (v1 ? (tenant ? `/${encodeURIComponent(tenant)}` : '') : '/v1');
  const mediaType = v1 ? 'application/a2a+json' : 'application/json';
  const plain = new Map<string, Readonly<Record<string, string>>>();

  function headers(auth: AppliedAuth, accept: string, hasBody: boolean): Record<string, string> {
    const key = `${accept}|${hasBody}`;
    const shared = Object.keys(auth.headers).length === 0 ? plain.get(key) : undefined;
    if (shared) return shared as Record<string, string>;
    const h: Record<string, string> = { ...auth.headers, accept };
    if (hasBody) h['content-type'] = mediaType;
    if (v1) h['a2a-version'] = '1.0';
    if (settings.extensions.length > 0) {
      h[v1 ? 'a2a-extensions' : 'x-a2a-extensions'] = settings.extensions.join(', ');
    }
    if (Object.keys(auth.headers).length === 0) plain.set(key, Object.freeze(h));
    return h;
  }

  function target(request: RestRequest): string {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    return `${base}${request.path}${query}`;
  }

  function site(request: RestRequest, href: string): RpcCallSite {
    return { method: `${request.verb} ${request.path}`, url: href };
  }

  // In strict mode there is no sink at all, and readers refuse what they would otherwise warn about.
  const sinkOf = (call: TransportCall | undefined): WarningSink | undefined =>
    settings.warn === undefined ? undefined : (call?.warn ?? settings.warn);

  function failure(
    request: RestRequest,
    href: string,
    status: number,
    text: string,
    headersOf: HttpStatusError['headers'],
    warn: WarningSink | undefined,
    cause?: unknown,
  ): Error {
    const callSite = site(request, href);
    // Rate limiting is transport-level: callers need its status and Retry-After, as on the JSON-RPC binding; a
    // 429's body is read strictly, so no warning is reported for an error that is not thrown.
    const typed = restErrorFromBody(
      text,
      { operation: request.operation, ...callSite, httpStatus: status },
      status === 429 ? undefined : warn,
    );
    if (typed && status !== 429) return typed;
    const failed = new HttpStatusError({
      url: href,
      status,
      headers: headersOf,
      bodyExcerpt: text.slice(0, 1024),
      ...(typed ? { cause: typed } : cause !== undefined ? { cause } : {}),
    });
    const refusal =
      warn && refusalFromJson(text, status, { ...callSite, binding: 'HTTP+JSON' }, failed, warn, NOT_A2A);
    return refusal || failed;
  }

  async function call(
    request: RestRequest,
    signal: AbortSignal | undefined,
    warn: WarningSink | undefined,
  ): Promise<unknown> {
    const href = target(request);
    const auth = await settings.applyAuth(href, signal);
    let response: Awaited<ReturnType<HttpClient['request']>>;
    try {
      response = await http.request(auth.url, {
        method: request.verb,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        headers: headers(auth, `${mediaType}, application/json;q=0.9`, request.body !== undefined),
        throwHttpErrors: false,
        // A cross-origin redirect would carry the body and any API-key header to another host.
        redirect: 'same-origin',
        ...(signal ? { signal } : {}),
        ...(request.verb === 'GET' ? { idempotent: true } : {}),
        ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
        ...(settings.maxBodyBytes !== undefined ? { maxBodyBytes: settings.maxBodyBytes } : {}),
      });
    } catch (error) {
      throw authErrorOf(error, settings.profile);
    }
    if (response.status === 401 || response.status === 403) {
      throw authRequiredError({
        profile: settings.profile,
        status: response.status,
        url: href,
        wwwAuthenticate: response.headers.get('www-authenticate') ?? undefined,
      });
    }
    const text = utf8.decode(response.body);
    if (response.status < 200 || response.status >= 300) {
      throw failure(request, href, response.status, text, response.headers, warn);
    }
    if (text.trim() === '') return undefined;
    const body = parseJsonText(text, site(request, href), `the HTTP ${response.status} body`);
    const error =
      warn && errorInOkBody(body, text, request.operation, site(request, href), response.status, warn);
    if (error) throw error;
    return body;
  }

  async function* stream<T>(
    request: RestRequest,
    signal: AbortSignal | undefined,
    map: (value: unknown) => T,
  ) {
    const href = target(request);
    const callSite = site(request, href);
    const auth = await settings.applyAuth(href, signal);
    let opened: Awaited<ReturnType<HttpClient['stream']>>;
    try {
      opened = await http.stream(auth.url, {
        method: request.verb,
        body: JSON.stringify(request.body ?? {}),
        headers: headers(auth, 'text/event-stream', true),
        redirect: 'same-origin',
        timeoutMs: settings.streamTimeoutMs,
        maxBodyBytes: settings.maxStreamBytes,
        retry: false,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (isHttpStatusError(error) && error.status !== 401 && error.status !== 403) {
        throw failure(request, href, error.status, error.bodyExcerpt, error.headers, settings.warn, error);
      }
      throw authErrorOf(error, settings.profile);
    }
    const contentType = opened.headers.get('content-type') ?? '';
    if (!contentType.toLowerCase().includes('text/event-stream')) {
      // An agent that does not stream may answer with one JSON result.
      const text = await readCapped(
        opened.body,
        settings.maxBodyBytes ?? http.defaults.maxBodyBytes,
        callSite,
        {
          idleTimeoutMs: settings.idleTimeoutMs,
          signal,
        },
      );
      const value = parseJsonText(
        text,
        callSite,
        `the ${contentType || 'untyped'} answer to a stream request`,
      );
      const error =
        settings.warn &&
        errorInOkBody(value, text, request.operation, callSite, opened.status, settings.warn);
      if (error) throw error;
      yield [map(value)];
      return;
    }
    const batches = parseSseBatches(opened.body, {
      maxEventBytes: settings.maxEventBytes,
      idleTimeoutMs: settings.idleTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    for await (const batch of batches) {
      const out: T[] = [];
      try {
        for (const event of batch) {
          const data = settings.warn === undefined ? event.data : readStreamData(event.data, settings.warn);
          if (isBlank(data)) continue;
          if (event.event === 'error') {
            const typed = restErrorFromBody(
              data,
              { operation: request.operation, ...callSite, httpStatus: statusInErrorEvent(data) },
              settings.warn,
            );
            throw typed ?? invalidResponse(`an error event on the stream: ${data.slice(0, 200)}`, callSite);
          }
          const value = parseJsonText(data, callSite, 'an event on the stream');
          const error =
            settings.warn &&
            errorInOkBody(value, data, request.operation, callSite, undefined, settings.warn);
          if (error) throw error;
          out.push(map(value));
        }
      } catch (error) {
        // Events before the error event (or a malformed one) were sent: deliver them first.
        if (out.length > 0) yield out;
        throw error;
      }
      if (out.length > 0) yield out;
    }
  }

  const task = (id: string, suffix = '') => `/tasks/${encodeURIComponent(id)}${suffix}`;
  const pushPath = (taskId: string, configId?: string) =>
    task(
      taskId,
      `/pushNotificationConfigs${configId === undefined ? '' : `/${encodeURIComponent(configId)}`}`,
    );

  const sendBody = (params: OutgoingSend): JsonObject => {
    const out: JsonObject = { message: v1 ? messageToV1(params.message) : messageToV03Proto(params.message) };
    if (params.configuration) {
      out['configuration'] = v1
        ? sendConfigurationToV1(params.configuration)
        : sendConfigurationToV03Proto(params.configuration);
    }
    if (params.metadata) out['metadata'] = params.metadata;
    return out;
  };
  const readTask = (value: unknown, request: RestRequest, warn: WarningSink | undefined) =>
    readAnswer(
      () => (v1 ? taskFromV1(value, 'result', warn) : taskFromV03Proto(value, 'result', warn)),
      site(request, target(request)).method,
      target(request),
    );
  const readPush = (value: unknown, request: RestRequest, warn: WarningSink | undefined) =>
    readAnswer(
      () => (v1 ? pushConfigFromV1(value, 'result', warn) : pushConfigFromV03Proto(value)),
      site(request, target(request)).method,
      target(request),
    );
  const readEvent =
    (request: RestRequest) =>
    (value: unknown): StreamEvent =>
      readAnswer(
        () =>
          v1
            ? streamEventFromV1(value, 'result', settings.warn)
            : streamEventFromV03Proto(value, 'result', settings.warn),
        site(request, target(request)).method,
        target(request),
      );

  return {
    binding: 'HTTP+JSON',
    url,
    async send(params, call_) {
      const request: RestRequest = {
        operation: 'send',
        verb: 'POST',
        path: '/message:send',
        body: sendBody(params),
      };
      const warn = sinkOf(call_);
      const result = await call(request, call_?.signal, warn);
      return readAnswer(
        () => (v1 ? sendResultFromV1(result, warn) : sendResultFromV03Proto(result, warn)),
        site(request, target(request)).method,
        target(request),
      );
    },
    stream(params, signal) {
      const request: RestRequest = {
        operation: 'stream',
        verb: 'POST',
        path: '/message:stream',
        body: sendBody(params),
      };
      return stream(request, signal, readEvent(request));
    },
    async getTask(params, call_) {
      const request: RestRequest = { operation: 'get', verb: 'GET', path: task(params.id) };
      if (params.historyLength !== undefined) request.query = { historyLength: String(params.historyLength) };
      const warn = sinkOf(call_);
      return readTask(await call(request, call_?.signal, warn), request, warn);
    },
    async cancelTask(params, call_) {
      const request: RestRequest = {
        operation: 'cancel',
        verb: 'POST',
        path: task(params.id, ':cancel'),
        body: v1 ? { id: params.id } : { name: taskName(params.id) },
      };
      const warn = sinkOf(call_);
      return readTask(await call(request, call_?.signal, warn), request, warn);
    },
    subscribe(params, signal) {
      const request: RestRequest = {
        operation: 'resubscribe',
        verb: 'POST',
        path: task(params.id, ':subscribe'),
        body: v1 ? { id: params.id } : { name: taskName(params.id) },
      };
      return stream(request, signal, readEvent(request));
    },
    async getExtendedCard(call_) {
      const request: RestRequest = {
        operation: 'extendedCard',
        verb: 'GET',
        path: v1 ? '/extendedAgentCard' : '/card',
      };
      const result = await call(request, call_?.signal, sinkOf(call_));
      return readAnswer(
        () => requireObject(result, 'result'),
        site(request, target(request)).method,
        target(request),
      );
    },
    async setPushConfig(config, call_) {
      const request: RestRequest = {
        operation: 'pushSet',
        verb: 'POST',
        path: pushPath(config.taskId),
        body: v1 ? pushConfigToV1(config, tenant) : pushConfigBodyV03(config),
      };
      const warn = sinkOf(call_);
      return readPush(await call(request, call_?.signal, warn), request, warn);
    },
    async getPushConfig(params, call_) {
      // Agents use the task id as the id of a task's only config when none was given (as JSON-RPC 0.3 allows).
      const request: RestRequest = {
        operation: 'pushGet',
        verb: 'GET',
        path: pushPath(params.taskId, params.configId ?? params.taskId),
      };
      const warn = sinkOf(call_);
      return readPush(await call(request, call_?.signal, warn), request, warn);
    },
    async listPushConfigs(params, call_) {
      const request: RestRequest = { operation: 'pushList', verb: 'GET', path: pushPath(params.taskId) };
      const warn = sinkOf(call_);
      const result = await call(request, call_?.signal, warn);
      return readAnswer(
        () => {
          const list = v1 ? pushConfigList(result, warn) : pushConfigListOf(result);
          return list.map((c, i) =>
            v1
              ? pushConfigFromV1(c, `result.configs[${i}]`, warn)
              : pushConfigFromV03Proto(c, `result.configs[${i}]`),
          );
        },
        site(request, target(request)).method,
        target(request),
      );
    },
    async deletePushConfig(params, call_) {
      await call(
        { operation: 'pushDelete', verb: 'DELETE', path: pushPath(params.taskId, params.configId) },
        call_?.signal,
        sinkOf(call_),
      );
    },
    close: () => Promise.resolve(),
  };
}

/**
 * The 0.3 REST body of a push config creation. The proto's HTTP rule sends the `config` field (a
 * `TaskPushNotificationConfig`: `name`, `pushNotificationConfig`), which the 1.3.0 SDK's 0.3 layer reads; the
 * 0.3.x SDKs read the whole `CreateTaskPushNotificationConfigRequest` (`parent`, `configId`, `config`) instead.
 * The two have no field in common, so one body carries both and each server reads its own.
 */
function pushConfigBodyV03(config: TaskPushNotificationConfig): JsonObject {
  const request = createPushConfigRequestV03(config);
  return { ...(request['config'] as JsonObject), ...request };
}

/** The HTTP status a 1.0 error event carries in `error.code`; 200 (the stream's own) when it carries none. */
function statusInErrorEvent(data: string): number {
  try {
    const code = (JSON.parse(data) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'number' && Number.isInteger(code) ? code : 200;
  } catch {
    return 200;
  }
}

/** The `configs` of a list answer (absent: none). */
function pushConfigListOf(result: unknown): unknown[] {
  return (
    optionalArray(
      result === undefined ? undefined : requireObject(result, 'result')['configs'],
      'result.configs',
    ) ?? []
  );
}

/** {@link pushConfigListOf}, and in lenient mode a bare array of configs (`result-unwrapped`). */
function pushConfigList(result: unknown, warn: WarningSink | undefined): unknown[] {
  if (warn !== undefined && Array.isArray(result)) {
    warn({
      code: 'result-unwrapped',
      path: 'result',
      message: 'the push configs came as a bare array where {"configs": [...]} belongs; read as the list',
    });
    return result;
  }
  return pushConfigListOf(result);
}
