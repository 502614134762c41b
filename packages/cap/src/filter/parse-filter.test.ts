import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterExpression, FilterLiteral } from './filter-ast.js';
import { filter } from './filter-builder.js';
import { type FilterSyntaxError, isFilterBuildError, isFilterSyntaxError } from './filter-errors.js';
import { formatFilter } from './format-filter.js';
import { parseFilter } from './parse-filter.js';

function strip(node: FilterExpression): FilterExpression {
  const { position: _position, ...rest } = node;
  if (rest.type === 'and' || rest.type === 'or') return { ...rest, operands: rest.operands.map(strip) };
  return rest as FilterExpression;
}

function syntaxError(text: string): FilterSyntaxError {
  try {
    parseFilter(text);
  } catch (error) {
    if (isFilterSyntaxError(error)) return error as FilterSyntaxError;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('parseFilter', () => {
  it('parses the spec examples', () => {
    expect(strip(parseFilter("price < 100 AND brand = 'Acme'"))).toEqual(
      filter.and(filter.lt('price', 100), filter.eq('brand', 'Acme')),
    );
    expect(strip(parseFilter("brand IN ('Sony', 'Bose')"))).toEqual(filter.in_('brand', ['Sony', 'Bose']));
  });

  it('gives AND precedence over OR and honours parentheses', () => {
    expect(strip(parseFilter('a = 1 OR b = 2 AND c = 3'))).toEqual(
      filter.or(filter.eq('a', 1), filter.and(filter.eq('b', 2), filter.eq('c', 3))),
    );
    expect(strip(parseFilter('(a = 1 OR b = 2) AND c = 3'))).toEqual(
      filter.and(filter.or(filter.eq('a', 1), filter.eq('b', 2)), filter.eq('c', 3)),
    );
  });

  it('reads every operator, BETWEEN, booleans, negative and exponent numbers, case-insensitive keywords', () => {
    const ast = strip(
      parseFilter(
        "a != 1 and b <> 'x' or c <= -2.5 AND d >= 1e3 AND e > .5 AND f BETWEEN 10 and 20 AND g = true",
      ),
    );
    expect(ast).toEqual(
      filter.or(
        filter.and(filter.ne('a', 1), {
          type: 'comparison',
          field: 'b',
          operator: '<>',
          value: { type: 'string', value: 'x' },
        }),
        filter.and(
          filter.le('c', -2.5),
          filter.ge('d', 1000),
          filter.gt('e', 0.5),
          filter.between('f', 10, 20),
          filter.eq('g', true),
        ),
      ),
    );
  });

  it("unescapes '' in strings, accepts double-quoted values, and double-quoted field names", () => {
    expect(strip(parseFilter("brand = 'O''Neill'"))).toEqual(filter.eq('brand', "O'Neill"));
    expect(strip(parseFilter('brand = "Acme"'))).toEqual(filter.eq('brand', 'Acme'));
    expect(strip(parseFilter('"screen size" >= 55 AND "in" = 1'))).toEqual(
      filter.and(filter.ge('screen size', 55), filter.eq('in', 1)),
    );
  });

  it('records where each comparison starts', () => {
    const ast = parseFilter("price < 100 AND  brand = 'Acme'");
    expect(ast.type === 'and' && ast.operands.map((o) => o.position)).toEqual([0, 17]);
  });

  it.each([
    ['', 0, 'a field name'],
    ['price <', 7, 'a value'],
    ['price < 100 AND', 15, 'a field name'],
    ["brand = 'Acme", 8, "a closing '"],
    ['brand = Acme', 8, 'a value'],
    ['brand IN ()', 10, 'a value'],
    ["brand IN ('a' 'b')", 14, "')'"],
    ['(price < 1', 10, "')'"],
    ['price < 1)', 9, 'end of input'],
    ['price BETWEEN 1 OR 2', 16, 'AND'],
    ['price ~ 1', 6, 'a comparison operator'],
    ['price < 10abc', 8, 'a number'],
    ['NOT price < 1', 0, 'a field name'],
    ['price IS NULL', 6, 'a comparison operator'],
  ])('refuses %j at position %i, expecting %s', (text, position, expected) => {
    const error = syntaxError(text);
    expect(error.code).toBe('CAP_FILTER_SYNTAX');
    expect(error.position).toBe(position);
    expect(error.expected).toContain(expected);
  });

  it('explains unsupported SQL words', () => {
    expect(syntaxError('NOT a = 1').message).toMatch(/NOT is not part of the CAP filter grammar/);
    expect(syntaxError("name LIKE 'a%'").message).toMatch(/LIKE is not part/);
  });

  it('bounds nesting and length instead of overflowing the stack', () => {
    expect(syntaxError(`${'('.repeat(10_000)}a = 1${')'.repeat(10_000)}`.slice(0, 16_000)).message).toMatch(
      /nested deeper/,
    );
    expect(syntaxError('a'.repeat(20_000)).message).toMatch(/limited to 16384/);
    expect(strip(parseFilter(`${'('.repeat(60)}a = 1${')'.repeat(60)}`))).toEqual(filter.eq('a', 1));
  });
});

describe('formatFilter', () => {
  it('writes canonical text with correct quoting', () => {
    expect(
      formatFilter(
        filter.and(
          filter.lt('price', 100),
          filter.or(filter.eq('brand', "O'Neill"), filter.in_('brand', ['Sony', 'Bose'])),
          filter.eq('screen size', 55),
          filter.eq('and', true),
          filter.ne('title', 'say "hi"'),
        ),
      ),
    ).toBe(
      `price < 100 AND (brand = 'O''Neill' OR brand IN ('Sony', 'Bose')) AND "screen size" = 55 AND "and" = TRUE AND title != 'say "hi"'`,
    );
  });

  it('refuses ASTs with no text form', () => {
    expect(() => formatFilter({ type: 'in', field: 'a', values: [] })).toThrow(/at least one value/);
    expect(() =>
      formatFilter({
        type: 'comparison',
        field: 'a',
        operator: '<',
        value: { type: 'number', value: Number.NaN },
      }),
    ).toThrow(/finite/);
    expect(() => filter.lt('a', Number.POSITIVE_INFINITY)).toThrow(/finite/);
    expect(() => filter.eq('', 1)).toThrow(/non-empty/);
    let caught: unknown;
    try {
      filter.in_('a', []);
    } catch (error) {
      caught = error;
    }
    expect(isFilterBuildError(caught)).toBe(true);
  });
});

const field = fc.oneof(
  fc.constantFrom('price', 'brand', 'offers.price', 'screen-size', 'in', 'Größe', '_x'),
  fc.string({ minLength: 1, maxLength: 8 }),
);
const literalArb: fc.Arbitrary<FilterLiteral> = fc.oneof(
  fc.string({ maxLength: 10 }).map((value) => ({ type: 'string' as const, value })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => ({ type: 'number' as const, value })),
  fc.integer().map((value) => ({ type: 'number' as const, value })),
  fc.boolean().map((value) => ({ type: 'boolean' as const, value })),
);
const { expression } = fc.letrec<{ expression: FilterExpression; leaf: FilterExpression }>((tie) => ({
  leaf: fc.oneof(
    fc.record({
      type: fc.constant('comparison' as const),
      field,
      operator: fc.constantFrom('=', '!=', '<>', '<', '<=', '>', '>=' as const),
      value: literalArb,
    }),
    fc.record({ type: fc.constant('between' as const), field, low: literalArb, high: literalArb }),
    fc.record({
      type: fc.constant('in' as const),
      field,
      values: fc.array(literalArb, { minLength: 1, maxLength: 4 }),
    }),
  ),
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.record({
      type: fc.constantFrom('and' as const, 'or' as const),
      operands: fc.array(tie('expression'), { minLength: 2, maxLength: 4 }),
    }),
  ),
}));

describe('filter properties', () => {
  it('parse(format(ast)) gives back the same AST', () => {
    fc.assert(
      fc.property(expression, (ast) => {
        expect(strip(parseFilter(formatFilter(ast)))).toEqual(ast);
      }),
      { numRuns: 500 },
    );
  });

  it('format(parse(text)) is a fixed point for any text that parses', () => {
    fc.assert(
      fc.property(expression, (ast) => {
        const text = formatFilter(ast);
        expect(formatFilter(parseFilter(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but FilterSyntaxError on arbitrary strings', () => {
    const tokens = fc.constantFrom(
      '(',
      ')',
      ',',
      "'",
      '"',
      '=',
      '<',
      '>',
      '!',
      'AND',
      'OR',
      'IN',
      'BETWEEN',
      'NOT',
      ' ',
      'a',
      '1',
      '-',
      '.',
      'e',
      '9e999',
    );
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.array(tokens, { maxLength: 30 }).map((t) => t.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        try {
          const ast = parseFilter(input);
          expect(typeof formatFilter(ast)).toBe('string');
        } catch (error) {
          expect(isFilterSyntaxError(error)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
