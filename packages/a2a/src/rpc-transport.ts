import type { AgentProfile } from '@agentweb/agentcard';
import { type HttpClient, HttpStatusError, isHttpStatusError } from '@agentweb/http';
import type { AppliedAuth } from './auth.js';
import {
  type A2ARpcError,
  authRequiredError,
  invalidResponse,
  isA2ARpcError,
  isA2AStreamError,
  isInvalidAgentResponseError,
} from './errors.js';
import { refusalFromJson } from './http-refusal.js';
import { parseJsonText, type RpcCallSite, unwrapRpcResponse } from './rpc-envelope.js';
import { isObject } from './shape.js';
import { stripFramingNoise } from './sse-framing.js';
import { isBlank, parseSseBatches, readWithIdle } from './sse-parser.js';
import type { TransportSettings } from './transport.js';
import { type WarningSink, warning } from './warnings.js';

/** Settings of a JSON-RPC transport bound to one endpoint: a binding's settings, less the tenant (sent in params). */
export type RpcTransportOptions = Omit<TransportSettings, 'tenant' | 'hasCredentials'>;

/** Options of one call. */
export interface RpcCallOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Safe to retry (reads). */
  idempotent?: boolean;
  /** Receives lenient-reading warnings for this call; undefined: strict, or the transport's own sink. */
  warn?: WarningSink | undefined;
}

let counter = 0;
const utf8 = new TextDecoder();

function nextId(): number {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return counter;
}

/** A JSON-RPC client for one A2A endpoint, in one dialect. */
export class RpcTransport {
  /** Headers of calls without credentials, per `Accept`, built once (the HTTP client copies what it sends). */
  private readonly plainHeaders = new Map<string, Readonly<Record<string, string>>>();

  constructor(private readonly options: RpcTransportOptions) {}

  private buildHeaders(auth: AppliedAuth, accept: string): Record<string, string> {
    const h: Record<string, string> = { ...auth.headers, accept, 'content-type': 'application/json' };
    if (this.options.dialect === '1.0') h['a2a-version'] = '1.0';
    if (this.options.extensions.length > 0) {
      h[this.options.dialect === '1.0' ? 'a2a-extensions' : 'x-a2a-extensions'] =
        this.options.extensions.join(', ');
    }
    return h;
  }

  private headers(auth: AppliedAuth, accept: string): Record<string, string> {
    if (Object.keys(auth.headers).length > 0) return this.buildHeaders(auth, accept);
    let shared = this.plainHeaders.get(accept);
    if (!shared) {
      shared = Object.freeze(this.buildHeaders(auth, accept));
      this.plainHeaders.set(accept, shared);
    }
    return shared as Record<string, string>;
  }

  private authError(error: unknown): unknown {
    return authErrorOf(error, this.options.profile);
  }

