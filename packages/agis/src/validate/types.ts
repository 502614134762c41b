/** The eight validation passes of draft §9.1, in order. */
export const AGIS_PASSES = {
  1: 'structural',
  2: 'method syntax',
  3: 'method class',
  4: 'path syntax',
  5: 'semantic completeness',
  6: 'semantic consistency',
  7: 'vocabulary integrity',
  8: 'schema completeness',
} as const;

/** A pass number, 1..8. */
export type AgisPass = keyof typeof AGIS_PASSES;

/** One violated rule (a failure) or a recommendation (a warning). */
export interface AgisValidationIssue {
  /** The pass that judged it (draft Table 9 numbering). */
  pass: AgisPass;
  /** Stable rule id, e.g. `method.inflected`, `path.verb-segment`, `vocabulary.undeclared`. */
  rule: string;
  /** Where in the document, e.g. `endpoints[1].method`; `` for the root. */
  path: string;
  /** What is wrong and how to fix it. */
  message: string;
  /** 1-based line in the source text, when validating text. */
  line?: number;
  /** 1-based column in the source text, when validating text. */
  column?: number;
}

/** Result of `validateAgisDocument`. */
export interface AgisValidationResult {
  /** True when no pass failed: the document conforms at the requested level. */
  conforms: boolean;
  /** The conformance level checked. */
  level: 1 | 2;
  /** Violations, ordered by pass then document position. */
  failures: AgisValidationIssue[];
  /** Recommendations that do not affect conformance. */
  warnings: AgisValidationIssue[];
  /** Sorted, de-duplicated pass numbers that have failures. */
  failingPasses: AgisPass[];
}
