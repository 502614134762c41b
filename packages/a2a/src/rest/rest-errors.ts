import type { A2AOperation } from '../dialect.js';
import { rpcCodeForReason, rpcCodeForStatus } from '../error-mapping.js';
import { type A2ARpcError, type ErrorInfo, rpcErrorFor } from '../errors.js';
import { isObject } from '../shape.js';

/** Where a REST error body came from. */
export interface RestErrorSite {
  /** The operation that failed. */
  operation: A2AOperation;
  /** The call as `VERB path`, for messages. */
  method: string;
  /** The URL called. */
  url: string;
  /** The HTTP status of the answer (for SSE error events: the status inside the body, else 200). */
  httpStatus: number;
}

const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';

function a2aReasonOf(details: unknown[]): { code: number; info: ErrorInfo } | undefined {
  for (const detail of details) {
    if (!isObject(detail) || typeof detail['reason'] !== 'string') continue;
    const type = detail['@type'];
    if (type !== undefined && type !== ERROR_INFO_TYPE) continue;
    const code = rpcCodeForReason(detail['reason']);
    if (code !== undefined) return { code, info: detail as ErrorInfo };
  }
  return undefined;
}

/**
 * Reads an A2A error from the body of a REST answer, in either dialect's form, or returns undefined when the
 * body is not one (an HTML page, a proxy's JSON, a CAP error payload), so the caller reports the HTTP failure:
 * - 1.0 (spec §11.6): `{"error": {code, status, message, details: [{"@type": ".../google.rpc.ErrorInfo",
 *   reason, domain, metadata}]}}`. The ErrorInfo `reason` decides the type; without one, `status` read with the
 *   operation (NOT_FOUND on a task call is TaskNotFound, ...); a Status with neither is not an A2A error.
 * - 0.3 (the 0.3.x SDKs): the JSON-RPC error object itself, `{code: -32001, message, data?}`.
 * Runs in time linear in the text (one `JSON.parse`, one pass over `details`).
 */
export function restErrorFromBody(text: string, site: RestErrorSite): A2ARpcError | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  const context = {
    method: site.method,
    url: site.url,
    binding: 'HTTP+JSON',
    httpStatus: site.httpStatus,
  };
  const status = body['error'];
  if (isObject(status)) {
    const message = typeof status['message'] === 'string' ? status['message'] : 'no message';
    const details = Array.isArray(status['details']) ? status['details'] : [];
    const reason = a2aReasonOf(details);
    const statusName = typeof status['status'] === 'string' ? status['status'] : undefined;
    const code = reason?.code ?? (statusName ? rpcCodeForStatus(statusName, site.operation) : undefined);
    if (code === undefined) return undefined;
    return rpcErrorFor({ rpcCode: code, message, data: details, ...context });
  }
  // Only codes in JSON-RPC's reserved range: a proxy's `{code: 404, message}` is not an A2A error.
  const code = body['code'];
  if (typeof code === 'number' && code >= -32768 && code <= -32000 && typeof body['message'] === 'string') {
    return rpcErrorFor({
      rpcCode: Math.trunc(code),
      message: body['message'],
      data: body['data'],
      ...context,
    });
  }
  return undefined;
}
