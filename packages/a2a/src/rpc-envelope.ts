import { invalidResponse, rpcErrorFor } from './errors.js';
import { isObject } from './shape.js';

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
export function unwrapRpcResponse(value: unknown, id: string | number, site: RpcCallSite): unknown {
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
  if (value['id'] !== id) {
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
