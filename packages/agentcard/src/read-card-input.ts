import { describeError } from './errors.js';
import { isRecord, type JsonObject, typeNameWithArticle } from './json-value.js';
import { type IssuePath, issueAt, type ValidationIssue } from './validation-issue.js';

/** Size limits applied before any card rule runs, so hostile input costs bounded time and memory. */
export interface CardInputLimits {
  /** Largest accepted input: characters of a JSON string, or total characters of all strings in an object. */
  maxBytes: number;
  /** Deepest accepted nesting of objects and arrays. */
  maxDepth: number;
  /** Most accepted values (objects, arrays and primitives) in the whole card. */
  maxNodes: number;
}

/** 1 MiB matches the default body cap of `@agentweb/http`; real cards are a few KiB. */
export const DEFAULT_CARD_INPUT_LIMITS: CardInputLimits = {
  maxBytes: 1024 * 1024,
  maxDepth: 64,
  maxNodes: 100_000,
};

/**
 * `JSON.parse` keeps `"__proto__"` as an own key; copying it with plain assignment (as schema libraries do for
 * unknown keys) would replace the copy's prototype instead.
 */
const UNSAFE_KEY = '__proto__';

/** A card refused as a whole, with the issues that say why. */
export interface RejectedCard {
  ok: false;
  issues: ValidationIssue[];
}

export type CardInputResult = { ok: true; value: JsonObject; warnings: ValidationIssue[] } | RejectedCard;

/** A rejection for one problem with the whole card (path `[]`). */
export function rejectCard(rule: string, detail: string): RejectedCard {
  return { ok: false, issues: [issueAt([], rule, detail)] };
}

/**
 * Turns what a caller handed us (an object, a JSON text, or a card embedded as a JSON string, as the IETF
 * draft section 3 requires readers to accept) into a plain object, refusing input over the limits and
 * removing prototype-changing keys.
 */
export function readCardInput(input: unknown, limits: CardInputLimits): CardInputResult {
  let value = input;
  if (typeof value === 'string') {
    const decoded = decodeJson(value, limits);
    if (!decoded.ok) return decoded;
    value = decoded.value;
    // One more level: the embedded-string form is a JSON string whose content is the card.
    if (typeof value === 'string') {
      const inner = decodeJson(value, limits);
      if (!inner.ok) return inner;
      value = inner.value;
    }
  }
  if (!isRecord(value)) {
    return rejectCard('input/not-object', `a card must be a JSON object, got ${typeNameWithArticle(value)}`);
  }
  const scan = scanValue(value, limits);
  if (scan.issue) return { ok: false, issues: [scan.issue] };
  if (scan.unsafePaths.length === 0) return { ok: true, value, warnings: [] };
  const warnings = scan.unsafePaths.map((path) =>
    issueAt(
      path,
      'input/unsafe-key',
      "key '__proto__' was removed because copying it would replace an object's prototype",
    ),
  );
  return { ok: true, value: withoutUnsafeKeys(value) as JsonObject, warnings };
}

function decodeJson(text: string, limits: CardInputLimits): RejectedCard | { ok: true; value: unknown } {
  if (text.length > limits.maxBytes) {
    return rejectCard(
      'input/too-large',
      `input of ${text.length} characters exceeds the limit of ${limits.maxBytes}`,
    );
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return rejectCard('input/json-syntax', `not valid JSON: ${describeError(error)}`);
  }
}

interface ScanResult {
  issue?: ValidationIssue;
  unsafePaths: IssuePath[];
}

interface ScanEntry {
  value: unknown;
  depth: number;
  parent: ScanEntry | null;
  key: string | number;
}

// Iterative, so a hostile nesting depth cannot overflow the stack before the limit is seen. Paths are built
// only when reported, keeping the common case allocation-light.
function scanValue(root: object, limits: CardInputLimits): ScanResult {
  const unsafePaths: IssuePath[] = [];
  const stack: ScanEntry[] = [{ value: root, depth: 1, parent: null, key: '' }];
  // Values are counted when queued, not when visited, so an array's length is refused before it is walked: a
  // sparse `new Array(2 ** 32 - 1)` handed in by code would otherwise queue billions of entries.
  let nodes = 1;
  let chars = 0;
  const tooMany = (): ScanResult => ({ unsafePaths, issue: tooLarge(`more than ${limits.maxNodes} values`) });
  if (nodes > limits.maxNodes) return tooMany();
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value, depth } = entry;
    if (typeof value === 'string') {
      chars += value.length;
      if (chars > limits.maxBytes) {
        return { unsafePaths, issue: tooLarge(`more than ${limits.maxBytes} characters of text`) };
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limits.maxDepth) {
      const path = pathOf(entry);
      return {
        unsafePaths,
        issue: issueAt(path, 'input/too-deep', `nesting deeper than ${limits.maxDepth} levels`),
      };
    }
    if (Array.isArray(value)) {
      nodes += value.length;
      if (nodes > limits.maxNodes) return tooMany();
      for (let i = 0; i < value.length; i++)
        stack.push({ value: value[i], depth: depth + 1, parent: entry, key: i });
      continue;
    }
    const keys = Object.keys(value);
    nodes += keys.length;
    if (nodes > limits.maxNodes) return tooMany();
    for (const key of keys) {
      chars += key.length;
      if (key === UNSAFE_KEY) {
        unsafePaths.push([...pathOf(entry), key]);
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, parent: entry, key });
    }
  }
  return { unsafePaths };
}

function pathOf(entry: ScanEntry): IssuePath {
  const path: IssuePath = [];
  for (let e: ScanEntry | null = entry; e?.parent; e = e.parent) path.push(e.key);
  return path.reverse();
}

function tooLarge(what: string): ValidationIssue {
  return issueAt([], 'input/too-large', `input has ${what}`);
}

function withoutUnsafeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnsafeKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === UNSAFE_KEY) continue;
    out[key] = withoutUnsafeKeys((value as Record<string, unknown>)[key]);
  }
  return out;
}
