import { describe, expect, it } from 'vitest';
import { BENCH_NOW, loadServices } from '../bench/intents-eval.js';
import {
  createIntentMatcher,
  DEFAULT_MAX_INSTRUCTION_LENGTH,
  extractParams,
  isIntentInputError,
  type MatcherService,
} from '../src/index.js';

const services: MatcherService[] = loadServices().map((s) => s.doc);

describe('intent matcher input limits', () => {
  const matcher = createIntentMatcher({ services, now: BENCH_NOW });

  it('refuses an instruction over maxInstructionLength with AGIS_INPUT_TOO_LONG before doing any work', async () => {
    const long = 'midnight '.repeat(100_000);
    const error = await matcher.match(long).catch((e: unknown) => e);
    expect(isIntentInputError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'AGIS_INPUT_TOO_LONG',
      length: long.length,
      limit: DEFAULT_MAX_INSTRUCTION_LENGTH,
    });
    await expect(matcher.rankForCalibration(long)).rejects.toMatchObject({ code: 'AGIS_INPUT_TOO_LONG' });
    const endpoint = services[0]!.endpoints[0]!;
    expect(() => extractParams(long, endpoint, BENCH_NOW)).toThrow(/maxInstructionLength/);
  });

  it('matches an instruction at the limit, and the limit is an option', async () => {
    const padded =
      `Book a table for 2 at Luigi's tonight at 8. ${'and the terrace please '.repeat(200)}`.slice(
        0,
        DEFAULT_MAX_INSTRUCTION_LENGTH,
      );
    expect((await matcher.match(padded)).candidates[0]?.method).toBe('BOOK');
    const strict = createIntentMatcher({ services, now: BENCH_NOW, maxInstructionLength: 20 });
    await expect(strict.match('book a table for two tonight')).rejects.toMatchObject({
      code: 'AGIS_INPUT_TOO_LONG',
      limit: 20,
    });
  });

  it('refuses a value that is not text with AGIS_INPUT_INVALID', async () => {
    for (const value of [undefined, null, 42, { text: 'book' }]) {
      await expect(matcher.match(value as unknown as string)).rejects.toMatchObject({
        code: 'AGIS_INPUT_INVALID',
      });
    }
  });
});
