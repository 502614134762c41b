import type { AgisParseLimits } from './limits.js';
import { limitError } from './limits.js';

type ShapeLimits = Required<Pick<AgisParseLimits, 'maxDepth' | 'maxKeys' | 'maxLineLength'>>;

/** Where a checked text sits inside the document (brace notation hands YAML sub-bodies to the checker). */
export interface TextOrigin {
  /** Line of the document on which the text's first line lies, minus one. */
  lineOffset?: number;
}

const SPACE = 32;
const TAB = 9;
const CR = 13;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === CR;
}

/** True when the character at `i` ends a token: end of line, space, tab. */
function separated(text: string, i: number, lineEnd: number): boolean {
  return i >= lineEnd || isBlank(text.charCodeAt(i));
}

/**
 * A structural pre-scan of YAML (or JSON, which is YAML) before the YAML library sees it: line length,
 * nesting depth (indentation, `- `/`? `/`: ` indicators, keys written on one line, flow brackets) and keys per
 * mapping (block keys at one indentation, entries of a flow mapping). One pass, O(text). It reads quoted
 * scalars, comments and block scalars (`|`, `>`) as text, so a colon or a bracket inside them never counts.
 * The YAML parser recurses once per level this scan counts, so a document that passes cannot overflow its
 * stack, and no mapping is large enough for its duplicate-key check to matter.
 */
export function checkYamlShape(text: string, limits: ShapeLimits, origin: TextOrigin = {}): void {
  const lineOffset = origin.lineOffset ?? 0;
  // Open block collections by column, innermost last, with the keys seen at that column.
  const block: { indent: number; keys: number }[] = [];
  // Open flow collections, innermost last; a mapping counts its entries.
  const flow: { map: boolean; entries: number }[] = [];
  let quote = 0;
  // Column of the collection a block scalar on this line would belong to; its text is indented deeper.
  let scalarParent = -1;
  let blockScalarParent = -1;
  let lineNo = lineOffset;

  const fail = (
    limit: 'maxDepth' | 'maxKeys' | 'maxLineLength',
    message: string,
    line: number,
    column: number,
  ): never => {
    throw limitError(limit, message, { line, column });
  };
  const checkDepth = (extra: number, line: number, column: number): void => {
    if (block.length + flow.length + extra > limits.maxDepth)
      fail(
        'maxDepth',
        `AGIS document nests deeper than the maxDepth limit of ${limits.maxDepth}`,
        line,
        column,
      );
  };
  const countKey = (entry: { keys: number } | undefined, line: number, column: number): void => {
    if (entry && ++entry.keys > limits.maxKeys)
      fail('maxKeys', `a mapping has more than the maxKeys limit of ${limits.maxKeys} keys`, line, column);
  };

  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    lineNo++;
    const lineEnd = end > start && text.charCodeAt(end - 1) === CR ? end - 1 : end;
    if (lineEnd - start > limits.maxLineLength) {
      fail(
        'maxLineLength',
        `line ${lineNo} is ${lineEnd - start} characters long, above the maxLineLength limit of ${limits.maxLineLength}`,
        lineNo,
        limits.maxLineLength + 1,
      );
    }
    let i = start;
    let tokenStart = true;
    let keysOnLine = 0;
    if (quote !== 0) {
      i = skipQuoted(text, i, lineEnd, quote);
      if (i < 0) {
        start = end + 1;
        continue;
      }
      quote = 0;
      tokenStart = false;
    } else if (flow.length === 0) {
      let indent = 0;
      while (start + indent < lineEnd && text.charCodeAt(start + indent) === SPACE) indent++;
      const first = start + indent;
      const blank =
        first >= lineEnd || text.charCodeAt(first) === 35 /* # */ || isBlank(text.charCodeAt(first));
      if (blockScalarParent >= 0) {
        if (blank || indent > blockScalarParent) {
          start = end + 1;
          continue;
        }
        blockScalarParent = -1;
      }
      if (blank) {
        start = end + 1;
        continue;
      }
      // `---`, `...` and `%` directives at column 0 start or end a document.
      if (
        indent === 0 &&
        (text.charCodeAt(first) === 37 /* % */ ||
          ((text.startsWith('---', first) || text.startsWith('...', first)) &&
            separated(text, first + 3, lineEnd)))
      ) {
        block.length = 0;
        start = end + 1;
        continue;
      }
      while (block.length > 0 && block[block.length - 1]!.indent > indent) block.pop();
      if (block.length === 0 || block[block.length - 1]!.indent < indent) block.push({ indent, keys: 0 });
      checkDepth(0, lineNo, indent + 1);
      scalarParent = indent;
      i = first;
    }

    while (i < lineEnd) {
      const c = text.charCodeAt(i);
      if (isBlank(c)) {
        i++;
        continue;
      }
      // A comment starts at `#` after a space (or at the start of the line).
      if (c === 35 /* # */ && (i === start || isBlank(text.charCodeAt(i - 1)))) break;
      // A quoted scalar or a flow collection starts where a node may start (anywhere inside a flow collection).
      if (tokenStart && (c === 34 || c === 39)) {
        const after = skipQuoted(text, i + 1, lineEnd, c);
        if (after < 0) {
          quote = c;
          break;
        }
        i = after;
        tokenStart = false;
        continue;
      }
      if ((tokenStart || flow.length > 0) && (c === 123 /* { */ || c === 91) /* [ */) {
        flow.push({ map: c === 123, entries: 1 });
        checkDepth(keysOnLine, lineNo, i - start + 1);
        tokenStart = true;
        i++;
        continue;
      }
      if (flow.length > 0) {
        if (c === 125 /* } */ || c === 93 /* ] */) {
          flow.pop();
          tokenStart = false;
        } else if (c === 44 /* , */) {
          const top = flow[flow.length - 1]!;
          if (top.map && ++top.entries > limits.maxKeys)
            fail(
              'maxKeys',
              `a mapping has more than the maxKeys limit of ${limits.maxKeys} keys`,
              lineNo,
              i - start + 1,
            );
          tokenStart = true;
        } else if (c === 58 /* : */ && separated(text, i + 1, lineEnd)) tokenStart = true;
        else if (c === 63 /* ? */ && tokenStart && separated(text, i + 1, lineEnd)) tokenStart = true;
        else tokenStart = false;
        i++;
        continue;
      }
      // Block context.
      if (
        tokenStart &&
        (c === 45 /* - */ || c === 63 /* ? */ || c === 58) /* : */ &&
        separated(text, i + 1, lineEnd)
      ) {
        // `- x`, `? x`, `: x`: an entry whose content (if any follows on the line) is a node one level down.
        if (c === 63) countKey(block[block.length - 1], lineNo, i - start + 1);
        let next = i + 1;
        while (next < lineEnd && isBlank(text.charCodeAt(next))) next++;
        if (next < lineEnd && text.charCodeAt(next) !== 35) {
          block.push({ indent: next - start, keys: 0 });
          checkDepth(keysOnLine, lineNo, next - start + 1);
        }
        i = next;
        continue;
      }
      if (tokenStart && (c === 124 /* | */ || c === 62) /* > */) {
        // A block scalar: the lines indented deeper than its collection are its text.
        blockScalarParent = scalarParent;
        break;
      }
      if (tokenStart && (c === 38 /* & */ || c === 33 /* ! */ || c === 42) /* * */) {
        // Anchors and tags precede a node; an alias is one.
        while (i < lineEnd && !isBlank(text.charCodeAt(i))) i++;
        if (c === 42) tokenStart = false;
        continue;
      }
      if (c === 58 /* : */ && separated(text, i + 1, lineEnd)) {
        // `key: value`: a key of the innermost mapping. A second key on the same line (`a: b: c`) is invalid
        // YAML, but its parser nests a level for it before saying so.
        if (keysOnLine === 0) countKey(block[block.length - 1], lineNo, i - start + 1);
        else checkDepth(keysOnLine, lineNo, i - start + 1);
        keysOnLine++;
        scalarParent = block.length > 0 ? block[block.length - 1]!.indent : -1;
        tokenStart = true;
        i++;
        continue;
      }
      tokenStart = false;
      i++;
    }
    start = end + 1;
  }
}

