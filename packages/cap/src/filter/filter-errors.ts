import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** Options of {@link FilterSyntaxError}. */
export interface FilterSyntaxErrorOptions {
  /** Offset in the filter text (UTF-16 code units, 0-based) where parsing failed. */
  position: number;
  /** What the parser would have accepted there, e.g. `['a value']`. */
  expected: string[];
  /** What it found instead (a short, quoted excerpt or `end of input`). */
  found: string;
  /** Extra explanation, e.g. why a construct is not supported. */
  detail?: string;
}

/** A filter string that does not follow the CAP filter grammar. */
export class FilterSyntaxError extends AgentWebError {
  /** Offset (0-based) where parsing failed. */
  readonly position: number;
  /** What would have been accepted at `position`. */
  readonly expected: string[];
  /** What was found at `position`. */
  readonly found: string;

  constructor(options: FilterSyntaxErrorOptions) {
    const detail = options.detail ? ` (${options.detail})` : '';
    super({
      code: 'CAP_FILTER_SYNTAX',
      message: `Filter syntax error at position ${options.position}: expected ${options.expected.join(' or ')}, found ${options.found}${detail}`,
    });
    this.name = 'FilterSyntaxError';
    this.position = options.position;
    this.expected = options.expected;
    this.found = options.found;
  }
}

/** A filter AST (usually one built by hand) that cannot be written as filter text. */
export class FilterBuildError extends AgentWebError {
  constructor(message: string) {
    super({ code: 'CAP_FILTER_INVALID', message });
    this.name = 'FilterBuildError';
  }
}

export const isFilterSyntaxError = createErrorGuard<FilterSyntaxError>('FilterSyntaxError');
export const isFilterBuildError = createErrorGuard<FilterBuildError>('FilterBuildError');
