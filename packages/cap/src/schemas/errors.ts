import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** One problem found in a value, with where it is. */
export interface CapValidationIssue {
  /** Dotted path of the offending field (`addItems.0.quantity`); empty for the value itself. */
  path: string;
  /** What was wrong. */
  message: string;
}

/** A skill input failed validation; nothing was sent. */
export class CapInputError extends AgentWebError {
  /** The skill whose input was refused. */
  readonly skillId: string;
  /** Every problem found. */
  readonly issues: CapValidationIssue[];

  constructor(options: { skillId: string; issues: CapValidationIssue[] }) {
    const first = options.issues[0];
    super({
      code: 'CAP_INVALID_INPUT',
      message: `Invalid ${options.skillId} input${first ? `: ${first.path ? `${first.path}: ` : ''}${first.message}` : ''}${
        options.issues.length > 1 ? ` (and ${options.issues.length - 1} more)` : ''
      }`,
    });
    this.name = 'CapInputError';
    this.skillId = options.skillId;
    this.issues = options.issues;
  }
}

/** True when `error` is a {@link CapInputError}. */
export const isCapInputError = createErrorGuard<CapInputError>('CapInputError');

/** A merchant's answer could not be read as the skill's output, even leniently. */
export class CapResponseError extends AgentWebError {
  /** The skill called. */
  readonly skillId: string;
  /** Every problem found. */
  readonly issues: CapValidationIssue[];
  /** The merchant that answered, when known. */
  readonly merchantId: string | undefined;

  constructor(options: {
    skillId: string;
    issues: CapValidationIssue[];
    merchantId?: string;
    cause?: unknown;
  }) {
    const first = options.issues[0];
    super({
      code: 'CAP_INVALID_RESPONSE',
      message: `Unreadable ${options.skillId} response${options.merchantId ? ` from ${options.merchantId}` : ''}${
        first ? `: ${first.path ? `${first.path}: ` : ''}${first.message}` : ''
      }`,
      cause: options.cause,
    });
    this.name = 'CapResponseError';
    this.skillId = options.skillId;
    this.issues = options.issues;
    this.merchantId = options.merchantId;
  }
}

/** True when `error` is a {@link CapResponseError}. */
export const isCapResponseError = createErrorGuard<CapResponseError>('CapResponseError');
