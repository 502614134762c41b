import { invalidResponse, rpcErrorFor } from './errors.js';
import { isObject } from './shape.js';
import { type WarningSink, warning } from './warnings.js';

/** Where a response came from, for error messages. */
export interface RpcCallSite {
  /** The method called. */
  method: string;
  /** The URL called. */
  url: string;
}

/**
 * Reads one JSON-RPC response envelope: checks it is an object with the request's id and either `result` or
 * `error`, throws the typed error for `error`, and returns `result`.
 */
export function unwrapRpcResponse(
  value: unknown,
  id: string | number,
  site: RpcCallSite,
  warn?: WarningSink,
): unknown {
  if (!isObject(value)) throw invalidResponse('the body is not a JSON-RPC response object', site);
  if (Array.isArray(value)) throw invalidResponse('the body is a JSON-RPC batch', site);
  const error = value['error'];
  if (error !== undefined && error !== null) {
    if (!isObject(error) || typeof error['code'] !== 'number') {
      throw invalidResponse('the JSON-RPC error object has no numeric code', site);
    }
    // A parse error may come with a null id, since the agent could not read ours.
    if (value['id'] !== id && value['id'] !== null) {
      throw invalidResponse(
        `the response id ${JSON.stringify(value['id'])} does not match the request id ${id}`,
        site,
      );
    }
    const message = typeof error['message'] === 'string' ? error['message'] : 'no message';
    throw rpcErrorFor({ rpcCode: error['code'], message, data: error['data'], ...site });
  }
  if (value['id'] !== id && !sameIdLeniently(value['id'], id, warn)) {
    throw invalidResponse(
      `the response id ${JSON.stringify(value['id'])} does not match the request id ${id}`,
      site,
    );
  }
  if (!('result' in value)) throw invalidResponse('the response has neither result nor error', site);
  return value['result'];
}

/** Parses JSON text, turning a syntax error into `InvalidAgentResponseError`. */
export function parseJsonText(text: string, site: RpcCallSite, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw invalidResponse(`${what} is not JSON: ${text.slice(0, 80)}`, { ...site, cause });
  }
}

/**
 * Lenient mode (`warn` given): an id echoed in another JSON type (`"7"` for 7, as servers that keep ids as strings
 * send) or left null is still the answer to our request, which came back on its own HTTP exchange; warned as
 * `jsonrpc-id-mismatch`. Any other id is another request's answer and is refused.
 */
function sameIdLeniently(received: unknown, id: string | number, warn: WarningSink | undefined): boolean {
  if (warn === undefined) return false;
  const same = received === null || received === undefined || String(received) === String(id);
  if (same) {
    warn(
      warning(
        'jsonrpc-id-mismatch',
        'response.id',
        `the response id ${JSON.stringify(received) ?? 'undefined'} is not the request id ${JSON.stringify(id)} as sent; read as its answer`,
      ),
    );
  }
  return same;
}
