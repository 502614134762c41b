import { BARE_FIELD, type FilterExpression, type FilterLiteral, RESERVED_WORDS } from './filter-ast.js';
import { FilterBuildError } from './filter-errors.js';

/** Writes a field name bare when the parser would read it back unchanged, else in double quotes. */
export function formatField(field: string): string {
  if (typeof field !== 'string' || field === '')
    throw new FilterBuildError('A filter field name must be a non-empty string');
  if (BARE_FIELD.test(field) && !RESERVED_WORDS.has(field.toUpperCase())) return field;
  return `"${field.replaceAll('"', '""')}"`;
}

/** Writes a literal: strings single-quoted with `''` escapes, finite numbers, `TRUE`/`FALSE`. */
export function formatLiteral(literal: FilterLiteral): string {
  switch (literal.type) {
    case 'string':
      return `'${literal.value.replaceAll("'", "''")}'`;
    case 'number':
      if (!Number.isFinite(literal.value)) {
        throw new FilterBuildError(`A filter number must be finite, got ${String(literal.value)}`);
      }
      // String() is exact for doubles and yields only forms the lexer accepts (`1e+21`, `-0.5`).
      return Object.is(literal.value, -0) ? '-0' : String(literal.value);
    case 'boolean':
      return literal.value ? 'TRUE' : 'FALSE';
    default:
      throw new FilterBuildError(
        `Unknown filter literal type ${JSON.stringify((literal as { type: unknown }).type)}`,
      );
  }
}

function formatNode(node: FilterExpression, parent: 'and' | 'or' | undefined): string {
  switch (node.type) {
    case 'comparison':
      return `${formatField(node.field)} ${node.operator} ${formatLiteral(node.value)}`;
    case 'between':
      return `${formatField(node.field)} BETWEEN ${formatLiteral(node.low)} AND ${formatLiteral(node.high)}`;
    case 'in':
      if (node.values.length === 0)
        throw new FilterBuildError(`IN on "${node.field}" needs at least one value`);
      return `${formatField(node.field)} IN (${node.values.map(formatLiteral).join(', ')})`;
    case 'and':
    case 'or': {
      if (node.operands.length === 0)
        throw new FilterBuildError(`${node.type.toUpperCase()} needs at least one operand`);
      if (node.operands.length === 1) return formatNode(node.operands[0]!, parent);
      const text = node.operands
        .map((operand) => formatNode(operand, node.type))
        .join(` ${node.type.toUpperCase()} `);
      // AND binds tighter than OR, so only OR under AND strictly needs parentheses; nested nodes of the same
      // kind get them too so that parsing the text gives back the same tree rather than a flattened one.
      const needsParens = parent !== undefined && (parent === node.type || node.type === 'or');
      return needsParens ? `(${text})` : text;
    }
    default:
      throw new FilterBuildError(
        `Unknown filter node type ${JSON.stringify((node as { type: unknown }).type)}`,
      );
  }
}

/**
 * Writes an AST as canonical filter text: upper-case keywords, single spaces, single-quoted strings, and only
 * the parentheses needed to read the same tree back. Throws {@link FilterBuildError} for ASTs with no text form
 * (empty IN list or AND/OR, non-finite numbers, empty field names).
 */
export function formatFilter(ast: FilterExpression): string {
  return formatNode(ast, undefined);
}
