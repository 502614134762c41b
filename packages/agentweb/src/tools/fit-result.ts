import { clipText } from './text.js';
import { errorResult, TOOL_ERROR_CODES } from './tool-result.js';
import type { AgentWebToolResult, JsonObject, JsonValue } from './tool-types.js';

/** Default `maxResultChars`. */
export const DEFAULT_MAX_RESULT_CHARS = 16_000;

const SHORT_TEXT = 200;
const MAX_ROUNDS = 200;

/**
 * Makes a result fit `maxChars` characters of JSON. Lists are halved first, the largest first, because dropping
 * whole entries keeps every remaining one intact and readable; then long texts are cut. The data is marked
 * `truncated: true` so the model knows it saw a part. A result that still does not fit becomes an error rather
 * than being cut mid-JSON.
 */
export function fitResult(result: AgentWebToolResult, maxChars: number): AgentWebToolResult {
  if (JSON.stringify(result).length <= maxChars) return result;
  if (!result.ok) return errorResult(result.error.code, result.error.message);
  const data = structuredClone(result.data);
  const fits = () => JSON.stringify({ ok: true, data }).length <= maxChars;
  const mark = () => {
    if (isObject(data)) data['truncated'] = true;
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const list = largestArray(data);
    if (list === undefined) break;
    list.splice(Math.ceil(list.length / 2));
    mark();
    if (fits()) return { ok: true, data };
  }
  shortenStrings(data);
  mark();
  if (fits()) return { ok: true, data };
  return errorResult(
    TOOL_ERROR_CODES.resultTooLarge,
    `the result does not fit in ${maxChars} characters even when shortened; ask for less (fewer ids, a narrower query)`,
  );
}

function isObject(value: JsonValue): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function largestArray(root: JsonValue): JsonValue[] | undefined {
  let best: JsonValue[] | undefined;
  let bestSize = 0;
  const visit = (value: JsonValue) => {
    if (Array.isArray(value)) {
      if (value.length > 1) {
        const size = JSON.stringify(value).length;
        if (size > bestSize) {
          best = value;
          bestSize = size;
        }
      }
      for (const item of value) visit(item);
    } else if (isObject(value)) {
      for (const member of Object.values(value)) visit(member);
    }
  };
  visit(root);
  return best;
}

function shortenStrings(value: JsonValue): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === 'string') value[index] = clipText(item, SHORT_TEXT);
      else shortenStrings(item);
    });
  } else if (isObject(value)) {
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === 'string') value[key] = clipText(member, SHORT_TEXT);
      else shortenStrings(member);
    }
  }
}
