/** How a JSON-LD block was read; `too-deep` blocks nest deeper than {@link MAX_JSONLD_PARSE_DEPTH} and are not parsed. */
export type JsonLdParseMode = 'strict' | 'lenient' | 'empty' | 'unparseable' | 'too-deep';

/**
 * Deepest bracket nesting parsed at all. Product extraction walks 64 levels; a block nested thousands deep is
 * an attack, and parsing it would build every level first.
 */
export const MAX_JSONLD_PARSE_DEPTH = 1000;

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
  if (nestsDeeperThan(text, MAX_JSONLD_PARSE_DEPTH)) {
    return { mode: 'too-deep', problem: `nested deeper than ${MAX_JSONLD_PARSE_DEPTH} levels` };
  }
  try {
    return { mode: 'strict', value: JSON.parse(text) };
  } catch (strictError) {
    const { cleaned, removed } = cleanJsonText(text);
    try {
      // Nothing removed: the text is the one that just failed, so skip straight to the bracket repair.
      if (removed.length === 0) throw strictError;
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

/** True when `[`/`{` nest deeper than `limit` outside string literals. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) i = scanString(text, i) - 1;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if ((c === 93 /* ] */ || c === 125) /* } */ && depth > 0) depth--;
  }
  return false;
}

/**
 * One scan that tracks string literals, so comment-like text inside strings (`"<!-- x -->"`, URLs with `//`)
 * is kept while the same text outside strings is dropped.
 */
function cleanJsonText(text: string): { cleaned: string; removed: string[] } {
  const removed = new Set<string>();
  const find = createFinder(text);
  // Kept text is copied in runs, not character by character: `parts` gets each run when something is dropped.
  const parts: string[] = [];
  let kept = 0;
  const drop = (from: number, to: number, what: string): void => {
    removed.add(what);
    // Back-to-back removals (a run of `<!--`) keep nothing between them.
    if (from > kept) parts.push(text.slice(kept, from));
    kept = to;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = scanString(text, i);
      const literal = text.slice(i, end);
      if (hasControl(literal)) {
        drop(i, end, 'raw control characters');
        parts.push(escapeControls(literal));
      }
      i = end;
      continue;
    }
    if (c === 60 /* < */ && text.startsWith('<![CDATA[', i)) {
      drop(i, i + 9, 'CDATA wrapper');
      i += 9;
      continue;
    }
    if (c === 93 /* ] */ && text.startsWith(']]>', i)) {
      drop(i, i + 3, 'CDATA wrapper');
      i += 3;
      continue;
    }
    if (c === 60 /* < */ && text.startsWith('<!--', i)) {
      // A whole comment on one line (`<!-- note -->`) goes entirely; a bare opener just loses the marker.
      const close = find('-->', i + 4);
      const eol = find('\n', i);
      const to = close >= 0 && (eol < 0 || close < eol) ? close + 3 : i + 4;
      drop(i, to, 'HTML comment markers');
      i = to;
      continue;
    }
    if (c === 45 /* - */ && text.startsWith('-->', i)) {
      drop(i, i + 3, 'HTML comment markers');
      i += 3;
      continue;
    }
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const eol = find('\n', i);
      const to = eol < 0 ? n : eol;
      drop(i, to, 'line comments');
      i = to;
      continue;
    }
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = find('*/', i + 2);
      const to = close < 0 ? n : close + 2;
      drop(i, to, 'block comments');
      i = to;
      continue;
    }
    if (c === 44 /* , */) {
      let j = i + 1;
      while (j < n && isSkippable(text, j)) j = skip(text, j, find);
      if (j < n && (text[j] === '}' || text[j] === ']')) {
        drop(i, i + 1, 'trailing commas');
        i++;
        continue;
      }
    }
    i++;
  }
  if (removed.size === 0) return { cleaned: text, removed: [] };
  parts.push(text.slice(kept));
  return { cleaned: parts.join(''), removed: [...removed] };
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

function skip(text: string, i: number, find: Finder): number {
  if (text.startsWith('//', i)) {
    const eol = find('\n', i);
    return eol < 0 ? text.length : eol;
  }
  if (text.startsWith('/*', i)) {
    const close = find('*/', i + 2);
    return close < 0 ? text.length : close + 2;
  }
  return i + 1;
}

/** `text.indexOf(token, from)`, remembering each token's last answer. */
type Finder = (token: string, from: number) => number;

/**
 * The scan asks for the next `-->`, `*\/` or line end from positions that only move forward; a page of
 * `<!--` openers without a closer would rescan the rest of the text for each one. Remembering the last
 * position found (or that there is none) makes every search cost amortised O(1) extra.
 */
function createFinder(text: string): Finder {
  const last = new Map<string, { from: number; at: number }>();
  return (token, from) => {
    const known = last.get(token);
    if (known && from >= known.from && (known.at < 0 || known.at >= from)) return known.at;
    const at = text.indexOf(token, from);
    last.set(token, { from, at });
    return at;
  };
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
