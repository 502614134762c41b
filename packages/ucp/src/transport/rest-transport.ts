import type { HttpClient } from '@agentweb/http';
import { httpProtocolError, jsonBody } from './read-answer.js';
import { type TransportCall, type UcpTransport, ucpAgentHeader } from './transport-types.js';
import type { AppliedUcpAuth } from './ucp-auth.js';

/** Largest UCP response read (a catalog page with media can be large; the HTTP client refuses more). */
export const MAX_UCP_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Options of {@link createRestTransport}. */
export interface RestTransportOptions {
  /** The HTTP client. */
  http: HttpClient;
  /** The business's REST endpoint (`https://shop.example/ucp/v1`). */
  endpoint: string;
  /** The platform profile URL sent in `UCP-Agent`. */
  profileUrl: string;
  /** The platform's credentials for this business, as headers (see `createUcpAuthApplier`). */
  auth?: ((signal: AbortSignal | undefined) => Promise<AppliedUcpAuth>) | undefined;
}

/**
 * The REST binding: `UCP-Agent`, `Request-Id` on every call, `Idempotency-Key` on mutations; reads (GETs and the
 * catalog POSTs) are retried by the HTTP client with `Retry-After` honoured, mutations never; no redirects, no
 * response cache. An HTTP error status is a protocol error (`UcpProtocolError` with the body's `code`/`content`).
 */
export function createRestTransport(options: RestTransportOptions): UcpTransport {
  const base = options.endpoint.replace(/\/+$/, '');
  const agent = ucpAgentHeader(options.profileUrl);
  return {
    name: 'rest',
    endpoint: options.endpoint,
    async call(call: TransportCall) {
      const { operation } = call;
      const url = `${base}${operation.path(call.id ?? '')}`;
      const auth = await options.auth?.(call.signal);
      const headers: Record<string, string> = {
        ...auth?.headers,
        'UCP-Agent': agent,
        'Request-Id': call.requestId,
      };
      if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
      const secrets = auth === undefined ? call.secrets : [...(call.secrets ?? []), ...auth.secrets];
      const result = await options.http.request(url, {
        method: operation.method,
        headers,
        accept: 'application/json',
        throwHttpErrors: false,
        cache: false,
        redirect: 'error',
        maxBodyBytes: MAX_UCP_RESPONSE_BYTES,
        ...(operation.method === 'GET' ? {} : { json: call.body ?? {} }),
        // A mutation is never sent twice by this layer (a lost answer is for the caller to resolve with the same
        // Idempotency-Key); reads, including the catalog POSTs, are.
        ...(operation.mutation ? { retry: false } : { idempotent: true }),
        ...(call.signal ? { signal: call.signal } : {}),
        ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {}),
      });
      if (result.status >= 400) throw httpProtocolError(result, operation.name, options.endpoint, secrets);
      return { status: result.status, data: jsonBody(result, `${operation.name} at ${options.endpoint}`) };
    },
  };
}
