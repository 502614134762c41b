import type { ComparisonOperator, FilterExpression, FilterLiteral } from './filter-ast.js';
import { FilterSyntaxError } from './filter-errors.js';
import { describeToken, type Token, tokenize } from './filter-lexer.js';

/** Options of {@link parseFilter}. */
export interface ParseFilterOptions {
  /** Longest filter text accepted, in UTF-16 code units. Default 16384. */
  maxLength?: number;
  /** Deepest parenthesis nesting accepted; bounds recursion on hostile input. Default 64. */
  maxDepth?: number;
}

const UNSUPPORTED: Record<string, string> = {
  NOT: 'NOT is not part of the CAP filter grammar; use != or <> instead',
  NULL: 'NULL is not part of the CAP filter grammar',
  IS: 'IS is not part of the CAP filter grammar',
  LIKE: 'LIKE is not part of the CAP filter grammar; put free text in `query`',
};

class Parser {
  #index = 0;
  readonly #tokens: Token[];
  readonly #source: string;
  readonly #maxDepth: number;

  constructor(source: string, maxDepth: number) {
    this.#source = source;
    this.#tokens = tokenize(source);
    this.#maxDepth = maxDepth;
  }

  parse(): FilterExpression {
    const expression = this.#or(0);
    const token = this.#peek();
    if (token.kind !== 'end') this.#fail(token, ['AND', 'OR', 'end of input']);
    return expression;
  }

  #peek(): Token {
    return this.#tokens[this.#index]!;
  }

  #next(): Token {
    const token = this.#tokens[this.#index]!;
    if (token.kind !== 'end') this.#index += 1;
    return token;
  }

  #isKeyword(word: string): boolean {
    const token = this.#peek();
    return token.kind === 'keyword' && token.text === word;
  }

  #fail(token: Token, expected: string[], detail?: string): never {
    const unsupported = token.kind === 'keyword' ? UNSUPPORTED[token.text] : undefined;
    throw new FilterSyntaxError({
      position: token.position,
      expected,
      found: describeToken(token, this.#source),
      detail: detail ?? unsupported,
    });
  }

  #or(depth: number): FilterExpression {
    const first = this.#and(depth);
    if (!this.#isKeyword('OR')) return first;
    const operands = [first];
    while (this.#isKeyword('OR')) {
      this.#next();
      operands.push(this.#and(depth));
    }
    return { type: 'or', operands, position: first.position };
  }

  #and(depth: number): FilterExpression {
    const first = this.#primary(depth);
    if (!this.#isKeyword('AND')) return first;
    const operands = [first];
    while (this.#isKeyword('AND')) {
      this.#next();
      operands.push(this.#primary(depth));
    }
    return { type: 'and', operands, position: first.position };
  }

  #primary(depth: number): FilterExpression {
    const token = this.#peek();
    if (token.kind === '(') {
      if (depth >= this.#maxDepth) {
        this.#fail(token, ['a field name'], `parentheses nested deeper than ${this.#maxDepth} levels`);
      }
      this.#next();
      const inner = this.#or(depth + 1);
      const close = this.#peek();
      if (close.kind !== ')') this.#fail(close, ['AND', 'OR', "')'"]);
      this.#next();
      return inner;
    }
    return this.#predicate();
  }

  #field(): { field: string; position: number } {
    const token = this.#peek();
    if (token.kind === 'word' || (token.kind === 'quoted' && token.text !== '')) {
      this.#next();
      return { field: token.text, position: token.position };
    }
    const detail =
      token.kind === 'quoted'
        ? 'a field name cannot be empty'
        : token.kind === 'keyword' && UNSUPPORTED[token.text] === undefined
          ? `${token.text} is a reserved word; write it in double quotes to use it as a field name`
          : undefined;
    return this.#fail(token, ['a field name', "'('"], detail);
  }

  #predicate(): FilterExpression {
    const { field, position } = this.#field();
    const token = this.#peek();
    if (token.kind === 'operator') {
      this.#next();
      const value = this.#literal();
      return { type: 'comparison', field, operator: token.text as ComparisonOperator, value, position };
    }
    if (this.#isKeyword('BETWEEN')) {
      this.#next();
      const low = this.#literal();
      if (!this.#isKeyword('AND')) this.#fail(this.#peek(), ['AND']);
      this.#next();
      const high = this.#literal();
      return { type: 'between', field, low, high, position };
    }
    if (this.#isKeyword('IN')) {
      this.#next();
      const open = this.#peek();
      if (open.kind !== '(') this.#fail(open, ["'('"]);
      this.#next();
      const values = [this.#literal()];
      while (this.#peek().kind === ',') {
        this.#next();
        values.push(this.#literal());
      }
      const close = this.#peek();
      if (close.kind !== ')') this.#fail(close, ["','", "')'"]);
      this.#next();
      return { type: 'in', field, values, position };
    }
    return this.#fail(token, ['a comparison operator', 'BETWEEN', 'IN']);
  }

  #literal(): FilterLiteral {
    const token = this.#peek();
    switch (token.kind) {
      case 'string':
      case 'quoted':
        this.#next();
        return { type: 'string', value: token.text };
      case 'number':
        this.#next();
        return { type: 'number', value: token.value! };
      case 'keyword':
        if (token.text === 'TRUE' || token.text === 'FALSE') {
          this.#next();
          return { type: 'boolean', value: token.text === 'TRUE' };
        }
        break;
      case 'word':
        return this.#fail(token, ['a value'], "text values must be quoted: 'like this'");
      default:
        break;
    }
    return this.#fail(token, ['a value']);
  }
}

/**
 * Parses a CAP filter (SQL WHERE-like: `AND`, `OR`, parentheses, `= != <> < <= > >=`, `BETWEEN`, `IN`) into a
 * typed AST. `AND` binds tighter than `OR`; keywords are case-insensitive; strings use single quotes with `''`
 * for a literal quote (double-quoted text is also accepted as a value). Throws {@link FilterSyntaxError}, with
 * the offset and what was expected, on anything else; never throws any other error.
 */
export function parseFilter(text: string, options: ParseFilterOptions = {}): FilterExpression {
  const maxLength = options.maxLength ?? 16_384;
  if (typeof text !== 'string') {
    throw new FilterSyntaxError({ position: 0, expected: ['filter text'], found: typeof text });
  }
  if (text.length > maxLength) {
    throw new FilterSyntaxError({
      position: maxLength,
      expected: ['end of input'],
      found: 'more text',
      detail: `filters are limited to ${maxLength} characters`,
    });
  }
  return new Parser(text, options.maxDepth ?? 64).parse();
}
