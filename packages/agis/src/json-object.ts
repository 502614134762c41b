/** A JSON object: not null, not an array. Every module that walks parsed JSON or YAML uses this one guard. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
