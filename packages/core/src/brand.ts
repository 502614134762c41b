/** Marks AgentWeb errors; `Symbol.for` makes it the same symbol in every copy of the package and every realm. */
export const ERROR_BRAND = Symbol.for('agentweb.error');

/** True when `value` carries the AgentWeb error brand. */
export function hasErrorBrand(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ERROR_BRAND] === true
  );
}