/**
 * Index just past the closing quote of a scalar whose opening quote precedes `from`, or -1 when the line ends
 * first (the scalar goes on). `\` escapes in double quotes; `''` is a quote inside single quotes.
 */
function skipQuoted(text: string, from: number, lineEnd: number, quote: number): number {
  for (let i = from; i < lineEnd; i++) {
    const c = text.charCodeAt(i);
    if (quote === 34 && c === 92 /* \ */) i++;
    else if (c === quote) {
      if (quote === 39 && text.charCodeAt(i + 1) === 39) i++;
      else return i + 1;
    }
  }
  return -1;
}

/**
 * The pre-scan of brace notation (parsed by our own parser, which recurses per brace): line length and bracket
 * nesting. Quoted strings are skipped; an apostrophe inside a word is text.
 */
export function checkBraceShape(text: string, limits: ShapeLimits): void {
  let depth = 0;
  let quote = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c === 10) {
      const length = i > lineStart && text.charCodeAt(i - 1) === CR ? i - 1 - lineStart : i - lineStart;
      if (length > limits.maxLineLength) {
        throw limitError(
          'maxLineLength',
          `line ${line} is ${length} characters long, above the maxLineLength limit of ${limits.maxLineLength}`,
          { line, column: limits.maxLineLength + 1 },
        );
      }
      line++;
      lineStart = i + 1;
      quote = 0;
      continue;
    }
    if (quote !== 0) {
      if (c === 92 && quote === 34) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 || c === 39) {
      const prev = i === 0 ? SPACE : text.charCodeAt(i - 1);
      if (c === 34 || !isWordChar(prev)) quote = c;
    } else if (c === 91 || c === 123) {
      if (++depth > limits.maxDepth) {
        throw limitError(
          'maxDepth',
          `AGIS document nests deeper than the maxDepth limit of ${limits.maxDepth}`,
          {
            line,
            column: i - lineStart + 1,
          },
        );
      }
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
