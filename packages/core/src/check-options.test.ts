import { describe, expect, it } from 'vitest';
import { isAgentWebError } from './agentweb-error.js';
import { checkOptions, describeValue, is, required } from './check-options.js';
import { type InvalidOptionError, isInvalidOptionError } from './invalid-option-error.js';
import { clampTimerMs, MAX_TIMER_MS } from './timer-ms.js';

function refusal(run: () => void): InvalidOptionError {
  try {
    run();
  } catch (error) {
    if (isInvalidOptionError(error)) return error;
    throw error;
  }
  throw new Error('expected an InvalidOptionError');
}

const rules = {
  store: required(is.methods('get', 'set', 'delete')),
  timeoutMs: is.positiveNumber,
  mode: is.oneOf('fast', 'safe'),
  cache: is.shape({ maxEntries: is.positiveInteger }),
  tags: is.arrayOf(is.string),
  signal: is.signal,
};
const store = { get() {}, set() {}, delete() {} };

describe('checkOptions', () => {
  it('accepts fitting options and leaves unknown ones alone', () => {
    expect(() =>
      checkOptions('make', { store, timeoutMs: 5, mode: 'safe', cache: {}, tags: ['a'], other: 1 }, rules),
    ).not.toThrow();
    expect(() => checkOptions('make', { store, signal: AbortSignal.timeout(1000) }, rules)).not.toThrow();
  });

  it('names the callee, the option, what was expected and what was given', () => {
    const error = refusal(() => checkOptions('createThing', { store: 'a-secret-token' }, rules));
    expect(error).toMatchObject({
      code: 'INVALID_OPTION',
      name: 'InvalidOptionError',
      callee: 'createThing',
      option: 'store',
      expected: 'an object with get, set and delete methods',
      received: 'a string',
    });
    expect(error.message).toBe(
      'createThing: option "store" must be an object with get, set and delete methods; got a string',
    );
    expect(error.message).not.toContain('secret');
    expect(isAgentWebError(error)).toBe(true);
  });

  it('refuses a missing required option, and options that are not an object', () => {
    expect(refusal(() => checkOptions('make', {}, rules))).toMatchObject({
      option: 'store',
      received: 'undefined',
    });
    expect(refusal(() => checkOptions('make', undefined, rules))).toMatchObject({ option: 'store' });
    expect(refusal(() => checkOptions('make', 'x', rules)).message).toBe(
      'make: options must be an options object; got a string',
    );
    expect(
      refusal(() => checkOptions('make', undefined, { a: is.string }, { optionsRequired: true })).option,
    ).toBe('options');
    expect(() => checkOptions('make', undefined, { a: is.string })).not.toThrow();
  });

  it('says which method is missing, which item is wrong and which nested field', () => {
    expect(refusal(() => checkOptions('make', { store: { get() {} } }, rules)).received).toBe(
      'an object without a set method',
    );
    expect(refusal(() => checkOptions('make', { store, tags: ['a', 3] }, rules))).toMatchObject({
      option: 'tags[1]',
      expected: 'a string',
      received: 'the number 3',
    });
    expect(refusal(() => checkOptions('make', { store, cache: { maxEntries: 0 } }, rules))).toMatchObject({
      option: 'cache.maxEntries',
      expected: 'a positive integer',
      received: 'the number 0',
    });
    expect(refusal(() => checkOptions('make', { store, mode: 'slow' }, rules))).toMatchObject({
      expected: "one of 'fast' or 'safe'",
      received: "'slow'",
    });
    expect(refusal(() => checkOptions('make', { store, signal: {} }, rules)).option).toBe('signal');
  });

  it('checks every item and field inside an alternative', () => {
    const listOrFlag = { allow: is.anyOf(is.boolean, is.arrayOf(is.string)) };
    expect(() => checkOptions('make', { allow: ['a', 'b'] }, listOrFlag)).not.toThrow();
    expect(refusal(() => checkOptions('make', { allow: ['a', 1] }, listOrFlag))).toMatchObject({
      option: 'allow',
      expected: 'a boolean or an array where every item is a string',
    });
    const retry = { retry: is.falseOr(is.shape({ limit: is.nonNegativeInteger })) };
    expect(() => checkOptions('make', { retry: false }, retry)).not.toThrow();
    expect(refusal(() => checkOptions('make', { retry: { limit: -1 } }, retry)).option).toBe('retry.limit');
    expect(refusal(() => checkOptions('make', { retry: true }, retry)).expected).toBe('false or an object');
  });

  it('describes values without echoing strings', () => {
    expect(describeValue(null)).toBe('null');
    expect(describeValue('')).toBe('an empty string');
    expect(describeValue(Number.NaN)).toBe('the number NaN');
    expect(describeValue([])).toBe('an empty array');
    expect(describeValue(new Map())).toBe('a Map');
    expect(describeValue(Object.create(null))).toBe('an object');
    expect(describeValue(() => 1)).toBe('a function');
  });
});

