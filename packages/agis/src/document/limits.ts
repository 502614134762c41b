import { type AgisLimitName, AgisParseError } from './errors.js';

/** Safety limits applied while reading untrusted AGIS text (and plain values handed to the validator). */
export interface AgisParseLimits {
  /** Largest accepted document, in UTF-8 bytes. Default 1 MiB. */
  maxBytes?: number;
  /** Deepest accepted nesting of maps and lists (brackets, indentation and `- `/`? ` indicators). Default 64. */
  maxDepth?: number;
  /** Most keys in one mapping (duplicates counted). Default 1000. */
  maxKeys?: number;
  /** Longest line of YAML or brace notation, in characters (JSON text has no line limit). Default 16 384. */
  maxLineLength?: number;
  /** Most YAML aliases that may be expanded (defeats "billion laughs" anchor bombs). Default 32. */
  maxAliasCount?: number;
}

/**
 * The default limits. Real AGIS documents are a few hundred lines of at most a few hundred characters, nest
 * about ten levels and have tens of keys per mapping; every limit is checked before the YAML library sees the
 * text, so a hostile document fails with a typed error instead of overflowing the parser's stack or making it
 * spend seconds (its duplicate-key check is quadratic in the keys of one mapping).
 */
export const DEFAULT_AGIS_LIMITS: Readonly<Required<AgisParseLimits>> = Object.freeze({
  maxBytes: 1024 * 1024,
  maxDepth: 64,
  maxKeys: 1000,
  maxLineLength: 16 * 1024,
  maxAliasCount: 32,
});

export function resolveLimits(limits: AgisParseLimits | undefined): Required<AgisParseLimits> {
  return {
    maxBytes: limits?.maxBytes ?? DEFAULT_AGIS_LIMITS.maxBytes,
    maxDepth: limits?.maxDepth ?? DEFAULT_AGIS_LIMITS.maxDepth,
    maxKeys: limits?.maxKeys ?? DEFAULT_AGIS_LIMITS.maxKeys,
    maxLineLength: limits?.maxLineLength ?? DEFAULT_AGIS_LIMITS.maxLineLength,
    maxAliasCount: limits?.maxAliasCount ?? DEFAULT_AGIS_LIMITS.maxAliasCount,
  };
}

/** A limit error naming the limit and, when known, the place. */
export function limitError(
  limit: AgisLimitName,
  message: string,
  where: { line?: number; column?: number; path?: string } = {},
): AgisParseError {
  return new AgisParseError({ reason: 'limit', limit, message, ...where });
}

export function checkSize(text: string, maxBytes: number): void {
  // Cheap upper bound first: a UTF-16 string never encodes to more than 3 bytes per code unit.
  if (text.length <= maxBytes / 3) return;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    throw limitError('maxBytes', `AGIS document is ${bytes} bytes, above the maxBytes limit of ${maxBytes}`);
  }
}

/** 1-based line and column of a character offset (one scan: for reporting a single failure). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

/**
 * Line and column of many offsets: the line starts are found once, each lookup is a binary search. Parsers
 * that record a position per key use it; scanning from the start per key would be quadratic.
 */
export function createLineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

interface PendingValue {
  value: unknown;
  depth: number;
  parent: PendingValue | undefined;
  key: string | number | undefined;
}

function pathOf(entry: PendingValue): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: PendingValue | undefined = entry; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Rejects parsed values nested deeper than `maxDepth` or with a mapping of more than `maxKeys` keys, naming the
 * path (iterative: safe on any input, including cyclic objects, which nest without end).
 */
export function checkValueShape(
  value: unknown,
  limits: Pick<Required<AgisParseLimits>, 'maxDepth' | 'maxKeys'>,
  formatPath: (path: Array<string | number>) => string,
): void {
  const stack: PendingValue[] = [{ value, depth: 0, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (v === null || typeof v !== 'object') continue;
    if (entry.depth >= limits.maxDepth) {
      const path = formatPath(pathOf(entry));
      throw limitError(
        'maxDepth',
        `AGIS document nests deeper than the maxDepth limit of ${limits.maxDepth}`,
        {
          path,
        },
      );
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++)
        stack.push({ value: v[i], depth: entry.depth + 1, parent: entry, key: i });
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > limits.maxKeys) {
      const path = formatPath(pathOf(entry));
      throw limitError(
        'maxKeys',
        `${path || 'the document'} has ${keys.length} keys, above the maxKeys limit of ${limits.maxKeys}`,
        { path },
      );
    }
    for (const key of keys) {
      stack.push({ value: (v as Record<string, unknown>)[key], depth: entry.depth + 1, parent: entry, key });
    }
  }
}
