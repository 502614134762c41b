import { AgentWebError, createErrorGuard } from '@agentweb/core';
import { findPii, type PiiKind, type PiiMatch } from './find-pii.js';

/** Options of {@link PiiRefusedError}. */
export interface PiiRefusedErrorOptions {
  /** The request field that held the personal data, e.g. `query` or `filter`. */
  field: string;
  /** What was found, as offsets into that field's text. */
  matches: PiiMatch[];
}

const LABELS: Record<PiiKind, string> = {
  email: 'an email address',
  phone: 'a phone number',
  card: 'a card number',
};

/**
 * A request refused before it was sent because `query` or `filter` held personal data, which CAP says must
 * never go to a merchant there. The message names kinds and offsets only, never the data itself.
 */
export class PiiRefusedError extends AgentWebError {
  /** The request field that held the personal data. */
  readonly field: string;
  /** What was found, as offsets into the field's text. */
  readonly matches: PiiMatch[];

  constructor(options: PiiRefusedErrorOptions) {
    const described = options.matches.map((m) => `${LABELS[m.kind]} at ${m.start}-${m.end}`).join(', ');
    super({
      code: 'CAP_PII_REFUSED',
      message: `Refusing to send personal data in \`${options.field}\` to a merchant: ${described}. Remove it, or override the PII guard explicitly if it is not personal data.`,
    });
    this.name = 'PiiRefusedError';
    this.field = options.field;
    this.matches = options.matches;
  }
}

export const isPiiRefusedError = createErrorGuard<PiiRefusedError>('PiiRefusedError');

/** Options of {@link assertNoPii}. */
export interface AssertNoPiiOptions {
  /** The request field the text belongs to, named in the error. */
  field: string;
  /** Skips the check: the caller vouches that the text holds no personal data. */
  allowPii?: boolean;
}

/** Throws {@link PiiRefusedError} when `text` holds an email, phone or card number, unless `allowPii`. */
export function assertNoPii(text: string | undefined, options: AssertNoPiiOptions): void {
  if (options.allowPii || text === undefined || text === '') return;
  const matches = findPii(text);
  if (matches.length > 0) throw new PiiRefusedError({ field: options.field, matches });
}
