import type { JsonObject } from './model.js';
import { requireString } from './shape.js';
import { type WarningSink, warning } from './warnings.js';

/*
 * Readers of single values a sloppy server may spell another way. Each takes the warning sink: given (lenient
 * mode), an understandable departure is read and reported; absent (strict mode), the value is handled as before
 * lenient reading (refused, or kept as received where the client always kept it).
 */

/** The task states as 0.3 (and the neutral model) spell them. */
export const KNOWN_STATES: ReadonlySet<string> = new Set([
  'submitted',
  'working',
  'input-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
  'auth-required',
  'unknown',
]);

/** A state spelled another way (`COMPLETED`, `TASK_STATE_COMPLETED`, `input_required`, `cancelled`) as 0.3 spells it. */
export function normalizeState(state: string): string | undefined {
  const spelled = state
    .trim()
    .toLowerCase()
    .replace(/^task_state_/, '')
    .replace(/_/g, '-');
  const name = spelled === 'cancelled' ? 'canceled' : spelled === 'unspecified' ? 'unknown' : spelled;
  return KNOWN_STATES.has(name) ? name : undefined;
}

/**
 * `state` when it is a known (0.3) name; otherwise, in lenient mode, the known state it spells with a
 * `state-normalized` warning; otherwise `state` unchanged (unknown states are kept, for forward compatibility).
 */
export function stateLeniently(state: string, path: string, warn: WarningSink | undefined): string {
  if (warn === undefined || KNOWN_STATES.has(state)) return state;
  const normalized = normalizeState(state);
  if (normalized === undefined) return state;
  warn(warning('state-normalized', path, `state ${JSON.stringify(state)} read as '${normalized}'`));
  return normalized;
}

/**
 * A role spelled another way (`AGENT`, `Agent`, `role_user`) as the neutral model spells it, with a
 * `role-normalized` warning (lenient mode); any other value unchanged.
 */
export function roleLeniently(role: string, path: string, warn: WarningSink | undefined): string {
  if (warn === undefined || role === 'user' || role === 'agent') return role;
  const spelled = role
    .trim()
    .toLowerCase()
    .replace(/^role_/, '');
  if (spelled !== 'user' && spelled !== 'agent') return role;
  warn(warning('role-normalized', path, `role ${JSON.stringify(role)} read as '${spelled}'`));
  return spelled;
}

/**
 * An id: a string, or (lenient mode) a finite number read as its decimal string with a `value-coerced` warning.
 * Anything else is a typed error naming `path`.
 */
export function idLeniently(value: unknown, path: string, warn: WarningSink | undefined): string {
  if (typeof value === 'number' && warn !== undefined && Number.isFinite(value)) {
    warn(warning('value-coerced', path, `the id ${value} is a number; read as the string '${value}'`));
    return String(value);
  }
  return requireString(value, path);
}

/**
 * Lenient mode: turns the numeric ids among `keys` of `target` into strings (`value-coerced`). Used on fields the
 * readers copy without checking, so strict mode keeps them as received, as before.
 */
export function coerceIds(
  target: JsonObject,
  keys: readonly string[],
  path: string,
  warn: WarningSink | undefined,
): void {
  if (warn === undefined) return;
  for (const key of keys) {
    if (typeof target[key] === 'number') target[key] = idLeniently(target[key], `${path}.${key}`, warn);
  }
}

/**
 * Lenient mode: a timestamp sent as epoch milliseconds read as its ISO 8601 string (`value-coerced`); a string,
 * or anything in strict mode, is returned unchanged for the caller's own check.
 */
export function timestampLeniently(value: unknown, path: string, warn: WarningSink | undefined): unknown {
  if (warn === undefined || typeof value !== 'number' || !Number.isFinite(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const iso = date.toISOString();
  warn(warning('value-coerced', path, `the timestamp ${value} is a number; read as epoch ms, ${iso}`));
  return iso;
}

/**
 * `value` with its `snake_case` keys renamed to `lowerCamelCase` (`context_id` → `contextId`), as ProtoJSON
 * parsers must accept both (a key present in both forms keeps its camelCase value); the same object when no key
 * has an underscore after its first character. Shallow: nested objects (metadata, data) are not touched. One pass
 * over the keys, linear in their total length.
 */
export function camelKeys(value: JsonObject): JsonObject {
  for (const key in value) {
    if (key.indexOf('_') > 0 && Object.hasOwn(value, key)) return camelized(value);
  }
  return value;
}

function camelized(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  const renamed: Array<[string, unknown]> = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = value[key];
    if (key.indexOf('_') > 0) renamed.push([camelName(key), field]);
    // JSON.parse makes `__proto__` an own key; assigning it would set the copy's prototype instead.
    else
      Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
  }
  for (const [key, field] of renamed) {
    if (!Object.hasOwn(out, key)) {
      Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

function camelName(key: string): string {
  let out = '';
  let upper = false;
  for (let i = 0; i < key.length; i += 1) {
    const c = key[i] as string;
    if (c === '_' && i > 0) {
      upper = true;
      continue;
    }
    out += upper ? c.toUpperCase() : c;
    upper = false;
  }
  return out;
}
