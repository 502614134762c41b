import type { JsonValue } from './tool-types.js';

/**
 * A JSON copy of a value that came from outside (an AGIS response, extracted parameters): what cannot be
 * expressed in JSON (undefined, functions) is dropped as `JSON.stringify` drops it, so the result is safe to
 * hand to any framework.
 */
export function toJsonValue(value: unknown): JsonValue {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}
