import { checkOptions } from '@agentweb/core';
import { SOURCE_OPTION_RULES } from '../option-rules.js';
import { parseBraceNotation } from './brace-notation.js';
import { AgisParseError } from './errors.js';
import {
  type AgisParseLimits,
  checkSize,
  checkValueShape,
  limitError,
  lineColumn,
  resolveLimits,
} from './limits.js';
import { loadYaml } from './load-yaml.js';
import { checkBraceShape, checkYamlShape } from './text-shape.js';
import { firstDuplicateKey, parseYamlDocument } from './yaml-document.js';

/** Serialisations an AGIS document may use. */
export type AgisFormat = 'yaml' | 'json' | 'brace';

/** Options of {@link parseAgisSource} and `parseAgisDocument`. */
export interface AgisSourceOptions extends AgisParseLimits {
  /** The serialisation; `auto` (default) detects JSON, brace notation or YAML from the text. */
  format?: AgisFormat | 'auto';
}

/** A path into a document: keys and list indexes, e.g. `['endpoints', 1, 'semantic']`. */
export type AgisPath = ReadonlyArray<string | number>;

/** The raw value of an AGIS text before model checks, with a way to find where a field was written. */
export interface AgisSource {
  /** The detected or requested serialisation. */
  format: AgisFormat;
  /** The parsed value (plain JSON data). */
  value: unknown;
  /** 1-based line and column of the field at `path` or of its nearest present ancestor. */
  locate(path: AgisPath): { line: number; column: number } | undefined;
}

/** Formats a path as `endpoints[1].semantic.intent`. */
export function formatAgisPath(path: AgisPath): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}

export function detectFormat(text: string): AgisFormat {
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) return 'json';
  if (
    /^[ \t]*[A-Za-z][\w-]*[ \t]+\/[^\s{]*[ \t]*\{/m.test(text) ||
    /^[ \t]*(vocabulary|data_manifest)[ \t]*\{/m.test(text) ||
    // One-line documents: `endpoints: BOOK /reservation { ... }`, `... } vocabulary { ... }`.
    /(?:^|[\s:;,}])[A-Z]+[ \t]+\/(?:[^\s{}"']|\{[^\s{}"']*\})*[ \t]*\{[ \t]*(?:semantic|input|output|errors|\.\.\.)\b/.test(
      text,
    ) ||
    /[\s}](?:vocabulary|data_manifest)[ \t]*\{[ \t]*[A-Za-z_]+[ \t]*[:{]/.test(text)
  ) {
    return 'brace';
  }
  return 'yaml';
}

function yamlSource(text: string, maxAliasCount: number, format: AgisFormat): AgisSource {
  const lineCounter = new (loadYaml().LineCounter)();
  const doc = parseYamlDocument(text, lineCounter);
  const first = doc.errors[0];
  // The composer reports its own stack overflow as an ordinary error.
  if (first && /call stack/i.test(first.message)) {
    const pos = first.linePos?.[0] ?? lineCounter.linePos(first.pos[0]);
    throw limitError('maxDepth', 'AGIS document nests too deeply to parse', {
      line: pos.line,
      column: pos.col,
    });
  }
  if (first) {
    const pos = first.linePos?.[0] ?? lineCounter.linePos(first.pos[0]);
    throw new AgisParseError({
      reason: 'syntax',
      message: `Invalid ${format === 'json' ? 'JSON' : 'YAML'}: ${first.message.split('\n')[0]}`,
      line: pos.line,
      column: pos.col,
      cause: first,
    });
  }
  // JSON keeps the last of repeated keys, as JSON.parse does; YAML forbids them.
  const duplicate = format === 'json' ? undefined : firstDuplicateKey(doc);
  if (duplicate) {
    const pos = lineCounter.linePos(duplicate.range?.[0] ?? 0);
    throw new AgisParseError({
      reason: 'syntax',
      message: 'Invalid YAML: Map keys must be unique',
      line: pos.line,
      column: pos.col,
    });
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount });
  } catch {
    throw limitError(
      'maxAliasCount',
      `YAML alias expansion exceeds the maxAliasCount limit of ${maxAliasCount} (anchor bomb?)`,
      {},
    );
  }
  return {
    format,
    value,
    locate(path) {
      for (let n = path.length; n >= 0; n--) {
        const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
        const range = (node as { range?: [number, number, number] } | undefined)?.range;
        if (range) {
          const { line, col } = lineCounter.linePos(range[0]);
          return { line, column: col };
        }
      }
      return undefined;
    },
  };
}

/**
 * Offset of the first bad character: V8 on Node 20 omits it from most JSON errors. A prefix that is
 * merely incomplete fails with "end of input"; the shortest prefix failing otherwise ends at the error.
 */
function jsonErrorOffset(text: string): number {
  const bad = (n: number): boolean => {
    try {
      JSON.parse(text.slice(0, n));
      return false;
    } catch (error) {
      const message = String((error as Error).message);
      // V8 also reports a cut-off prefix as "Expected ... at position <n>" with n at the very end.
      const at = Number(/at position (\d+)/.exec(message)?.[1] ?? Number.NaN);
      return !/end of JSON input|Unterminated string/i.test(message) && !(at >= n);
    }
  };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bad(mid)) hi = mid;
    else lo = mid + 1;
  }
  return Math.max(0, lo - 1);
}

