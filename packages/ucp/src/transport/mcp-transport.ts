import { withholdSecrets } from '@agentweb/core';
import type { HttpClient } from '@agentweb/http';
import { UcpDocumentError, UcpProtocolError } from '../ucp-errors.js';
import { httpProtocolError } from './read-answer.js';
import { MAX_UCP_RESPONSE_BYTES } from './rest-transport.js';
import { parseSseData } from './sse-events.js';
import type { TransportCall, UcpTransport } from './transport-types.js';
import type { AppliedUcpAuth } from './ucp-auth.js';

/** The MCP protocol revision this client asks for in `initialize`. */
export const MCP_PROTOCOL_VERSION = '2025-06-18';

/** Options of {@link createMcpTransport}. */
export interface McpTransportOptions {
  /** The HTTP client. */
  http: HttpClient;
  /** The business's MCP endpoint (Streamable HTTP). */
  endpoint: string;
  /** The platform profile URL sent as `meta["ucp-agent"].profile`. */
  profileUrl: string;
  /** Client name in `initialize` (default `agentweb-ucp`). */
  clientName?: string;
  /** The platform's credentials for this business, as headers of every POST, the handshake included. */
  auth?: ((signal: AbortSignal | undefined) => Promise<AppliedUcpAuth>) | undefined;
}

