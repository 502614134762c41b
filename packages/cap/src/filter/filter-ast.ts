/** A literal value on the right-hand side of a comparison. */
export type FilterLiteral =
  | { type: 'string'; value: string }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean };

/** Comparison operators of the CAP filter grammar; `!=` and `<>` are kept apart so text round-trips. */
export type ComparisonOperator = '=' | '!=' | '<>' | '<' | '<=' | '>' | '>=';

/** Fields every AST node may carry. */
interface NodeBase {
  /** Offset in the source text where this node starts; set by the parser, absent on built nodes. */
  position?: number;
}

/** `field <op> value`. */
export interface ComparisonNode extends NodeBase {
  type: 'comparison';
  /** Attribute name, unquoted. */
  field: string;
  operator: ComparisonOperator;
  value: FilterLiteral;
}

/** `field BETWEEN low AND high` (inclusive, as in SQL). */
export interface BetweenNode extends NodeBase {
  type: 'between';
  field: string;
  low: FilterLiteral;
  high: FilterLiteral;
}

/** `field IN (v1, v2, ...)`; at least one value. */
export interface InNode extends NodeBase {
  type: 'in';
  field: string;
  values: FilterLiteral[];
}

/** Conjunction of two or more operands. */
export interface AndNode extends NodeBase {
  type: 'and';
  operands: FilterExpression[];
}

/** Disjunction of two or more operands. */
export interface OrNode extends NodeBase {
  type: 'or';
  operands: FilterExpression[];
}

/** An AND or OR node. */
export type LogicalNode = AndNode | OrNode;

/** A parsed or built filter expression. */
export type FilterExpression = ComparisonNode | BetweenNode | InNode | LogicalNode;

/** Field types the validator can check against. */
export type FilterFieldType = 'string' | 'number' | 'boolean';

/**
 * Words with a meaning in the grammar, or reserved for SQL constructs the CAP grammar does not have; a field
 * with one of these names must be written in double quotes.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'AND',
  'OR',
  'BETWEEN',
  'IN',
  'TRUE',
  'FALSE',
  'NOT',
  'NULL',
  'IS',
  'LIKE',
]);

/** Bare field names: a letter or `_`, then letters, digits, `_`, `.` or `-`. Anything else is double-quoted. */
export const BARE_FIELD = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;
