import { type IssuePath, issueAt, type ValidationIssue } from './validation-issue.js';

/**
 * Gathers a check's problems so one run reports all of them. Every message is prefixed with the rendered
 * path, so call sites pass only what is wrong.
 */
export class IssueCollector {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];

  constructor(private readonly strict: boolean) {}

  error(path: IssuePath, rule: string, detail: string): void {
    this.errors.push(issueAt(path, rule, detail));
  }

  warn(path: IssuePath, rule: string, detail: string): void {
    this.warnings.push(issueAt(path, rule, detail));
  }

  /** For rules a format treats as advisory in lenient mode: an error when `strict`, a warning otherwise. */
  errorWhenStrict(path: IssuePath, rule: string, detail: string): void {
    (this.strict ? this.errors : this.warnings).push(issueAt(path, rule, detail));
  }
}
