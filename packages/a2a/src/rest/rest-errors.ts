import type { A2AOperation } from '../dialect.js';
import { GRPC_STATUS_NAMES, rpcCodeForReason, rpcCodeForStatus } from '../error-mapping.js';
import { type A2ARpcError, type ErrorInfo, rpcErrorFor } from '../errors.js';
import { isObject } from '../shape.js';
import { type WarningSink, warning } from '../warnings.js';

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
 * Lenient mode (`warn` given) also reads, with a `rest-error-shape` warning, the A2A errors sent in another form
 * (see {@link otherErrorForm}). Runs in time linear in the text (one `JSON.parse`, one pass over `details`).
 */
export function restErrorFromBody(
  text: string,
  site: RestErrorSite,
  warn?: WarningSink,
): A2ARpcError | undefined {
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
    let code = reason?.code ?? (statusName ? rpcCodeForStatus(statusName, site.operation) : undefined);
    let data: unknown = details;
    if (code === undefined && warn !== undefined) {
      const other = otherErrorForm(status, details, site.operation);
      if (other !== undefined) {
        warn(
          warning(
            'rest-error-shape',
            'response.body.error',
            `${other.form}; read as A2A error ${other.code}`,
          ),
        );
        code = other.code;
        // A JSON-RPC error object carries its own `data`.
        if (status['data'] !== undefined) data = status['data'];
      }
    }
    if (code === undefined) return undefined;
    return rpcErrorFor({ rpcCode: code, message, data, ...context });
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

/** gRPC status names by HTTP status, as google.rpc's HTTP mapping pairs them (the ones A2A gives a meaning). */
const STATUS_FOR_HTTP: ReadonlyMap<number, string> = new Map([
  [400, 'INVALID_ARGUMENT'],
  [404, 'NOT_FOUND'],
  [409, 'FAILED_PRECONDITION'],
  [412, 'FAILED_PRECONDITION'],
  [500, 'INTERNAL'],
  [501, 'UNIMPLEMENTED'],
]);

/** An UPPER_SNAKE_CASE name from another spelling (`not_found`, `NotFound`, `taskNotFoundError`). */
function upperSnake(name: string): string {
  const bare = name.trim().replace(/Error$/, '');
  let out = '';
  for (let i = 0; i < bare.length; i += 1) {
    const c = bare[i] as string;
    const lower = c.toLowerCase();
    if (
      c !== lower &&
      i > 0 &&
      bare[i - 1] !== '_' &&
      (bare[i - 1] as string).toLowerCase() === bare[i - 1]
    ) {
      out += '_';
    }
    out += c === '-' || c === ' ' ? '_' : c.toUpperCase();
  }
  return out;
}

/**
 * The JSON-RPC code of an A2A error sent in a form the HTTP+JSON binding does not define, and how it was sent:
 * a JSON-RPC error object (`{code: -32001, message}`, alone or in a JSON-RPC envelope) in `error`; an ErrorInfo
 * reason or status name in other casing (`task_not_found`, `TaskNotFoundError`, `not_found`); a status given as
 * its gRPC number; or only the HTTP `code` of the Status, read with the operation. Undefined when none applies.
 */
function otherErrorForm(
  status: Record<string, unknown>,
  details: unknown[],
  operation: A2AOperation,
): { code: number; form: string } | undefined {
  const code = status['code'];
  if (typeof code === 'number' && code >= -32768 && code <= -32000) {
    return {
      code: Math.trunc(code),
      form: `a JSON-RPC error (code ${code}) where a google.rpc.Status belongs`,
    };
  }
  for (const detail of details) {
    if (!isObject(detail) || typeof detail['reason'] !== 'string') continue;
    const found = rpcCodeForReason(upperSnake(detail['reason']));
    if (found !== undefined)
      return { code: found, form: `the reason ${JSON.stringify(detail['reason'])} in other casing` };
  }
  const name = status['status'];
  const statusName =
    typeof name === 'string'
      ? upperSnake(name)
      : typeof name === 'number'
        ? GRPC_STATUS_NAMES[name]
        : typeof code === 'number'
          ? STATUS_FOR_HTTP.get(code)
          : undefined;
  if (statusName === undefined) return undefined;
  const found = rpcCodeForStatus(statusName, operation);
  if (found === undefined) return undefined;
  const form =
    typeof name === 'string'
      ? `the status ${JSON.stringify(name)} in other casing`
      : typeof name === 'number'
        ? `the status as its number ${name}`
        : `a Status with only its HTTP code ${String(code)}`;
  return { code: found, form };
}
