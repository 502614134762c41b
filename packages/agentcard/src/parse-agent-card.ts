import type { A2AAgentCard } from './a2a/a2a-card-schema.js';
import { a2aCardFormat } from './a2a/check-a2a-card.js';
import type { AgentProfile, CardFormat } from './agent-profile.js';
import { detectCardFormat } from './detect-card-format.js';
import { CardValidationError, describeError } from './errors.js';
import type { CardFormatModule } from './format-check.js';
import { ietfCardFormat } from './ietf/check-ietf-card.js';
import type { IetfAgentCard } from './ietf/ietf-card-schema.js';
import { describeValue } from './json-value.js';
import { nooterraCardFormat } from './nooterra/check-nooterra-card.js';
import type { NooterraAgentCard } from './nooterra/nooterra-card-schema.js';
import {
  type CardInputLimits,
  DEFAULT_CARD_INPUT_LIMITS,
  readCardInput,
  rejectCard,
} from './read-card-input.js';
import type { ValidationIssue } from './validation-issue.js';

/** Options of {@link parseAgentCard} and {@link safeParseAgentCard}. */
export interface ParseAgentCardOptions {
  /** Which format to read the card as. `'auto'` (the default) tells it from the card's fields. */
  format?: 'auto' | CardFormat;
  /**
   * Default true. When false, MUSTs outside a format's core rule set become warnings: for IETF cards the
   * section 2 rules not listed in section 5 (name length, `auth.scheme`, url scheme vs protocol, goal priority),
   * so section 5 is the only gate.
   */
  strict?: boolean;
  /** Largest input accepted, in characters (JSON text, or all strings of an object together). Default 1 MiB. */
  maxBytes?: number;
  /** Deepest nesting accepted. Default 64. */
  maxDepth?: number;
  /** Most JSON values accepted in one card. Default 100,000. */
  maxNodes?: number;
}

/** The typed card for each format. */
export interface CardByFormat {
  a2a: A2AAgentCard;
  ietf: IetfAgentCard;
  nooterra: NooterraAgentCard;
}

/** A successfully parsed card. Narrow `card` by checking `format`. */
export type ParsedAgentCard = {
  [F in CardFormat]: {
    /** The format the card was read as. */
    format: F;
    /** The format version: A2A `0.2` | `0.3` | `1.0` | `hybrid`, `draft-aevum-agentcard-00`, `AgentCard.v1`. */
    version: string;
    /**
     * The card as given, typed, unknown fields kept. An A2A 1.0/hybrid card whose `securitySchemes` were in the
     * `@a2a-js/sdk` internal oneof form is a copy rewritten to ProtoJSON (warning `a2a/sdk-oneof-form`).
     */
    card: CardByFormat[F];
    /** The normalized view every AgentWeb package uses. */
    profile: AgentProfile;
    /** Problems that do not make the card unusable. */
    warnings: ValidationIssue[];
  };
}[CardFormat];

/** Result of {@link safeParseAgentCard}. */
export type SafeParseAgentCardResult =
  | ({ ok: true } & ParsedAgentCard)
  | {
      ok: false;
      /** Every problem found. */
      issues: ValidationIssue[];
      /** The format the card was read as, when it could be told. */
      format?: CardFormat;
    };

const FORMAT_MODULES: { [F in CardFormat]: CardFormatModule<CardByFormat[F]> } = {
  a2a: a2aCardFormat,
  ietf: ietfCardFormat,
  nooterra: nooterraCardFormat,
};

/**
 * Reads an agent card in any supported format (A2A 0.2/0.3/1.0/hybrid, IETF AgentCard, Nooterra AgentCard.v1),
 * validates it and returns its normalized {@link AgentProfile}.
 *
 * @param input A card object, its JSON text, or a card embedded as a JSON string.
 * @throws {CardValidationError} listing every problem, when the card is invalid. Never any other error.
 */
export function parseAgentCard(input: unknown, options?: ParseAgentCardOptions): ParsedAgentCard {
  const result = safeParseAgentCard(input, options);
  if (result.ok) {
    const { ok: _ok, ...parsed } = result;
    return parsed as ParsedAgentCard;
  }
  throw new CardValidationError({ issues: result.issues, format: result.format });
}

/** Like {@link parseAgentCard}, but returns `{ ok: false, issues }` instead of throwing. */
export function safeParseAgentCard(
  input: unknown,
  options?: ParseAgentCardOptions,
): SafeParseAgentCardResult {
  // JavaScript callers may pass null; it means the defaults, like undefined.
  const opts: ParseAgentCardOptions = options ?? {};
  const limits: CardInputLimits = {
    maxBytes: limitOrDefault(opts.maxBytes, DEFAULT_CARD_INPUT_LIMITS.maxBytes),
    maxDepth: limitOrDefault(opts.maxDepth, DEFAULT_CARD_INPUT_LIMITS.maxDepth),
    maxNodes: limitOrDefault(opts.maxNodes, DEFAULT_CARD_INPUT_LIMITS.maxNodes),
  };
  let read: ReturnType<typeof readCardInput>;
  try {
    read = readCardInput(input, limits);
  } catch (error) {
    // Only objects built by code get here (throwing getters, proxies); JSON text and plain data never throw.
    return rejectCard('input/unreadable', `the card could not be read: ${describeError(error)}`);
  }
  if (!read.ok) return { ok: false, issues: read.issues };

  const requested = opts.format ?? 'auto';
  const format = requested === 'auto' ? detectCardFormat(read.value) : requested;
  if (format === undefined) {
    return rejectCard(
      'input/unknown-format',
      'not an A2A card (no skills, url or supportedInterfaces), an IETF AgentCard (no agent_id or endpoint) or a Nooterra AgentCard.v1 (no schemaVersion)',
    );
  }
  // Own keys only: `'toString' in FORMAT_MODULES` is true through the prototype.
  if (typeof format !== 'string' || !Object.hasOwn(FORMAT_MODULES, format)) {
    return rejectCard('input/unknown-format', `unsupported format ${describeValue(format)}`);
  }
  return checkWith(format, read.value, opts.strict !== false, read.warnings);
}

/** A caller's limit, or the default when it is not a number at all (NaN would otherwise disable the check). */
function limitOrDefault(value: unknown, fallback: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? value : fallback;
}

function checkWith<F extends CardFormat>(
  format: F,
  value: Record<string, unknown>,
  strict: boolean,
  inputWarnings: ValidationIssue[],
): SafeParseAgentCardResult {
  const module = FORMAT_MODULES[format] as CardFormatModule<CardByFormat[F]>;
  let checked: ReturnType<typeof module.check>;
  let profile: AgentProfile;
  try {
    checked = module.check(value, { strict });
    if (checked.errors.length > 0) return { ok: false, issues: checked.errors, format };
    profile = module.toProfile(checked.card, checked.version);
  } catch (error) {
    // A checker bug must still surface as a card error naming the cause, never as a crash of the caller.
    return {
      ...rejectCard('internal/checker-failed', `the ${format} checker failed: ${describeError(error)}`),
      format,
    };
  }
  return {
    ok: true,
    format,
    version: checked.version,
    card: checked.card,
    profile,
    warnings: [...inputWarnings, ...checked.warnings],
  } as SafeParseAgentCardResult;
}
