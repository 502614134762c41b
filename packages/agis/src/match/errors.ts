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
