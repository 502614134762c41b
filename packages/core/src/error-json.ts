import { hasErrorBrand } from './brand.js';

/** The JSON form of an AgentWeb error: what `JSON.stringify(error)` writes. */
export interface AgentWebErrorJson {
  /** The class name, e.g. `HttpStatusError`. */
  name: string;
  /** The stable code, e.g. `HTTP_STATUS`. */
  code: string;
  /** What went wrong. */
  message: string;
  /** A summary of the underlying error: the nested JSON form of an AgentWeb error, else its name and message. */
  cause?: AgentWebErrorJson | ErrorSummary;
  /** The subclass's own diagnostic fields that are plain data (`status`, `url`, `capErrorCode`, `issues`, ...). */
  [field: string]: unknown;
}

/** Name and message of an error that is not an AgentWeb error (or of a thrown non-error). */
export interface ErrorSummary {
  /** `TypeError`, `AbortError`, ... (`typeof` the value for a thrown non-error). */
  name: string;
  /** Its message (the value as text for a thrown non-error). */
  message: string;
}

/**
 * Field names that never go into the JSON form, at any depth: they carry request or response headers and
 * bodies, or credentials, which do not belong in logs or tool results.
 */
const WITHHELD_FIELDS = new Set([
  'headers',
  'body',
  'bodyExcerpt',
  'authorization',
  'cookie',
  'credentials',
  'password',
  'secret',
  'token',
  'apiKey',
]);
const MAX_DEPTH = 4;
const MAX_STRING_CHARS = 2_000;

function clip(text: string): string {
  return text.length > MAX_STRING_CHARS ? `${text.slice(0, MAX_STRING_CHARS)}…` : text;
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Summary of any thrown value, for a `cause` (the JSON form of an AgentWeb error, else name and message). */
export function errorSummary(error: unknown): AgentWebErrorJson | ErrorSummary {
  if (isAgentWebErrorLike(error)) {
    const toJSON = (error as { toJSON?: unknown }).toJSON;
    // An error from another copy of the package may predate toJSON; the generic form fits it too.
    return typeof toJSON === 'function'
      ? (toJSON.call(error) as AgentWebErrorJson)
      : errorJson(error as Error & { code: string });
  }
  if (error instanceof Error || isErrorLike(error)) {
    const { name, message } = error as { name: string; message: string };
    return { name: String(name), message: clip(String(message)) };
  }
  return { name: typeof error, message: clip(String(error)) };
}

// Causes nest through toJSON calls; this bounds the chain (and breaks a cycle) without threading a depth through
// JSON.stringify, which calls toJSON with the property key.
let nesting = 0;
const MAX_NESTING = 8;

/**
 * The JSON form of an AgentWeb error: `name`, `code`, `message`, its own plain-data fields and a `cause`
 * summary. Headers, bodies and credentials are withheld.
 */
export function errorJson(error: Error & { code: string }): AgentWebErrorJson {
  const head = { name: String(error.name), code: error.code, message: clip(String(error.message)) };
  if (nesting >= MAX_NESTING) return head;
  nesting += 1;
  try {
    const json: AgentWebErrorJson = { ...head, ...errorFields(error) };
    // Fields cannot replace the three that identify the error.
    Object.assign(json, head);
    if (error.cause !== undefined) json.cause = errorSummary(error.cause);
    return json;
  } finally {
    nesting -= 1;
  }
}

function isAgentWebErrorLike(value: unknown): boolean {
  return hasErrorBrand(value) && typeof (value as { code?: unknown }).code === 'string';
}

function isErrorLike(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/**
 * The plain-data form of `value` for an error's JSON: strings (clipped), finite numbers, booleans, null, and
 * arrays and plain objects of those, a few levels deep; errors become summaries and URLs their text. Anything
 * else (class instances such as `Headers`, functions, cycles past the depth) is left out (`undefined`).
 */
function jsonSafe(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      return clip(value);
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) return undefined;
  if (value instanceof Error || isAgentWebErrorLike(value)) return errorSummary(value);
  if (value instanceof URL) return value.href;
  if (Array.isArray(value)) {
    return value.map((item) => jsonSafe(item, depth + 1) ?? null);
  }
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (WITHHELD_FIELDS.has(key)) continue;
    const safe = jsonSafe(field, depth + 1);
    if (safe !== undefined) out[key] = safe;
  }
  return out;
}

/** Own fields of an error for its JSON form: plain data only, never headers, bodies or credentials. */
function errorFields(error: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(error)) {
    if (key === 'stack' || key === 'cause' || WITHHELD_FIELDS.has(key)) continue;
    const safe = jsonSafe(field, 0);
    if (safe !== undefined) out[key] = safe;
  }
  return out;
}
