import type { AgentProfile } from './agent-profile.js';
import type { ValidationIssue } from './validation-issue.js';

/** Options every format checker receives from `parseAgentCard`. */
export interface FormatCheckOptions {
  /**
   * When false, MUSTs outside a format's core rule set (for IETF: section 2 rules not in section 5) become
   * warnings instead of errors.
   */
  strict: boolean;
}

/**
 * What a format checker returns. `card` is the typed card (unknown fields kept); it is trustworthy only when
 * `errors` is empty.
 */
export interface FormatCheck<TCard> {
  /** Format version the card was read as. */
  version: string;
  card: TCard;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

/** The contract each format module (a2a, ietf, nooterra) implements for `parseAgentCard`. */
export interface CardFormatModule<TCard> {
  check(input: Record<string, unknown>, options: FormatCheckOptions): FormatCheck<TCard>;
  toProfile(card: TCard, version: string): AgentProfile;
}
