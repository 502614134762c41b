/**
 * A group with a quantifier inside that is itself quantified (`(a+)+`, `(\w*x)*`): the classic shape whose
 * backtracking is exponential in the input. Patterns come from AGIS documents written by strangers and are
 * run against instructions and arguments, so such patterns are never run.
 */
const NESTED_QUANTIFIER = /\([^)]*[+*}][^)]*\)\s*[+*{]/;

/** True when a JSON Schema `pattern` from a document may backtrack exponentially and should not be run. */
export function isRiskyPattern(pattern: string): boolean {
  return NESTED_QUANTIFIER.test(pattern);
}
