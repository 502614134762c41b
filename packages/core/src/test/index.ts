/**
 * Test helpers for option checks, shared by every package's `test/options.test.js`. They import vitest, so they
 * live outside the published build (`tsconfig.build.json` leaves `src/test` out); tests import them as
 * `@agentweb/core/test`.
 */
import { expect } from 'vitest';

/**
 * What an {@link InvalidOptionError} thrown by `callee` for `option` matches with `toMatchObject`: its name, code,
 * callee, option, and a message that names the option.
 */
export function invalidOption(callee: string, option: string): Record<string, unknown> {
  return {
    name: 'InvalidOptionError',
    code: 'INVALID_OPTION',
    callee,
    option,
    message: expect.stringContaining(option === 'options' ? 'options must be' : `"${option}"`),
  };
}

/** Runs `call` (sync or async) and settles into a promise, so one `rejects` assertion covers a throw and a rejection. */
export function settle(call: () => unknown): Promise<unknown> {
  return Promise.resolve().then(call);
}
