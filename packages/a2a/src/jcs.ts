import { AgentWebError } from '@agentweb/core';

/** Deepest nesting canonicalised; a card nested deeper is refused, not a stack overflow (cycles included). */
const MAX_JCS_DEPTH = 512;

function unrepresentable(message: string): AgentWebError {
  return new AgentWebError({ code: 'JCS_UNREPRESENTABLE', message });
}

/**
 * RFC 8785 JSON Canonicalization Scheme: object keys sorted by UTF-16 code units, no whitespace, numbers and
 * strings serialised as ECMAScript's `JSON.stringify` does (which RFC 8785 adopts). Throws an `AgentWebError`
 * (`JCS_UNREPRESENTABLE`) on values JSON cannot represent (non-finite numbers, functions, bigint, undefined)
 * and on values nested deeper than 512 levels (or cyclic).
 */
export function canonicalizeJson(value: unknown): string {
  return canonical(value, 0);
}

function canonical(value: unknown, depth: number): string {
  if (depth > MAX_JCS_DEPTH) throw unrepresentable(`JCS input nests deeper than ${MAX_JCS_DEPTH} levels`);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw unrepresentable(`JCS cannot represent ${value}`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value))
        return `[${value.map((v) => canonical(v === undefined ? null : v, depth + 1)).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      // Default sort compares UTF-16 code units, which is what RFC 8785 §3.2.3 asks for.
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
    }
    default:
      throw unrepresentable(`JCS cannot represent a ${typeof value}`);
  }
}
