import type { HttpStatusError } from '@agentweb/http';
import { type A2ARpcError, rpcErrorFor } from './errors.js';
import type { RpcCallSite } from './rpc-envelope.js';
import { isObject } from './shape.js';
import { type A2AWarningCode, type WarningSink, warning } from './warnings.js';

/** 4xx statuses whose JSON body, when in no A2A error form, is still the agent refusing the request. */
export function isRequestRefusal(status: number): boolean {
  return (
    status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 404 && status !== 429
  );
}

/** How {@link refusalFromJson} names what the body is not. */
export interface RefusalReading {
  /** The warning code (`http-error-not-jsonrpc` on JSON-RPC, `http-error-not-a2a` on HTTP+JSON). */
  code: A2AWarningCode;
  /** What the binding expected, for messages (`a JSON-RPC response`, `an A2A error`). */
  expected: string;
}

/**
 * Lenient reading of a 4xx answer whose JSON body is in no A2A error form (Mastra answers an unknown method with
 * HTTP 400 `{"error":"Invalid request body","issues":[...]}`): the agent refused the request, so it becomes an
 * `A2AInvalidRequestError` naming the status and the body (in `data`), with the HTTP error as its cause. Undefined
 * for any other answer (not a request refusal, not a JSON object, or JSON-RPC after all), which stays an HTTP error.
 */
export function refusalFromJson(
  text: string,
  status: number,
  site: RpcCallSite & { binding?: string },
  cause: HttpStatusError,
  warn: WarningSink,
  reading: RefusalReading,
): A2ARpcError | undefined {
  if (!isRequestRefusal(status)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(body) || 'jsonrpc' in body) return undefined;
  const said =
    typeof body['error'] === 'string'
      ? body['error']
      : typeof body['message'] === 'string'
        ? body['message']
        : undefined;
  warn(
    warning(
      reading.code,
      'response.body',
      `HTTP ${status} with a JSON body that is not ${reading.expected}; read as an invalid-request error`,
    ),
  );
  return rpcErrorFor({
    rpcCode: -32600,
    message: `HTTP ${status} with a body that is not ${reading.expected}${said !== undefined ? `: ${said}` : ''} (${text.slice(0, 200)})`,
    data: body,
    httpStatus: status,
    ...site,
    cause,
  });
}