function jsonSource(text: string, maxAliasCount: number): AgisSource {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec(String((error as Error).message))?.[1] ?? Number.NaN);
    let where: { line?: number; column?: number } = Number.isFinite(offset) ? lineColumn(text, offset) : {};
    if (where.line === undefined) where = lineColumn(text, jsonErrorOffset(text));
    throw new AgisParseError({
      reason: 'syntax',
      message: `Invalid JSON: ${(error as Error).message}`,
      ...where,
      cause: error,
    });
  }
  let located: AgisSource | undefined;
  return {
    format: 'json',
    value,
    // Positions are only needed to report failures, so the YAML CST (JSON is YAML 1.2) is built lazily.
    locate(path) {
      if (!located) {
        try {
          located = yamlSource(text, maxAliasCount, 'json');
        } catch {
          return undefined;
        }
      }
      return located.locate(path);
    },
  };
}

/**
 * Reads AGIS text (YAML, JSON or the draft's brace notation) into a plain value under safety limits: size,
 * line length, nesting depth, keys per mapping and YAML alias expansion, all but the last checked before any
 * parser runs. Linear in the text. Throws {@link AgisParseError} with line and column (and, for a limit, its
 * name in `limit`).
 */
export function parseAgisSource(text: string, options: AgisSourceOptions = {}): AgisSource {
  if (typeof text !== 'string') {
    throw new AgisParseError({ reason: 'format', message: 'AGIS document text must be a string' });
  }
  checkOptions('parseAgisSource', options, SOURCE_OPTION_RULES);
  const limits = resolveLimits(options);
  checkSize(text, limits.maxBytes);
  const format = !options.format || options.format === 'auto' ? detectFormat(text) : options.format;
  let source: AgisSource;
  if (format === 'json') {
    // Minified JSON is one long line: only its structure is limited.
    checkYamlShape(text, { ...limits, maxLineLength: Number.POSITIVE_INFINITY });
    source = jsonSource(text, limits.maxAliasCount);
  } else if (format === 'brace') {
    checkBraceShape(text, limits);
    const { value, positions } = parseBraceNotation(text, limits);
    source = {
      format,
      value,
      locate(path) {
        for (let n = path.length; n > 0; n--) {
          const hit = positions.get(formatAgisPath(path.slice(0, n)));
          if (hit) return hit;
        }
        return undefined;
      },
    };
  } else {
    checkYamlShape(text, limits);
    source = yamlSource(text, limits.maxAliasCount, 'yaml');
  }
  checkValueShape(source.value, limits, formatAgisPath);
  return source;
}
