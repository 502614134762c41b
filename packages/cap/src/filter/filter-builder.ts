import type { ComparisonOperator, FilterExpression, FilterLiteral } from './filter-ast.js';
import { FilterBuildError } from './filter-errors.js';

/** A plain value the builder turns into a literal. */
export type FilterValue = string | number | boolean;

/** Turns a plain value into a literal node, refusing values with no filter text form. */
export function literal(value: FilterValue): FilterLiteral {
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'boolean', value };
  if (typeof value === 'number' && Number.isFinite(value)) return { type: 'number', value };
  throw new FilterBuildError(
    `A filter value must be a string, a boolean or a finite number, got ${String(value)}`,
  );
}

function checkField(field: string): string {
  if (typeof field !== 'string' || field === '')
    throw new FilterBuildError('A filter field name must be a non-empty string');
  return field;
}

function compare(operator: ComparisonOperator) {
  return (field: string, value: FilterValue): FilterExpression => ({
    type: 'comparison',
    field: checkField(field),
    operator,
    value: literal(value),
  });
}

function logical(type: 'and' | 'or') {
  return (...operands: FilterExpression[]): FilterExpression => {
    if (operands.length === 0) throw new FilterBuildError(`${type.toUpperCase()} needs at least one operand`);
    return operands.length === 1 ? operands[0]! : { type, operands };
  };
}

/**
 * Builds filter ASTs without string concatenation, so values are always quoted correctly:
 * `formatFilter(filter.and(filter.lt('price', 100), filter.in_('brand', ['Sony', "O'Neill"])))`.
 */
export const filter = {
  /** `field = value` */
  eq: compare('='),
  /** `field != value` */
  ne: compare('!='),
  /** `field < value` */
  lt: compare('<'),
  /** `field <= value` */
  le: compare('<='),
  /** `field > value` */
  gt: compare('>'),
  /** `field >= value` */
  ge: compare('>='),
  /** `field BETWEEN low AND high` (inclusive). */
  between: (field: string, low: FilterValue, high: FilterValue): FilterExpression => ({
    type: 'between',
    field: checkField(field),
    low: literal(low),
    high: literal(high),
  }),
  /** `field IN (values...)`; at least one value. */
  in_: (field: string, values: readonly FilterValue[]): FilterExpression => {
    if (values.length === 0) throw new FilterBuildError(`IN on "${field}" needs at least one value`);
    return { type: 'in', field: checkField(field), values: values.map(literal) };
  },
  /** All operands; one operand is returned as is. */
  and: logical('and'),
  /** Any operand; one operand is returned as is. */
  or: logical('or'),
} as const;
