import { AgentWebError, createErrorGuard } from '@agentweb/core';
import { formatPath, type ValidationIssue } from './validation-issue.js';

/** Thrown by `parseAgentCard` when a card breaks one or more rules. Lists every problem, not just the first. */
export class CardValidationError extends AgentWebError {
  /** Every problem found, in card order. */
  readonly issues: ValidationIssue[];
  /** The format the card was read as, when it could be told. */
  readonly format: string | undefined;

  constructor({ issues, format, cause }: { issues: ValidationIssue[]; format?: string; cause?: unknown }) {
    const head = issues
      .slice(0, 3)
      .map((i) => `${i.rule} at ${formatPath(i.path)}: ${stripPathPrefix(i)}`)
      .join('; ');
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    super({
      code: 'CARD_VALIDATION_FAILED',
      message: `Invalid ${format ?? 'agent'} card: ${head}${more}`,
      cause,
    });
    this.name = 'CardValidationError';
    this.issues = issues;
    this.format = format;
  }
}

function stripPathPrefix(issue: ValidationIssue): string {
  const prefix = `${formatPath(issue.path)}: `;
  return issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
}

/** True when `error` is a {@link CardValidationError} from any copy of AgentWeb. */
export const isCardValidationError = createErrorGuard<CardValidationError>('CardValidationError');

/** An error's message for an issue text; never throws, even for a thrown value whose `toString` does. */
export function describeError(cause: unknown): string {
  try {
    return cause instanceof Error ? cause.message : String(cause);
  } catch {
    return 'unknown error';
  }
}
