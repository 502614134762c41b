import type { JsonSchema, JsonValue } from './document-types.js';

/** One way an input differs from its schema. */
export interface InputProblem {
  /** JSON-pointer-like location, e.g. `/party_size`. */
  path: string;
  /** What is wrong. */
  message: string;
}

// Agents send local wall-clock times ("2030-05-04T19:00") as often as RFC 3339, so both are accepted.
const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const DATE_TIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/i;

// The patterns let 2030-02-31 through; Date.UTC would roll it over to March.
function realDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
}

function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(s: JsonSchema, k: string): number | undefined {
  const v = s[k];
  return typeof v === 'number' ? v : undefined;
}

function checkString(s: JsonSchema, v: string, path: string, out: InputProblem[]): void {
  const length = [...v].length;
  const min = num(s, 'minLength');
  const max = num(s, 'maxLength');
  if (min !== undefined && length < min) out.push({ path, message: `must have at least ${min} characters` });
  if (max !== undefined && length > max) out.push({ path, message: `must have at most ${max} characters` });
  if (typeof s['pattern'] === 'string' && !new RegExp(s['pattern'], 'u').test(v))
    out.push({ path, message: `must match ${s['pattern']}` });
  if (s['format'] === 'date' && !(DATE.test(v) && realDay(v)))
    out.push({ path, message: 'must be a date (YYYY-MM-DD)' });
  if (s['format'] === 'date-time' && !(DATE_TIME.test(v) && realDay(v)))
    out.push({ path, message: 'must be a date-time (YYYY-MM-DDTHH:MM[:SS][offset])' });
}

function checkValue(schema: JsonValue | undefined, v: unknown, path: string, out: InputProblem[]): void {
  if (!isObject(schema)) return;
  const s = schema as JsonSchema;
  const type = s['type'];
  if (typeof type === 'string') {
    const k = kind(v);
    if (!(k === type || (type === 'number' && k === 'integer'))) {
      out.push({ path, message: `must be ${type === 'integer' ? 'an integer' : `a ${type}`}, got ${k}` });
      return;
    }
  }
  if (Array.isArray(s['enum']) && !s['enum'].some((e) => e === v))
    out.push({ path, message: `must be one of ${s['enum'].map((e) => JSON.stringify(e)).join(', ')}` });
  if (typeof v === 'number') {
    const min = num(s, 'minimum');
    const max = num(s, 'maximum');
    if (min !== undefined && v < min) out.push({ path, message: `must be at least ${min}` });
    if (max !== undefined && v > max) out.push({ path, message: `must be at most ${max}` });
  }
  if (typeof v === 'string') checkString(s, v, path, out);
  if (Array.isArray(v)) {
    const max = num(s, 'maxItems');
    if (max !== undefined && v.length > max) out.push({ path, message: `must have at most ${max} items` });
    v.forEach((item, i) => {
      checkValue(s['items'], item, `${path}/${i}`, out);
    });
  }
  if (isObject(v)) {
    const props = isObject(s['properties']) ? (s['properties'] as JsonSchema) : {};
    for (const name of Array.isArray(s['required']) ? s['required'] : [])
      if (typeof name === 'string' && !Object.hasOwn(v, name))
        out.push({ path: `${path}/${name}`, message: 'is required' });
    for (const [name, item] of Object.entries(v)) {
      if (Object.hasOwn(props, name)) checkValue(props[name], item, `${path}/${name}`, out);
      else if (s['additionalProperties'] === false)
        out.push({ path: `${path}/${name}`, message: 'is not a parameter of this endpoint' });
    }
  }
}

/**
 * Checks an endpoint input against its JSON Schema: type, enum, numeric and length bounds, pattern, the
 * date and date-time formats, items, required and additionalProperties, which is all the sandbox
 * documents use. Returns the problems, empty when the input fits.
 */
export function checkInput(schema: JsonSchema, input: unknown): InputProblem[] {
  const out: InputProblem[] = [];
  checkValue(schema, input, '', out);
  return out;
}
