import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** The command line cannot be run as given: unknown command or flag, missing or malformed argument. */
export class CliUsageError extends AgentWebError {
  /** The command whose usage should be shown (`''` for the top level). */
  readonly command: string;
  constructor(message: string, command = '') {
    super({ code: 'CLI_USAGE', message });
    this.name = 'CliUsageError';
    this.command = command;
  }
}
/** True for a {@link CliUsageError}, across package copies. */
export const isCliUsageError = createErrorGuard<CliUsageError>('CliUsageError');

/** Why a CLI operation did not succeed though it was run correctly. */
export type CliFailureCode =
  | 'CLI_FILE_UNREADABLE'
  | 'CLI_FILE_TOO_LARGE'
  | 'CLI_FILE_UNWRITABLE'
  | 'CLI_CONFIRMATION_REQUIRED'
  | 'CLI_CONFIRMATION_DECLINED'
  | 'CLI_INTENT_ABSTAINED';

/** An operation the CLI refused or could not complete (a file it cannot read, an unconfirmed call). */
export class CliOperationError extends AgentWebError {
  constructor(code: CliFailureCode, message: string, cause?: unknown) {
    super({ code, message, ...(cause === undefined ? {} : { cause }) });
    this.name = 'CliOperationError';
  }
}
/** True for a {@link CliOperationError}, across package copies. */
export const isCliOperationError = createErrorGuard<CliOperationError>('CliOperationError');
