import { RESERVED_WORDS } from './filter-ast.js';
import { FilterSyntaxError } from './filter-errors.js';

/** One token of filter text. `keyword` text is upper-cased; `string` and `quoted` text is unescaped. */
export interface Token {
  kind: 'word' | 'keyword' | 'quoted' | 'string' | 'number' | 'operator' | '(' | ')' | ',' | 'end';
  text: string;
  /** Offset of the token's first character. */
  position: number;
  /** Number value of a `number` token. */
  value?: number;
}

const WORD_START = /[\p{L}_]/u;
const WORD_PART = /[\p{L}\p{N}_.-]/u;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const OPERATORS = ['<=', '>=', '<>', '!=', '=', '<', '>'] as const;

/** The whole code point at `index` (two code units for astral characters), or `''` past the end. */
function charAt(source: string, index: number): string {
  const code = source.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** Describes a token for error messages without echoing long input back. */
export function describeToken(token: Token, source: string): string {
  if (token.kind === 'end') return 'end of input';
  const excerpt = source.slice(token.position, token.position + 24);
  return JSON.stringify(excerpt.length < 24 ? excerpt : `${excerpt}…`);
}

function describeAt(source: string, position: number): string {
  if (position >= source.length) return 'end of input';
  return JSON.stringify(source.slice(position, position + 12));
}

/** Reads a quoted run where the quote character is escaped by doubling it (SQL style). */
function readQuoted(source: string, start: number, quote: string): { text: string; end: number } {
  let text = '';
  let i = start + 1;
  for (;;) {
    const next = source.indexOf(quote, i);
    if (next === -1) {
      throw new FilterSyntaxError({
        position: start,
        expected: [`a closing ${quote}`],
        found: 'end of input',
        detail: `the quoted text starting here is never closed; write ${quote}${quote} for a literal ${quote}`,
      });
    }
    text += source.slice(i, next);
    if (source[next + 1] === quote) {
      text += quote;
      i = next + 2;
      continue;
    }
    return { text, end: next + 1 };
  }
}

/** Splits filter text into tokens; throws {@link FilterSyntaxError} on characters the grammar has no use for. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/u.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch, text: ch, position: i });
      i += 1;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const { text, end } = readQuoted(source, i, ch);
      tokens.push({ kind: ch === "'" ? 'string' : 'quoted', text, position: i });
      i = end;
      continue;
    }
    const operator = OPERATORS.find((op) => source.startsWith(op, i));
    if (operator) {
      tokens.push({ kind: 'operator', text: operator, position: i });
      i += operator.length;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(source);
    if (number) {
      const end = i + number[0].length;
      if (WORD_PART.test(charAt(source, end))) {
        throw new FilterSyntaxError({
          position: i,
          expected: ['a number', 'a quoted string'],
          found: describeAt(source, i),
          detail: 'text that starts with a digit must be quoted',
        });
      }
      const value = Number(number[0]);
      if (!Number.isFinite(value)) {
        throw new FilterSyntaxError({
          position: i,
          expected: ['a finite number'],
          found: describeAt(source, i),
        });
      }
      tokens.push({ kind: 'number', text: number[0], position: i, value });
      i = end;
      continue;
    }
    const first = charAt(source, i);
    if (WORD_START.test(first)) {
      let end = i + first.length;
      for (let next = charAt(source, end); next !== '' && WORD_PART.test(next); next = charAt(source, end)) {
        end += next.length;
      }
      const text = source.slice(i, end);
      const upper = text.toUpperCase();
      if (RESERVED_WORDS.has(upper)) tokens.push({ kind: 'keyword', text: upper, position: i });
      else tokens.push({ kind: 'word', text, position: i });
      i = end;
      continue;
    }
    throw new FilterSyntaxError({
      position: i,
      expected: ['a field name', 'a value', 'a comparison operator', 'AND', 'OR', "'('", "')'"],
      found: describeAt(source, i),
      detail: 'this character has no meaning in the filter grammar',
    });
  }
  tokens.push({ kind: 'end', text: '', position: source.length });
  return tokens;
}
