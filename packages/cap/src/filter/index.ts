export type {
  AndNode,
  BetweenNode,
  ComparisonNode,
  ComparisonOperator,
  FilterExpression,
  FilterFieldType,
  FilterLiteral,
  InNode,
  LogicalNode,
  OrNode,
} from './filter-ast.js';
export { type FilterValue, filter, literal } from './filter-builder.js';
export {
  FilterBuildError,
  FilterSyntaxError,
  type FilterSyntaxErrorOptions,
  isFilterBuildError,
  isFilterSyntaxError,
} from './filter-errors.js';
export { findPii, type PiiKind, type PiiMatch } from './find-pii.js';
export { formatFilter } from './format-filter.js';
export { type ParseFilterOptions, parseFilter } from './parse-filter.js';
export {
  type AssertNoPiiOptions,
  assertNoPii,
  isPiiRefusedError,
  PiiRefusedError,
  type PiiRefusedErrorOptions,
} from './pii-refused-error.js';
export {
  type FilterIssue,
  type FilterValidationResult,
  type ValidateFilterOptions,
  validateFilter,
} from './validate-filter.js';
