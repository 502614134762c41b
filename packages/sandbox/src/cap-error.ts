/** The CAP error payload carried in a failed task's status message. */
export interface CapErrorPayload {
  /** Upper-case `CAP_*` code. */
  capErrorCode: string;
  /** Human-readable text. */
  description: string;
  /** Code-specific details. */
  details?: Record<string, unknown>;
}

/** What a skill handler returns: the output object or a CAP error. */
export type SkillResult =
  | { ok: true; output: Record<string, unknown> }
  | { ok: false; error: CapErrorPayload };

/** Shorthand for a failing {@link SkillResult}. */
export function capError(
  capErrorCode: string,
  description: string,
  details?: Record<string, unknown>,
): SkillResult {
  return {
    ok: false,
    error: details === undefined ? { capErrorCode, description } : { capErrorCode, description, details },
  };
}

/** The five CAP skill ids. */
export const CAP_SKILLS = [
  'cap:product_search',
  'cap:product_get',
  'cap:cart_manage',
  'cap:order_status',
  'cap:user_preferences_set',
] as const;

/** One of {@link CAP_SKILLS}. */
export type CapSkillId = (typeof CAP_SKILLS)[number];

/** Skills callable without credentials (`auth:public`). */
export const PUBLIC_SKILLS: ReadonlySet<string> = new Set([
  'cap:product_search',
  'cap:product_get',
  'cap:user_preferences_set',
]);

/** Skills that accept a text/plain invocation. */
export const TEXT_SKILLS: ReadonlySet<string> = new Set(['cap:product_search']);
