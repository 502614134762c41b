import { hasErrorBrand } from './brand.js';
import { withholdUrlSecrets } from './withhold-url-secrets.js';

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
 * Parts of field names that never go into the JSON form, at any depth, matched in the name lower-cased without
 * `-`, `_` and spaces (so `Authorization`, `api_key`, `X-Api-Key`, `accessToken`, `clientSecret` all match): they
 * carry request or response headers and bodies, or credentials, which do not belong in logs or tool results.
 */
const WITHHELD_NAME_PARTS = [
  'header',
  'body',
  'token',
  'secret',
  'passw',
  'passphrase',
  'cookie',
  'credential',
  'authorization',
  'bearer',
  'session',
  'jwt',
];
/** Longest name worth normalising; a longer one (only hostile data has one) is withheld. */
const MAX_NAME_CHARS = 200;

/**
 * True for a field name that may hold a credential: one containing a {@link WITHHELD_NAME_PARTS} part, ending in
 * `key` (`apiKey`, `privateKey`, `accessKey`; not `keys` or `keyId`), or `auth` itself (an auth options object).
 */
function isWithheldName(name: string): boolean {
  if (name.length > MAX_NAME_CHARS) return true;
  const bare = name.toLowerCase().replace(/[-_\s]/g, '');
  return bare === 'auth' || bare.endsWith('key') || WITHHELD_NAME_PARTS.some((part) => bare.includes(part));
}

const MAX_DEPTH = 4;
const MAX_STRING_CHARS = 2_000;
/** Items of one array, and fields of one object, kept; the rest are counted in a marker. */
const MAX_ITEMS = 50;
/**
 * Characters one error's JSON may spend on field values and names, its causes included: with the per-level caps
 * alone, 50 items over 4 levels could still be millions of strings.
 */
const MAX_JSON_CHARS = 16_000;
/** What a number, boolean or null costs against {@link MAX_JSON_CHARS}. */
const SCALAR_COST = 8;
/** The field that says how many fields of an object were left out. */
const MORE_KEYS_FIELD = '…';

function clip(text: string, max = MAX_STRING_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Text for the JSON form: URL queries and credentials withheld (before clipping, so none is cut half-way), clipped. */
function safeText(text: string, max = MAX_STRING_CHARS): string {
  return clip(withholdUrlSecrets(text), max);
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Summary of any thrown value, for a `cause` (the JSON form of an AgentWeb error, else name and message), with
 * URL queries and credentials withheld from its text.
 */
export function errorSummary(error: unknown): AgentWebErrorJson | ErrorSummary {
  // Every AgentWeb error gets this copy's form, not its own toJSON: one from another copy of the package may
  // predate toJSON, or the withholding and caps, and this keeps one budget for an error and its causes.
  if (isAgentWebErrorLike(error)) return errorJson(error as Error & { code: string });
  if (error instanceof Error || isErrorLike(error)) {
    const { name, message } = error as { name: string; message: string };
    return { name: safeText(String(name), 200), message: safeText(String(message)) };
  }
  return { name: typeof error, message: safeText(String(error)) };
}

// Causes nest through errorJson calls; this bounds the chain (and breaks a cycle) without threading a depth through
// JSON.stringify, which calls toJSON with the property key. The budget is shared by an error and its causes.
let nesting = 0;
const MAX_NESTING = 8;
let budget = MAX_JSON_CHARS;

/**
 * The JSON form of an AgentWeb error: `name`, `code`, `message`, its own plain-data fields and a `cause`
 * summary. Headers, bodies and credentials are withheld, and so are URL queries in any text; arrays and objects
 * keep their first 50 items and the whole stays within a few tens of kilobytes, whatever a hostile server sent.
 */
export function errorJson(error: Error & { code: string }): AgentWebErrorJson {
  const head = {
    name: safeText(String(error.name), 200),
    code: safeText(String(error.code), 200),
    message: safeText(String(error.message)),
  };
  if (nesting >= MAX_NESTING) return head;
  if (nesting === 0) budget = MAX_JSON_CHARS;
  budget -= head.name.length + head.code.length + head.message.length;
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

/** Spends `cost` of the budget; false (nothing spent) when it is used up. */
function spend(cost: number): boolean {
  if (budget <= 0) return false;
  budget -= cost;
  return true;
}

/**
 * The plain-data form of `value` for an error's JSON: strings (URL secrets withheld, clipped), finite numbers,
 * booleans, null, and arrays and plain objects of those, a few levels deep and 50 items wide; errors become
 * summaries and URLs their text. Anything else (class instances such as `Headers`, functions, cycles past the
 * depth) and anything past the budget is left out (`undefined`).
 */
function jsonSafe(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string': {
      if (budget <= 0) return undefined;
      const text = safeText(value, Math.min(MAX_STRING_CHARS, budget));
      budget -= text.length;
      return text;
    }
    case 'number':
      return Number.isFinite(value) && spend(SCALAR_COST) ? value : undefined;
    case 'boolean':
      return spend(SCALAR_COST) ? value : undefined;
    case 'bigint':
      return jsonSafe(value.toString(), depth);
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return spend(SCALAR_COST) ? null : undefined;
  if (depth >= MAX_DEPTH || budget <= 0) return undefined;
  if (value instanceof Error || isAgentWebErrorLike(value)) return errorSummary(value);
  if (value instanceof URL) return jsonSafe(value.href, depth);
  if (Array.isArray(value)) return arrayJson(value, depth);
  if (!isPlainObject(value)) return undefined;
  return fieldsJson(value as Record<string, unknown>, depth);
}

function countText(count: number, noun: string): string {
  return `${count} more ${noun}${count === 1 ? '' : 's'}`;
}

function arrayJson(items: readonly unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  let index = 0;
  for (; index < items.length && out.length < MAX_ITEMS && budget > 0; index += 1)
    out.push(jsonSafe(items[index], depth + 1) ?? null);
  if (index < items.length) out.push(`… ${countText(items.length - index, 'item')} left out`);
  return out;
}

/** The plain-data fields of an object, withheld names skipped, the first 50 kept and the rest counted. */
function fieldsJson(
  value: Record<string, unknown>,
  depth: number,
  skip?: (key: string) => boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  let kept = 0;
  let index = 0;
  for (; index < keys.length && kept < MAX_ITEMS && budget > 0; index += 1) {
    const key = keys[index] as string;
    if (skip?.(key) || isWithheldName(key)) continue;
    const safe = jsonSafe(value[key], depth + 1);
    if (safe === undefined) continue;
    const name = safeText(key, MAX_NAME_CHARS);
    budget -= name.length;
    out[name] = safe;
    kept += 1;
  }
  let left = 0;
  for (; index < keys.length; index += 1) {
    const key = keys[index] as string;
    if (!skip?.(key) && !isWithheldName(key)) left += 1;
  }
  if (left > 0) out[MORE_KEYS_FIELD] = `${countText(left, 'key')} left out`;
  return out;
}

/** Own fields of an error for its JSON form: plain data only, never headers, bodies or credentials. */
function errorFields(error: object): Record<string, unknown> {
  return fieldsJson(error as Record<string, unknown>, -1, (key) => key === 'stack' || key === 'cause');
}
