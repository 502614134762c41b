/** How a JSON-LD block was read. */
export type JsonLdParseMode = 'strict' | 'lenient' | 'empty' | 'unparseable';

/** Result of {@link parseJsonLdText}. */
export interface JsonLdParseResult {
  /** How the text was read: `lenient` means it had to be cleaned first, `unparseable` that it could not be read. */
  mode: JsonLdParseMode;
  /** The parsed value (`undefined` for `empty` and `unparseable`). */
  value?: unknown;
  /** What the cleaning removed or why it failed, for `lenient` and `unparseable`. */
  problem?: string;
}

/**
 * Reads the text of one `application/ld+json` script. Strict `JSON.parse` first; when that fails the text is
 * cleaned the way real pages need (CDATA wrappers, HTML comment markers, `//` and block comments, trailing
 * commas, raw control characters inside strings) and parsed again. Never throws.
 */
export function parseJsonLdText(text: string): JsonLdParseResult {
  if (text.trim() === '') return { mode: 'empty' };
  try {
    return { mode: 'strict', value: JSON.parse(text) };
  } catch (strictError) {
    const { cleaned, removed } = cleanJsonText(text);
    try {
      return { mode: 'lenient', value: JSON.parse(cleaned), problem: removed.join(', ') || 'cleaned' };
    } catch {
      // Some CMSs print one closing brace too many; strip surplus trailing brackets one at a time.
      let trimmed = cleaned.trimEnd();
      for (let i = 0; i < 3 && /[}\]]$/.test(trimmed); i++) {
        trimmed = trimmed.slice(0, -1).trimEnd();
        try {
          return {
            mode: 'lenient',
            value: JSON.parse(trimmed),
            problem: [...removed, 'surplus closing bracket'].join(', '),
          };
        } catch {
          // keep trimming
        }
      }
      return { mode: 'unparseable', problem: (strictError as Error).message };
    }
  }
}

/**
 * One scan that tracks string literals, so comment-like text inside strings (`"<!-- x -->"`, URLs with `//`)
 * is kept while the same text outside strings is dropped.
 */
function cleanJsonText(text: string): { cleaned: string; removed: string[] } {
  const removed = new Set<string>();
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      const end = scanString(text, i);
      let literal = text.slice(i, end);
      if (hasControl(literal)) {
        literal = escapeControls(literal);
        removed.add('raw control characters');
      }
      out += literal;
      i = end;
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      removed.add('CDATA wrapper');
      i += 9;
      continue;
    }
    if (text.startsWith(']]>', i)) {
      removed.add('CDATA wrapper');
      i += 3;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      removed.add('HTML comment markers');
      // A whole comment on one line (`<!-- note -->`) goes entirely; a bare opener just loses the marker.
      const close = text.indexOf('-->', i + 4);
      const eol = text.indexOf('\n', i);
      i = close >= 0 && (eol < 0 || close < eol) ? close + 3 : i + 4;
      continue;
    }
    if (text.startsWith('-->', i)) {
      removed.add('HTML comment markers');
      i += 3;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      removed.add('line comments');
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      removed.add('block comments');
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    if (c === ',') {
      let j = i + 1;
      while (j < n && isSkippable(text, j)) j = skip(text, j);
      if (j < n && (text[j] === '}' || text[j] === ']')) {
        removed.add('trailing commas');
        i++;
        continue;
      }
    }
    out += c;
    i++;
  }
  return { cleaned: out, removed: [...removed] };
}

/** Index just past the string literal starting at `start` (or the end of the text when unterminated). */
function scanString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return text.length;
}

function isSkippable(text: string, i: number): boolean {
  const c = text[i]!;
  return (
    c === ' ' ||
    c === '\n' ||
    c === '\r' ||
    c === '\t' ||
    text.startsWith('//', i) ||
    text.startsWith('/*', i)
  );
}

function skip(text: string, i: number): number {
  if (text.startsWith('//', i)) {
    const eol = text.indexOf('\n', i);
    return eol < 0 ? text.length : eol;
  }
  if (text.startsWith('/*', i)) {
    const close = text.indexOf('*/', i + 2);
    return close < 0 ? text.length : close + 2;
  }
  return i + 1;
}

function hasControl(literal: string): boolean {
  for (let i = 0; i < literal.length; i++) if (literal.charCodeAt(i) < 0x20) return true;
  return false;
}

/** JSON forbids raw U+0000-U+001F inside strings; pages print newlines and tabs there anyway. */
function escapeControls(literal: string): string {
  let out = '';
  for (const c of literal) out += c.charCodeAt(0) < 0x20 ? escapeControl(c) : c;
  return out;
}

function escapeControl(c: string): string {
  switch (c) {
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default:
      return '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
  }
}
