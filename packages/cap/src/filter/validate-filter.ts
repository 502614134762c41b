import type { FilterExpression, FilterFieldType, FilterLiteral } from './filter-ast.js';

/** Options of {@link validateFilter}. */
export interface ValidateFilterOptions {
  /**
   * Known fields and their types (e.g. from the merchant's `refineFilters`). When given, unknown fields and
   * values of the wrong type are issues; when absent only the structure is checked.
   */
  fields?: Record<string, FilterFieldType>;
}

/** One problem found in a filter AST. */
export interface FilterIssue {
  /** What is wrong, naming the field. */
  message: string;
  /** Offset in the source text, when the AST came from {@link parseFilter}. */
  position?: number;
}

/** Outcome of {@link validateFilter}. */
export type FilterValidationResult = { ok: true } | { ok: false; issues: FilterIssue[] };

const ORDERING = new Set(['<', '<=', '>', '>=']);

function checkLiteral(
  literal: FilterLiteral,
  field: string,
  expected: FilterFieldType | undefined,
  report: (message: string) => void,
): void {
  if (literal.type === 'number' && !Number.isFinite(literal.value)) {
    report(`"${field}" is compared with a non-finite number`);
  }
  if (expected !== undefined && literal.type !== expected) {
    report(`"${field}" is a ${expected} field but is compared with a ${literal.type}`);
  }
}

function visit(node: FilterExpression, options: ValidateFilterOptions, issues: FilterIssue[]): void {
  const report = (message: string) =>
    issues.push(node.position === undefined ? { message } : { message, position: node.position });
  if (node.type === 'and' || node.type === 'or') {
    if (node.operands.length < 2) report(`${node.type.toUpperCase()} needs at least two operands`);
    for (const operand of node.operands) visit(operand, options, issues);
    return;
  }
  if (typeof node.field !== 'string' || node.field === '') {
    report('a field name is empty');
    return;
  }
  const fields = options.fields;
  const expected = fields && Object.hasOwn(fields, node.field) ? fields[node.field] : undefined;
  if (fields && expected === undefined) report(`unknown field "${node.field}"`);
  switch (node.type) {
    case 'comparison':
      checkLiteral(node.value, node.field, expected, report);
      if (ORDERING.has(node.operator) && (expected === 'boolean' || node.value.type === 'boolean')) {
        report(`"${node.field}" cannot be ordered with ${node.operator}: booleans support only = != <>`);
      }
      break;
    case 'between':
      checkLiteral(node.low, node.field, expected, report);
      checkLiteral(node.high, node.field, expected, report);
      if (node.low.type !== node.high.type) {
        report(`BETWEEN on "${node.field}" mixes a ${node.low.type} and a ${node.high.type}`);
      } else if (node.low.type === 'boolean') {
        report(`BETWEEN on "${node.field}" cannot use booleans`);
      } else if (node.low.value > node.high.value) {
        report(`BETWEEN on "${node.field}" has its low bound above its high bound, so it matches nothing`);
      }
      break;
    case 'in':
      if (node.values.length === 0) report(`IN on "${node.field}" has no values`);
      for (const value of node.values) checkLiteral(value, node.field, expected, report);
      break;
  }
}

/**
 * Checks a filter AST: structure always (AND/OR with two or more operands, non-empty IN lists, BETWEEN bounds of
 * one type in order, no ordering of booleans), and with `fields` also that every field is known and compared
 * with values of its type. Never throws.
 */
export function validateFilter(
  ast: FilterExpression,
  options: ValidateFilterOptions = {},
): FilterValidationResult {
  const issues: FilterIssue[] = [];
  visit(ast, options, issues);
  return issues.length === 0 ? { ok: true } : { ok: false, issues };
}
