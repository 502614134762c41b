import { isJsonObject } from '../json-object.js';
import { isRiskyPattern } from './pattern-safety.js';
// A small JSON Schema checker for the subset AGIS input contracts use (type, properties, required,
// additionalProperties, enum, const, numeric and length bounds, pattern, items, formats, allOf/anyOf/
// oneOf). Unknown keywords are ignored, as JSON Schema prescribes.

/** One reason a value does not match a schema. */
export interface SchemaViolation {
  /** JSON-pointer-like location in the value, e.g. `/party_size`. */
  path: string;
  /** What is wrong. */
  message: string;
}

type Schema = Record<string, unknown>;

// date-time is lenient on purpose: agents produce local "YYYY-MM-DDTHH:MM" as well as RFC 3339.
const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time':
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i,
  time: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  uri: /^[a-z][a-z0-9+.-]*:\S+$/i,
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(expected: string, v: unknown): boolean {
  const actual = typeOf(v);
  return expected === actual || (expected === 'number' && actual === 'integer');
}

/** JSON text of a value for comparisons; a value too deep (or cyclic) to serialise equals nothing else. */
function canonical(v: unknown): string | symbol {
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return Symbol('unserialisable');
  }
}

/** A value as a message shows it. */
function show(v: unknown): string {
  const text = canonical(v);
  return typeof text === 'string'
    ? text.length > 80
      ? `${text.slice(0, 80)}...`
      : text
    : '(a value too deep to show)';
}

function equal(a: unknown, b: unknown): boolean {
  return a === b || canonical(a) === canonical(b);
}

/** Violations of `value` against `schema` (empty when it matches). */
export function validateJsonValue(
  schema: unknown,
  value: unknown,
  path = '',
  depth = 0,
  out: SchemaViolation[] = [],
): SchemaViolation[] {
  if (out.length >= 50 || depth > 64) return out;
  if (schema === false) {
    out.push({ path, message: 'no value is allowed here' });
    return out;
  }
  if (!isJsonObject(schema)) return out;
  const s = schema as Schema;
  const where = path || '(input)';
  if (s['type'] !== undefined) {
    // Only names are types: anything else in `type` (a document's mistake) is left out, never printed whole.
    const types = (Array.isArray(s['type']) ? (s['type'] as unknown[]) : [s['type']]).filter(
      (t): t is string => typeof t === 'string',
    );
    if (!types.some((t) => typeMatches(t, value))) {
      out.push({ path, message: `${where} must be ${types.join(' or ')}, got ${typeOf(value)}` });
      return out;
    }
  }
  if (Array.isArray(s['enum']) && !s['enum'].some((e) => equal(e, value))) {
    out.push({
      path,
      message: `${where} must be one of ${s['enum'].map(show).join(', ')}`,
    });
  }
  if ('const' in s && !equal(s['const'], value))
    out.push({ path, message: `${where} must be ${show(s['const'])}` });
  if (typeof value === 'number') {
    const n = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
    if (n('minimum') !== undefined && value < n('minimum')!)
      out.push({ path, message: `${where} must be >= ${n('minimum')}` });
    if (n('maximum') !== undefined && value > n('maximum')!)
      out.push({ path, message: `${where} must be <= ${n('maximum')}` });
    if (n('exclusiveMinimum') !== undefined && value <= n('exclusiveMinimum')!)
      out.push({ path, message: `${where} must be > ${n('exclusiveMinimum')}` });
    if (n('exclusiveMaximum') !== undefined && value >= n('exclusiveMaximum')!)
      out.push({ path, message: `${where} must be < ${n('exclusiveMaximum')}` });
    if (n('multipleOf') && Math.abs(value / n('multipleOf')! - Math.round(value / n('multipleOf')!)) > 1e-9) {
      out.push({ path, message: `${where} must be a multiple of ${n('multipleOf')}` });
    }
  }
  if (typeof value === 'string') {
    const len = [...value].length;
    if (typeof s['minLength'] === 'number' && len < s['minLength'])
      out.push({ path, message: `${where} must have at least ${s['minLength']} characters` });
    if (typeof s['maxLength'] === 'number' && len > s['maxLength'])
      out.push({ path, message: `${where} must have at most ${s['maxLength']} characters` });
    // A pattern that may backtrack exponentially is not run: the endpoint checks its own input.
    if (typeof s['pattern'] === 'string' && !isRiskyPattern(s['pattern'])) {
      let re: RegExp | undefined;
      try {
        re = new RegExp(s['pattern'], 'u');
      } catch {
        re = undefined;
      }
      if (re && !re.test(value)) out.push({ path, message: `${where} must match ${s['pattern']}` });
    }
    const format = typeof s['format'] === 'string' ? FORMATS[s['format']] : undefined;
    if (format && !format.test(value)) out.push({ path, message: `${where} must be a valid ${s['format']}` });
  }
  if (Array.isArray(value)) {
    if (typeof s['minItems'] === 'number' && value.length < s['minItems'])
      out.push({ path, message: `${where} must have at least ${s['minItems']} items` });
    if (typeof s['maxItems'] === 'number' && value.length > s['maxItems'])
      out.push({ path, message: `${where} must have at most ${s['maxItems']} items` });
    if (s['uniqueItems'] === true && new Set(value.map(canonical)).size !== value.length) {
      out.push({ path, message: `${where} must not repeat items` });
    }
    if (s['items'] !== undefined)
      value.forEach((item, i) => {
        validateJsonValue(s['items'], item, `${path}/${i}`, depth + 1, out);
      });
  }
  if (isJsonObject(value)) {
    const props = isJsonObject(s['properties']) ? s['properties'] : {};
    if (Array.isArray(s['required'])) {
      for (const key of s['required']) {
        if (typeof key === 'string' && !Object.hasOwn(value, key))
          out.push({ path: `${path}/${key}`, message: `${path ? `${path}/` : ''}${key} is required` });
      }
    }
    for (const [key, v] of Object.entries(value)) {
      if (Object.hasOwn(props, key)) validateJsonValue(props[key], v, `${path}/${key}`, depth + 1, out);
      else if (s['additionalProperties'] === false)
        out.push({ path: `${path}/${key}`, message: `${key} is not an accepted parameter` });
      else if (isJsonObject(s['additionalProperties']))
        validateJsonValue(s['additionalProperties'], v, `${path}/${key}`, depth + 1, out);
    }
  }
  if (Array.isArray(s['allOf']))
    for (const sub of s['allOf']) validateJsonValue(sub, value, path, depth + 1, out);
  for (const k of ['anyOf', 'oneOf'] as const) {
    const subs = s[k];
    if (!Array.isArray(subs) || subs.length === 0) continue;
    const passing = subs.filter((sub) => validateJsonValue(sub, value, path, depth + 1).length === 0).length;
    if (k === 'anyOf' ? passing === 0 : passing !== 1)
      out.push({
        path,
        message: `${where} must match ${k === 'anyOf' ? 'at least one' : 'exactly one'} of the alternatives`,
      });
  }
  return out;
}