  /** Calls `method` and returns its `result`; JSON-RPC errors become typed `A2ARpcError`s. */
  async call(method: string, params: unknown, call: RpcCallOptions = {}): Promise<unknown> {
    const id = nextId();
    const auth = await this.options.applyAuth(this.options.url, call.signal);
    const site: RpcCallSite = { method, url: this.options.url };
    let response: Awaited<ReturnType<HttpClient['request']>>;
    try {
      response = await this.options.http.request(auth.url, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        headers: this.headers(auth, 'application/json'),
        throwHttpErrors: false,
        // A cross-origin redirect would carry the JSON-RPC body and any API-key header to another host.
        redirect: 'same-origin',
        ...(call.signal ? { signal: call.signal } : {}),
        ...(call.idempotent ? { idempotent: true } : {}),
        ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
        ...(this.options.maxBodyBytes !== undefined ? { maxBodyBytes: this.options.maxBodyBytes } : {}),
      });
    } catch (error) {
      throw this.authError(error);
    }
    if (response.status === 401 || response.status === 403) {
      throw authRequiredError({
        profile: this.options.profile,
        status: response.status,
        url: this.options.url,
        wwwAuthenticate: response.headers.get('www-authenticate') ?? undefined,
      });
    }
    const text = utf8.decode(response.body);
    if (response.status >= 200 && response.status < 300) {
      const warn = this.options.warn === undefined ? undefined : (call.warn ?? this.options.warn);
      return unwrapRpcResponse(parseJsonText(text, site, `the HTTP ${response.status} body`), id, site, warn);
    }
    // Servers may answer a JSON-RPC error with a non-2xx status (a 404 for an unknown task, say); that error
    // for our id is the answer. Anything else (a gateway page, CAP's error shape) is an HTTP failure. A 429
    // always is: rate limiting is transport-level, and callers need its status and Retry-After.
    const warn = this.options.warn === undefined ? undefined : (call.warn ?? this.options.warn);
    const rpcError = rpcErrorIn(text, id, site);
    if (rpcError && response.status !== 429) {
      warn?.(httpStatusWarning(response.status));
      throw rpcError;
    }
    const failure = new HttpStatusError({
      url: this.options.url,
      status: response.status,
      headers: response.headers,
      bodyExcerpt: text.slice(0, 1024),
      provenance: response.provenance,
      ...(rpcError ? { cause: rpcError } : {}),
    });
    throw (warn && nonRpcJsonError(text, response.status, site, failure, warn)) || failure;
  }

  /**
   * Opens a streaming call and yields each event's `result` passed through `map`, in batches of the events one
   * read of the body brought. A JSON (not event-stream) answer is read as a single JSON-RPC response, which is
   * how agents refuse a stream. Mapping here, rather than in a generator wrapped around this one, and yielding
   * batches save generator hops per event.
   */
  async *stream<T>(
    method: string,
    params: unknown,
    signal: AbortSignal | undefined,
    map: (result: unknown) => T,
  ): AsyncGenerator<T[], void, undefined> {
    const id = nextId();
    const auth = await this.options.applyAuth(this.options.url, signal);
    const site: RpcCallSite = { method, url: this.options.url };
    let opened: Awaited<ReturnType<HttpClient['stream']>>;
    try {
      opened = await this.options.http.stream(auth.url, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        headers: this.headers(auth, 'text/event-stream'),
        redirect: 'same-origin',
        timeoutMs: this.options.streamTimeoutMs,
        maxBodyBytes: this.options.maxStreamBytes,
        retry: false,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      // Same reading as for unary calls: a JSON-RPC error for our id is the answer, except on a 429.
      if (isHttpStatusError(error) && error.status !== 429 && error.status !== 401 && error.status !== 403) {
        const rpcError = rpcErrorIn(error.bodyExcerpt, id, site);
        if (rpcError) {
          this.options.warn?.(httpStatusWarning(error.status));
          throw rpcError;
        }
        const warn = this.options.warn;
        const read = warn && nonRpcJsonError(error.bodyExcerpt, error.status, site, error, warn);
        if (read) throw read;
      }
      throw this.authError(error);
    }
    const contentType = opened.headers.get('content-type') ?? '';
    if (!contentType.toLowerCase().includes('text/event-stream')) {
      const text = await readCapped(
        opened.body,
        this.options.maxBodyBytes ?? this.options.http.defaults.maxBodyBytes,
        site,
        { idleTimeoutMs: this.options.idleTimeoutMs, signal },
      );
      const envelope = parseJsonText(
        text,
        site,
        `the ${contentType || 'untyped'} answer to a stream request`,
      );
      yield [map(unwrapRpcResponse(envelope, id, site, this.options.warn))];
      return;
    }
    const batches = parseSseBatches(opened.body, {
      maxEventBytes: this.options.maxEventBytes,
      idleTimeoutMs: this.options.idleTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    for await (const batch of batches) {
      const out: T[] = [];
      try {
        for (const event of batch) {
          const data =
            this.options.warn === undefined ? event.data : stripFramingNoise(event.data, this.options.warn);
          if (isBlank(data)) continue;
          const envelope = parseJsonText(data, site, 'an event on the stream');
          out.push(map(unwrapRpcResponse(envelope, id, site, this.options.warn)));
        }
      } catch (error) {
        // Events before the failing one (a JSON-RPC error, a malformed event) were sent: deliver them first.
        if (out.length > 0) yield out;
        throw error;
      }
      if (out.length > 0) yield out;
    }
  }
}

function httpStatusWarning(status: number) {
  return warning(
    'jsonrpc-error-http-status',
    'response.status',
    `a JSON-RPC error came with HTTP ${status} instead of 200; the body's error was used`,
  );
}

/** How a 4xx JSON body that is not JSON-RPC is read (lenient mode). */
const NOT_JSONRPC = { code: 'http-error-not-jsonrpc', expected: 'a JSON-RPC response' } as const;

function nonRpcJsonError(
  text: string,
  status: number,
  site: RpcCallSite,
  cause: HttpStatusError,
  warn: WarningSink,
): A2ARpcError | undefined {
  return refusalFromJson(text, status, site, cause, warn, NOT_JSONRPC);
}

/** The typed error of `text` when it is a JSON-RPC error response to request `id`, else undefined. */
function rpcErrorIn(text: string, id: number, site: RpcCallSite): A2ARpcError | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || Array.isArray(value) || value['error'] === undefined) return undefined;
  if (value['id'] !== id && value['id'] !== null) return undefined;
  try {
    unwrapRpcResponse(value, id, site);
  } catch (error) {
    // The client's own complaints (no numeric code, say) mean the body is not a JSON-RPC error after all.
    const ours = isInvalidAgentResponseError(error) && error.detectedBy === 'client';
    if (isA2ARpcError(error) && !ours) return error;
  }
  return undefined;
}

/** How long {@link readCapped} waits for each chunk, and what stops it. */
export interface ReadWait {
  /** Longest wait for the next chunk, ms (0: none). */
  idleTimeoutMs: number;
  /** Stops reading. */
  signal?: AbortSignal | undefined;
}

/**
 * Reads a whole (non-stream) answer to a stream request: at most `limit` bytes, and at most `idleTimeoutMs` between
 * chunks, as for the events of a stream (otherwise an agent that sends headers and then nothing would hold the call
 * until the whole stream's deadline).
 */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  limit: number,
  site: RpcCallSite,
  wait: ReadWait,
): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (true) {
      const { done, value } = await readWithIdle(reader, wait.idleTimeoutMs, wait.signal);
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw invalidResponse(`the non-stream answer exceeds ${limit} bytes`, site);
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return utf8.decode(Buffer.concat(chunks));
}

/** A 401/403 `HttpStatusError` as `A2AAuthRequiredError`; any other error unchanged. */
export function authErrorOf(error: unknown, profile: AgentProfile | undefined): unknown {
  if (isHttpStatusError(error) && (error.status === 401 || error.status === 403)) {
    return authRequiredError({
      profile,
      status: error.status,
      url: error.url,
      wwwAuthenticate: error.headers.get('www-authenticate') ?? undefined,
      cause: error,
    });
  }
  return error;
}

/** True for errors after which a stream may be resumed by resubscribing. */
export function isResumableStreamError(error: unknown): boolean {
  if (isA2AStreamError(error)) return error.reason === 'idle-timeout';
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'NETWORK' || code === 'TIMEOUT';
}
