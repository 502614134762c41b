import { FilterSyntaxError } from './sandbox-errors.js';

/** A literal value in a filter expression. */
export type FilterValue = string | number | boolean;

/** The parsed filter expression. */
export type FilterNode =
  | { type: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { type: 'compare'; attribute: string; op: '=' | '!=' | '<' | '<=' | '>' | '>='; value: FilterValue }
  | { type: 'between'; attribute: string; low: FilterValue; high: FilterValue }
  | { type: 'in'; attribute: string; values: FilterValue[] };

interface Token {
  kind: 'ident' | 'string' | 'number' | 'op' | 'lparen' | 'rparen' | 'comma' | 'end';
  text: string;
  value?: FilterValue;
  pos: number;
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const pos = i;
    if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: c === '(' ? 'lparen' : c === ')' ? 'rparen' : 'comma', text: c, pos });
      i++;
    } else if (c === "'" || c === '"') {
      // SQL quoting: a doubled quote inside the literal stands for one quote.
      let text = '';
      i++;
      for (;;) {
        if (i >= input.length) throw new FilterSyntaxError('unterminated string', pos);
        if (input[i] === c) {
          if (input[i + 1] === c) {
            text += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += input[i];
        i++;
      }
      tokens.push({ kind: 'string', text, value: text, pos });
    } else if (/[0-9]/.test(c) || (c === '-' && /[0-9.]/.test(input[i + 1] ?? ''))) {
      const m = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(input.slice(i));
      const text = m?.[0] ?? c;
      tokens.push({ kind: 'number', text, value: Number(text), pos });
      i += text.length;
    } else if (/[<>=!]/.test(c)) {
      const two = input.slice(i, i + 2);
      const op = ['<=', '>=', '!=', '<>'].includes(two) ? two : c;
      if (op === '!') throw new FilterSyntaxError("unexpected '!'", pos);
      tokens.push({ kind: 'op', text: op, pos });
      i += op.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(input.slice(i));
      const text = m?.[0] ?? c;
      tokens.push({ kind: 'ident', text, pos });
      i += text.length;
    } else {
      throw new FilterSyntaxError(`unexpected character '${c}'`, pos);
    }
  }
  tokens.push({ kind: 'end', text: '', pos: input.length });
  return tokens;
}

const KEYWORDS = new Set(['AND', 'OR', 'BETWEEN', 'IN', 'TRUE', 'FALSE']);
/**
 * Filters arrive from the network and the parser and evaluator recurse, so both size and nesting are capped:
 * far above any real refinement, far below what would exhaust the stack or the event loop.
 */
const MAX_FILTER_LENGTH = 4096;
const MAX_NESTING = 32;

