import { readFileSync } from 'node:fs';
import { isAgisParseError } from '../../src/index.js';

/** The text of a file in packages/agis/test/fixtures. */
export const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

/** The AgisParseError that `fn` throws; anything else it throws is rethrown, and not throwing fails. */
export function parseError(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isAgisParseError(error)) return error;
    throw error;
  }
  throw new Error('expected an AgisParseError');
}