describe('timer rules', () => {
  it('is.timerMs takes a positive number of ms that setTimeout honours, and nothing longer', () => {
    const rules = { timeoutMs: is.timerMs };
    for (const timeoutMs of [1, 0.5, 10_000, MAX_TIMER_MS])
      expect(() => checkOptions('make', { timeoutMs }, rules), String(timeoutMs)).not.toThrow();
    // Past 2^31-1 ms Node fires the timer after 1 ms: a 3e9 ms stream deadline would end every stream at once.
    for (const timeoutMs of [0, -1, MAX_TIMER_MS + 1, 3e9, Number.POSITIVE_INFINITY, Number.NaN, '1000'])
      expect(refusal(() => checkOptions('make', { timeoutMs }, rules))).toMatchObject({
        option: 'timeoutMs',
        expected: 'a positive number of milliseconds up to 2147483647',
      });
  });

  it('is.delayMs also takes 0', () => {
    const rules = { delayMs: is.delayMs };
    for (const delayMs of [0, 250, MAX_TIMER_MS])
      expect(() => checkOptions('make', { delayMs }, rules)).not.toThrow();
    for (const delayMs of [-1, MAX_TIMER_MS + 1, 3e9])
      expect(refusal(() => checkOptions('make', { delayMs }, rules))).toMatchObject({
        option: 'delayMs',
        expected: 'a number of milliseconds from 0 to 2147483647',
      });
  });

  it('MAX_TIMER_MS is the longest delay setTimeout honours', () => {
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
    expect(clampTimerMs(3e9)).toBe(MAX_TIMER_MS);
    expect(clampTimerMs(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
    expect(clampTimerMs(250)).toBe(250);
    expect(clampTimerMs(-5)).toBe(0);
    expect(clampTimerMs(Number.NaN)).toBe(0);
  });
});

describe('is.arrayOf', () => {
  it('refuses a sparse array, naming the first hole (forEach would skip it)', () => {
    const hole = refusal(() =>
      // biome-ignore lint/suspicious/noSparseArray: the hole is the point
      checkOptions('make', { tags: ['a', , 'c'] }, { tags: is.arrayOf(is.string) }),
    );
    expect(hole).toMatchObject({
      option: 'tags[1]',
      expected: 'a string',
      received: 'a hole (sparse array)',
    });
    const trailing = new Array(3);
    trailing[0] = 'a';
    expect(
      refusal(() => checkOptions('make', { tags: trailing }, { tags: is.arrayOf(is.string) })),
    ).toMatchObject({ option: 'tags[1]' });
    // Inside anyOf (checked without errors) a hole does not fit either.
    const either = { tags: is.anyOf(is.boolean, is.arrayOf(is.string)) };
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    expect(() => checkOptions('make', { tags: ['a', , 'c'] }, either)).toThrow(/"tags"/);
    expect(() => checkOptions('make', { tags: ['a', 'c'] }, either)).not.toThrow();
  });
});
