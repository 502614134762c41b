import { InvalidAgentResponseError } from './errors.js';
import type { JsonObject } from './model.js';

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The agent sent a value of the wrong shape at `path`. */
export function shapeError(path: string, expected: string, value: unknown): InvalidAgentResponseError {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return new InvalidAgentResponseError({
    rpcCode: -32006,
    detectedBy: 'client',
    message: `${path}: expected ${expected}, got ${got}`,
  });
}

/** `value` as an object, or a typed error naming `path`. */
export function requireObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw shapeError(path, 'an object', value);
  return value;
}

/** `value` as a string, or a typed error naming `path`. */
export function requireString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw shapeError(path, 'a string', value);
  return value;
}

/** `value` as an array (absent reads as empty), or a typed error naming `path`. */
export function optionalArray(value: unknown, path: string): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw shapeError(path, 'an array', value);
  return value;
}

/** `value` as a string when present; a non-string is a typed error. */
export function optionalString(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return requireString(value, path);
}

/** `value` as an object when present; anything else is a typed error. */
export function optionalObject(value: unknown, path: string): JsonObject | undefined {
  if (value === undefined || value === null) return undefined;
  return requireObject(value, path);
}

/** Copies every key of `source` not in `known` onto `target`, so fields from newer peers survive. */
export function copyUnknown(source: JsonObject, known: ReadonlySet<string>, target: JsonObject): void {
  // for...in with an own-key check: no entries array per object (this runs for every object of every event).
  for (const key in source) {
    if (!Object.hasOwn(source, key) || known.has(key)) continue;
    const value = source[key];
    if (value === undefined) continue;
    // JSON.parse makes `__proto__` an own key; assigning it would set the copy's prototype instead.
    if (key === '__proto__') {
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    } else target[key] = value;
  }
}

/** Sets `target[key]` only when `value` is defined, keeping objects free of `undefined` members. */
export function setIf(target: JsonObject, key: string, value: unknown): void {
  if (value !== undefined) target[key] = value;
}

/** Runs a reader of the agent's answer, attaching the operation and URL to the shape errors it throws. */
export function readAnswer<T>(read: () => T, method: string, url: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidAgentResponseError && error.method === undefined) {
      throw new InvalidAgentResponseError({
        rpcCode: -32006,
        detectedBy: 'client',
        message: error.message.replace(/^A2A error -32006: /, ''),
        method,
        url,
      });
    }
    throw error;
  }
}
