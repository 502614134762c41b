/*
 * Guards for reading decoded JSON as `unknown`. Checkers and profile builders must survive any JSON (null,
 * arrays or numbers where objects belong), and a profile may be built from a card that had errors, so every
 * read goes through one of these instead of a cast.
 */

/** A JSON object: not null, not an array. */
export type JsonObject = Record<string, unknown>;

const EMPTY: readonly unknown[] = [];

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function asRecord(value: unknown): JsonObject | undefined {
  return isRecord(value) ? value : undefined;
}

/** The array itself, or an empty one, so callers can iterate without a check. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : EMPTY;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The string entries of an array (others dropped), or undefined when `value` is not an array. */
export function asStringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : undefined;
}

/** `typeof`, except that null and arrays get their own names: `null`, `array`, `object`, `string`. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The type as a message phrase: `null`, `an array`, `a string`. */
export function typeNameWithArticle(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** A short, safe rendering of a value for messages; never dumps a whole object or a long string. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') {
    const cut = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    return JSON.stringify(cut);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeNameWithArticle(value);
}
