import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A match() call was aborted through its signal. */
export class MatchAbortedError extends AgentWebError {
  constructor() {
    super({ code: 'AGIS_MATCH_ABORTED', message: 'intent matching was aborted by its signal' });
    this.name = 'MatchAbortedError';
  }
}

/** Cross-realm guard for {@link MatchAbortedError}. */
export const isMatchAbortedError = createErrorGuard<MatchAbortedError>('MatchAbortedError');

/** Why an instruction was refused before matching. */
export type IntentInputProblem = 'too-long' | 'not-text';

/**
 * An instruction the matcher will not read: longer than `maxInstructionLength` (`AGIS_INPUT_TOO_LONG`), or not
 * a string (`AGIS_INPUT_INVALID`).
 */
export class IntentInputError extends AgentWebError {
  /** What was wrong. */
  readonly problem: IntentInputProblem;
  /** The instruction's length in UTF-16 code units (0 when it is not a string). */
  readonly length: number;
  /** The longest instruction accepted. */
  readonly limit: number;

  constructor(options: { problem: IntentInputProblem; length: number; limit: number }) {
    super({
      code: options.problem === 'too-long' ? 'AGIS_INPUT_TOO_LONG' : 'AGIS_INPUT_INVALID',
      message:
        options.problem === 'too-long'
          ? `the instruction is ${options.length} characters long, above the maxInstructionLength limit of ${options.limit}`
          : 'the instruction must be a string',
    });
    this.name = 'IntentInputError';
    this.problem = options.problem;
    this.length = options.length;
    this.limit = options.limit;
  }
}

/** Cross-realm guard for {@link IntentInputError}. */
export const isIntentInputError = createErrorGuard<IntentInputError>('IntentInputError');

/**
 * Longest instruction the matcher reads by default, in UTF-16 code units. Requests people type or say run
 * to a few hundred characters; the cap keeps one call's cost bounded (matching is linear below it).
 */
export const DEFAULT_MAX_INSTRUCTION_LENGTH = 2000;

/** Throws {@link IntentInputError} unless `instruction` is a string of at most `limit` code units. */
export function checkInstruction(instruction: unknown, limit: number): asserts instruction is string {
  if (typeof instruction !== 'string') throw new IntentInputError({ problem: 'not-text', length: 0, limit });
  if (instruction.length > limit)
    throw new IntentInputError({ problem: 'too-long', length: instruction.length, limit });
}
