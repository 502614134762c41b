/** What an endpoint handler answers: a result, or one of the endpoint's declared errors by name. */
export type AgisOutcome =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; error: string; message: string };

/** The business logic of one AGIS service, keyed by `METHOD path` as declared. */
export interface AgisServiceLogic {
  /** Runs the endpoint `key` (`BOOK /reservation`) with an input that already fits its schema. */
  invoke(key: string, input: Record<string, unknown>, now: Date): AgisOutcome;
}

/** Shorthand for a declared-error outcome. */
export function fail(error: string, message: string): AgisOutcome {
  return { ok: false, error, message };
}