interface RpcAnswer {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

type Record_ = Record<string, unknown>;
const isRecord = (v: unknown): v is Record_ => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The MCP binding, as a small MCP Streamable HTTP client on the HTTP client (so its deadline, caps, SSRF guard and
 * retry rules hold): `initialize` once per transport (keeping `Mcp-Session-Id`), then one `tools/call` per
 * operation with `meta["ucp-agent"].profile`, `meta["request-id"]` and, for mutations, `meta["idempotency-key"]`.
 * Answers may be JSON or an event stream. A JSON-RPC error or an HTTP error status is a protocol error; a tool
 * result's `structuredContent` (or its JSON text content) is the UCP document.
 */
export function createMcpTransport(options: McpTransportOptions): UcpTransport {
  const { http, endpoint } = options;
  let sessionId: string | undefined;
  let ready: Promise<void> | undefined;
  let nextId = 1;

  async function post(
    message: Record_,
    call: Pick<TransportCall, 'signal' | 'timeoutMs' | 'secrets'> & {
      operation: string;
      read: boolean;
      auth: AppliedUcpAuth | undefined;
    },
  ): Promise<RpcAnswer | undefined> {
    const { auth } = call;
    const headers: Record<string, string> = {
      ...auth?.headers,
      'MCP-Protocol-Version': MCP_PROTOCOL_VERSION,
    };
    if (sessionId) headers['Mcp-Session-Id'] = sessionId;
    const result = await http.request(endpoint, {
      method: 'POST',
      json: message,
      headers,
      accept: 'application/json, text/event-stream',
      throwHttpErrors: false,
      cache: false,
      redirect: 'error',
      maxBodyBytes: MAX_UCP_RESPONSE_BYTES,
      ...(call.read ? { idempotent: true } : { retry: false }),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {}),
    });
    // `call.secrets` holds the credentials' values too: a business that echoes them gets them withheld.
    if (result.status >= 400) throw httpProtocolError(result, call.operation, endpoint, call.secrets);
    const issued = result.headers.get('mcp-session-id');
    if (issued) sessionId = issued;
    if (!('id' in message) || result.status === 202 || result.body.byteLength === 0) return undefined;
    const type = (result.headers.get('content-type') ?? '').toLowerCase();
    const text = result.text();
    const candidates = type.startsWith('text/event-stream') ? parseSseData(text) : [text];
    for (const candidate of candidates) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(candidate);
      } catch {
        continue;
      }
      if (isRecord(parsed) && parsed['id'] === message['id']) return parsed as RpcAnswer;
    }
    throw new UcpDocumentError({
      kind: 'response',
      source: `${call.operation} at ${endpoint}`,
      issues: [{ path: '', message: 'no JSON-RPC response with the request id in the answer' }],
    });
  }

  function rpcError(
    answer: RpcAnswer,
    operation: string,
    secrets: readonly string[] | undefined,
  ): UcpProtocolError {
    const error = answer.error ?? {};
    const data = isRecord(error.data) ? error.data : {};
    const code = typeof data['code'] === 'string' ? data['code'] : `jsonrpc_${String(error.code)}`;
    const content =
      typeof data['content'] === 'string'
        ? data['content']
        : typeof error.message === 'string'
          ? error.message
          : '';
    return new UcpProtocolError({
      operation,
      ucpCode: code,
      content: withholdSecrets(content, secrets),
      businessUrl: endpoint,
    });
  }

  async function initialize(call: Pick<TransportCall, 'signal' | 'timeoutMs'>): Promise<void> {
    const id = nextId++;
    const auth = await options.auth?.(call.signal);
    const secrets = auth?.secrets;
    const answer = await post(
      {
        jsonrpc: '2.0',
        id,
        method: 'initialize',
        params: {
          protocolVersion: MCP_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: options.clientName ?? 'agentweb-ucp', version: '0.1.0' },
        },
      },
      { ...call, operation: 'initialize', read: true, secrets, auth },
    );
    if (!answer || answer.error) throw rpcError(answer ?? {}, 'initialize', secrets);
    await post(
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { ...call, operation: 'initialize', read: true, secrets, auth },
    );
  }

  return {
    name: 'mcp',
    endpoint,
    async call(call) {
      if (!ready) {
        ready = initialize(call);
        // A failed handshake is tried again by the next call.
        ready.catch(() => {
          ready = undefined;
        });
      }
      await ready;
      const { operation } = call;
      const auth = await options.auth?.(call.signal);
      const secrets = auth === undefined ? call.secrets : [...(call.secrets ?? []), ...auth.secrets];
      const meta: Record_ = { 'ucp-agent': { profile: options.profileUrl }, 'request-id': call.requestId };
      if (call.idempotencyKey) meta['idempotency-key'] = call.idempotencyKey;
      const args: Record_ = { meta };
      if (call.id !== undefined) args['id'] = call.id;
      if (operation.bodyKey) args[operation.bodyKey] = call.body ?? {};
      const answer = await post(
        {
          jsonrpc: '2.0',
          id: nextId++,
          method: 'tools/call',
          params: { name: operation.name, arguments: args },
        },
        {
          operation: operation.name,
          read: !operation.mutation,
          signal: call.signal,
          timeoutMs: call.timeoutMs,
          secrets,
          auth,
        },
      );
      if (!answer) throw rpcError({}, operation.name, secrets);
      if (answer.error) throw rpcError(answer, operation.name, secrets);
      const result = isRecord(answer.result) ? answer.result : {};
      let data: unknown = result['structuredContent'];
      if (data === undefined && Array.isArray(result['content'])) {
        const text = (result['content'] as unknown[]).find((c) => isRecord(c) && c['type'] === 'text') as
          | Record_
          | undefined;
        if (typeof text?.['text'] === 'string') {
          try {
            data = JSON.parse(text['text']);
          } catch {
            data = undefined;
          }
        }
      }
      if (result['isError'] === true && !(isRecord(data) && isRecord(data['ucp']))) {
        const body = isRecord(data) ? data : {};
        throw new UcpProtocolError({
          operation: operation.name,
          ucpCode: typeof body['code'] === 'string' ? body['code'] : 'tool_error',
          content: withholdSecrets(typeof body['content'] === 'string' ? body['content'] : '', secrets),
          businessUrl: endpoint,
        });
      }
      if (data === undefined) {
        throw new UcpDocumentError({
          kind: 'response',
          source: `${operation.name} at ${endpoint}`,
          issues: [{ path: 'result.structuredContent', message: 'the tool result carries no UCP document' }],
        });
      }
      return { status: 200, data };
    },
  };
}
