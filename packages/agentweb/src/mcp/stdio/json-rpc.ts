/** A JSON-RPC request id as MCP allows it: a string or an integer, never null. */
export type JsonRpcId = string | number;

/** A request: answered with a result or an error under the same id. */
export interface JsonRpcRequest {
  kind: 'request';
  id: JsonRpcId;
  method: string;
  /** The params object (absent params read as `{}`). */
  params: Record<string, unknown>;
}

/** A notification: never answered. */
export interface JsonRpcNotification {
  kind: 'notification';
  method: string;
  params: Record<string, unknown>;
}

/** A response from the peer (this server sends no requests, so these are only noted). */
export interface JsonRpcResponse {
  kind: 'response';
  id: JsonRpcId | null;
}

/** A value that is JSON but not a JSON-RPC 2.0 message; `id` is the request's id when one could be read. */
export interface JsonRpcInvalid {
  kind: 'invalid';
  id: JsonRpcId | null;
  reason: string;
}

/** One element of what a line carried. */
export type JsonRpcItem = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse | JsonRpcInvalid;

/** What one input line carried. */
export type JsonRpcLine =
  | { kind: 'single'; item: JsonRpcItem }
  | { kind: 'batch'; items: JsonRpcItem[] }
  | { kind: 'parse-error'; reason: string };

/** JSON-RPC 2.0 error codes (and the MCP SDK's use of them). */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

/** Classifies one parsed JSON value as a JSON-RPC message; anything else is `invalid`, never thrown. */
export function classifyJsonRpc(value: unknown): JsonRpcItem {
  if (!isObject(value)) return { kind: 'invalid', id: null, reason: 'a message must be a JSON object' };
  const id = isId(value['id']) ? value['id'] : null;
  if (value['jsonrpc'] !== '2.0') return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  const method = value['method'];
  if (method === undefined) {
    if ('result' in value || 'error' in value) return { kind: 'response', id };
    return { kind: 'invalid', id, reason: 'a message needs a method (or a result or error)' };
  }
  if (typeof method !== 'string' || method === '') {
    return { kind: 'invalid', id, reason: 'method must be a non-empty string' };
  }
  const raw = value['params'];
  if (raw !== undefined && !isObject(raw)) {
    return { kind: 'invalid', id, reason: 'params must be an object' };
  }
  const params = raw ?? {};
  if (!('id' in value)) return { kind: 'notification', method, params };
  if (id === null) return { kind: 'invalid', id: null, reason: 'id must be a string or an integer' };
  return { kind: 'request', id, method, params };
}

/** Most messages one batch may hold; a longer batch is refused whole. */
export const MAX_BATCH_ITEMS = 64;

/**
 * Parses one line of the stdio transport. JSON.parse runs in linear time on a line the reader already bounded;
 * every outcome, including a batch of bad elements, is a value, never an exception.
 */
export function parseJsonRpcLine(line: string): JsonRpcLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { kind: 'parse-error', reason: error instanceof Error ? error.message : String(error) };
  }
  if (!Array.isArray(value)) return { kind: 'single', item: classifyJsonRpc(value) };
  if (value.length === 0) {
    return { kind: 'single', item: { kind: 'invalid', id: null, reason: 'an empty batch' } };
  }
  if (value.length > MAX_BATCH_ITEMS) {
    return {
      kind: 'single',
      item: { kind: 'invalid', id: null, reason: `a batch of more than ${MAX_BATCH_ITEMS} messages` },
    };
  }
  return { kind: 'batch', items: value.map(classifyJsonRpc) };
}
