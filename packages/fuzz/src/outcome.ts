import { isAgentWebError } from '@agentweb/core';

/** How one call on a generated input ended. */
export type OutcomeKind = 'ok' | 'typed' | 'untyped';

/** One call's ending; `untyped` (a TypeError, RangeError, SyntaxError... escaping) is a defect. */
export interface Outcome {
  kind: OutcomeKind;
  /** The error's name and code, for a throw. */
  error?: { name: string; code?: string; message: string };
}

/** Classifies a thrown value: an `AgentWebError` (any copy, any realm) is typed, anything else is not. */
export function classifyError(error: unknown): Outcome {
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  if (isAgentWebError(error))
    return { kind: 'typed', error: { name, code: error.code, message: message.slice(0, 500) } };
  return { kind: 'untyped', error: { name, message: message.slice(0, 500) } };
}

/** Runs `fn` and reports how it ended (awaiting a promise it returns). */
export async function outcomeOf(fn: () => unknown): Promise<Outcome> {
  try {
    const value = fn();
    if (value instanceof Promise) await value;
    return { kind: 'ok' };
  } catch (error) {
    return classifyError(error);
  }
}
