import type { z } from 'zod';

/** Where in a card, e.g. `['capabilities', 2, 'id']`; empty for the whole card. */
export type IssuePath = (string | number)[];

/** One problem found in a card. */
export interface ValidationIssue {
  /** Where in the card, e.g. `['capabilities', 2, 'id']`; empty for the whole card. */
  path: IssuePath;
  /**
   * Stable rule id, e.g. `ietf-agentcard/4`, `a2a/invalid_type`, `nooterra/CAPABILITY_IDENTIFIER_URI_VERSION_INVALID`,
   * `input/too-deep`. Tools may match on it; the message is for people.
   */
  rule: string;
  /** What was wrong, naming the field and the rule. */
  message: string;
}

/** Renders a path the way a person reads it: `capabilities[2].id`. */
export function formatPath(path: readonly (string | number | symbol)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(card)' : out;
}

/** An issue whose message starts with the rendered path, the form every rule in this package reports. */
export function issueAt(path: IssuePath, rule: string, detail: string): ValidationIssue {
  return { path, rule, message: `${formatPath(path)}: ${detail}` };
}

/**
 * Turns zod issues into {@link ValidationIssue}s whose rule is `<rulePrefix>/<zod issue code>`.
 * Union failures are flattened to the branch that got furthest, so the message names a real field.
 */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[], rulePrefix: string): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = issue.errors.reduce((a, b) => (deepestPath(b) > deepestPath(a) ? b : a));
      for (const inner of fromZodIssues(best, rulePrefix)) {
        out.push({ ...inner, path: [...path, ...inner.path] });
      }
      continue;
    }
    out.push(issueAt(path, `${rulePrefix}/${issue.code}`, issue.message));
  }
  return out;
}

function deepestPath(issues: readonly z.core.$ZodIssue[]): number {
  let max = -1;
  for (const issue of issues) max = Math.max(max, issue.path.length);
  return max;
}
