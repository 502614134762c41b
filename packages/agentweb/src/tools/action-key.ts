import { canonicalizeJson } from '@agentweb/a2a';

/**
 * The canonical JSON (RFC 8785) of an action's input, which is what a confirmation approves; `undefined` when the
 * input cannot be sent as JSON at all (a non-finite number such as `1e999`, or nesting too deep to walk), so the
 * caller refuses it as invalid input instead of failing with a bare TypeError or RangeError.
 */
export function actionKey(input: unknown): string | undefined {
  try {
    return canonicalizeJson(input);
  } catch {
    return undefined;
  }
}