/** Parses the CAP filter grammar: AND binds tighter than OR; comparisons, BETWEEN and IN. */
export function parseFilter(input: string): FilterNode {
  if (input.length > MAX_FILTER_LENGTH) {
    throw new FilterSyntaxError(`filter longer than ${MAX_FILTER_LENGTH} characters`, MAX_FILTER_LENGTH);
  }
  const tokens = tokenize(input);
  let at = 0;
  let depth = 0;
  const peek = (): Token => tokens[at] as Token;
  const keyword = (t: Token, word: string): boolean => t.kind === 'ident' && t.text.toUpperCase() === word;
  const literal = (): FilterValue => {
    const t = peek();
    if (t.kind === 'string' || t.kind === 'number') {
      at++;
      return t.value as FilterValue;
    }
    if (keyword(t, 'TRUE') || keyword(t, 'FALSE')) {
      at++;
      return t.text.toUpperCase() === 'TRUE';
    }
    throw new FilterSyntaxError(`expected a literal, found '${t.text || 'end'}'`, t.pos);
  };
  const comparison = (): FilterNode => {
    const t = peek();
    if (t.kind !== 'ident' || KEYWORDS.has(t.text.toUpperCase())) {
      throw new FilterSyntaxError(`expected an attribute name, found '${t.text || 'end'}'`, t.pos);
    }
    at++;
    const attribute = t.text;
    const next = peek();
    if (keyword(next, 'BETWEEN')) {
      at++;
      const low = literal();
      if (!keyword(peek(), 'AND')) throw new FilterSyntaxError("expected 'AND' in BETWEEN", peek().pos);
      at++;
      return { type: 'between', attribute, low, high: literal() };
    }
    if (keyword(next, 'IN')) {
      at++;
      if (peek().kind !== 'lparen') throw new FilterSyntaxError("expected '(' after IN", peek().pos);
      at++;
      const values = [literal()];
      while (peek().kind === 'comma') {
        at++;
        values.push(literal());
      }
      if (peek().kind !== 'rparen') throw new FilterSyntaxError("expected ')' to close IN", peek().pos);
      at++;
      return { type: 'in', attribute, values };
    }
    if (next.kind !== 'op') {
      throw new FilterSyntaxError(`expected an operator after '${attribute}'`, next.pos);
    }
    at++;
    const op = next.text === '<>' ? '!=' : (next.text as '=' | '!=' | '<' | '<=' | '>' | '>=');
    return { type: 'compare', attribute, op, value: literal() };
  };
  const primary = (): FilterNode => {
    if (peek().kind === 'lparen') {
      if (++depth > MAX_NESTING) {
        throw new FilterSyntaxError(`parentheses nested deeper than ${MAX_NESTING}`, peek().pos);
      }
      at++;
      const inner = orExpr();
      depth--;
      if (peek().kind !== 'rparen') throw new FilterSyntaxError("expected ')'", peek().pos);
      at++;
      return inner;
    }
    return comparison();
  };
  const andExpr = (): FilterNode => {
    let left = primary();
    while (keyword(peek(), 'AND')) {
      at++;
      left = { type: 'and', left, right: primary() };
    }
    return left;
  };
  const orExpr = (): FilterNode => {
    let left = andExpr();
    while (keyword(peek(), 'OR')) {
      at++;
      left = { type: 'or', left, right: andExpr() };
    }
    return left;
  };
  const tree = orExpr();
  if (peek().kind !== 'end') throw new FilterSyntaxError(`unexpected '${peek().text}'`, peek().pos);
  return tree;
}

/** Attribute names a node refers to, for validation against the known attribute list. */
export function filterAttributes(node: FilterNode): string[] {
  if ('attribute' in node) return [node.attribute];
  return [...filterAttributes(node.left), ...filterAttributes(node.right)];
}

function compare(a: FilterValue, b: FilterValue): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && !Number.isNaN(Number(b))) {
    return a - Number(b);
  }
  if (typeof a === 'string' && typeof b === 'string') {
    // Text attributes compare case-insensitively: shoppers and LLMs rarely match the catalog's casing.
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

/** Evaluates a parsed filter against a flat attribute record; a missing attribute never matches. */
export function evaluateFilter(
  node: FilterNode,
  record: Readonly<Record<string, FilterValue | undefined>>,
): boolean {
  switch (node.type) {
    case 'and':
      return evaluateFilter(node.left, record) && evaluateFilter(node.right, record);
    case 'or':
      return evaluateFilter(node.left, record) || evaluateFilter(node.right, record);
    case 'between': {
      const v = record[node.attribute];
      if (v === undefined) return false;
      const lo = compare(v, node.low);
      const hi = compare(v, node.high);
      return lo !== undefined && hi !== undefined && lo >= 0 && hi <= 0;
    }
    case 'in': {
      const v = record[node.attribute];
      return v !== undefined && node.values.some((x) => compare(v, x) === 0);
    }
    case 'compare': {
      const v = record[node.attribute];
      if (v === undefined) return false;
      const c = compare(v, node.value);
      if (c === undefined) return node.op === '!=';
      switch (node.op) {
        case '=':
          return c === 0;
        case '!=':
          return c !== 0;
        case '<':
          return c < 0;
        case '<=':
          return c <= 0;
        case '>':
          return c > 0;
        case '>=':
          return c >= 0;
      }
    }
  }
}
