import { AgisParseError } from './errors.js';

/** Safety limits applied while reading untrusted AGIS text. */
export interface AgisParseLimits {
  /** Largest accepted document, in UTF-8 bytes. Default 1 MiB. */
  maxBytes?: number;
  /** Deepest accepted nesting of maps and lists. Default 64. */
  maxDepth?: number;
  /** Most YAML aliases that may be expanded (defeats "billion laughs" anchor bombs). Default 32. */
  maxAliasCount?: number;
}

export const DEFAULT_LIMITS = { maxBytes: 1024 * 1024, maxDepth: 64, maxAliasCount: 32 } as const;

export function resolveLimits(limits: AgisParseLimits | undefined): Required<AgisParseLimits> {
  return {
    maxBytes: limits?.maxBytes ?? DEFAULT_LIMITS.maxBytes,
    maxDepth: limits?.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxAliasCount: limits?.maxAliasCount ?? DEFAULT_LIMITS.maxAliasCount,
  };
}

export function checkSize(text: string, maxBytes: number): void {
  // Cheap upper bound first: a UTF-16 string never encodes to more than 3 bytes per code unit.
  if (text.length <= maxBytes / 3) return;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > maxBytes) {
    throw new AgisParseError({
      reason: 'limit',
      message: `AGIS document is ${bytes} bytes, above the ${maxBytes}-byte limit`,
    });
  }
}

/** 1-based line and column of a character offset. */
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
 * Rejects bracket nesting deeper than `maxDepth` before any recursive parser sees the text, so a
 * `[[[[...` bomb cannot exhaust the stack. Quoted strings are skipped.
 */
export function checkBracketDepth(text: string, maxDepth: number): void {
  let depth = 0;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92 && quote === 34) i++;
      else if (c === quote || c === 10) quote = 0;
      continue;
    }
    if (c === 34 || c === 39) {
      // A quote only opens a string at a token boundary; apostrophes inside words are text.
      const prev = i === 0 ? 32 : text.charCodeAt(i - 1);
      if (c === 34 || !/[A-Za-z0-9]/.test(String.fromCharCode(prev))) quote = c;
    } else if (c === 91 || c === 123) {
      depth++;
      if (depth > maxDepth) {
        const { line, column } = lineColumn(text, i);
        throw new AgisParseError({
          reason: 'limit',
          message: `AGIS document nests deeper than ${maxDepth} levels`,
          line,
          column,
        });
      }
    } else if (c === 93 || c === 125) depth = Math.max(0, depth - 1);
  }
}

/** Rejects parsed values nested deeper than `maxDepth` (iterative: safe on any input). */
export function checkValueDepth(value: unknown, maxDepth: number): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= maxDepth) {
      throw new AgisParseError({
        reason: 'limit',
        message: `AGIS document nests deeper than ${maxDepth} levels`,
      });
    }
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
}
