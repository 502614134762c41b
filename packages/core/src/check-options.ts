import { InvalidOptionError } from './invalid-option-error.js';
import { MAX_TIMER_MS } from './timer-ms.js';

/** What one option must be. Build rules with {@link is} and {@link required}. */
export interface OptionRule {
  /** The expectation in words, as the error message states it: `a positive integer`. */
  readonly expected: string;
  /** True when the option must be given. */
  readonly required: boolean;
  /** True when a given (not `undefined`) value fits. */
  readonly test: (value: unknown) => boolean;
  /** Says what was given instead, when the default ({@link describeValue}) is not precise enough. */
  readonly describe?: (value: unknown) => string;
  /** Rules for the fields of an object-valued option, checked once `test` passed. */
  readonly fields?: OptionRules;
  /** The rule every item of an array-valued option follows, checked once `test` passed. */
  readonly items?: OptionRule;
}

/** Rules by option name. */
export type OptionRules = Readonly<Record<string, OptionRule>>;

/** Describes a value for an error message without echoing strings, which may be secrets put in the wrong place. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return value === '' ? 'an empty string' : 'a string';
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return `the boolean ${value}`;
    case 'bigint':
      return 'a bigint';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      break;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor
    ?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? `a ${name}` : 'an object';
}

function rule(
  expected: string,
  test: (value: unknown) => boolean,
  extra: Partial<OptionRule> = {},
): OptionRule {
  return { expected, required: false, test, ...extra };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listText(items: readonly string[], joiner: 'and' | 'or'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1)}`;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Option rules. Each accepts `undefined` (the option is optional) unless wrapped in {@link required}; a given value
 * of the wrong type or range is refused.
 */
export const is = {
  string: rule('a string', (v) => typeof v === 'string'),
  nonEmptyString: rule('a non-empty string', (v) => typeof v === 'string' && v.trim() !== ''),
  boolean: rule('a boolean', (v) => typeof v === 'boolean'),
  function: rule('a function', (v) => typeof v === 'function'),
  number: rule('a finite number', finite),
  positiveNumber: rule('a positive number', (v) => finite(v) && v > 0),
  nonNegativeNumber: rule('a number >= 0', (v) => finite(v) && v >= 0),
  positiveInteger: rule('a positive integer', (v) => Number.isInteger(v) && (v as number) > 0),
  nonNegativeInteger: rule('an integer >= 0', (v) => Number.isInteger(v) && (v as number) >= 0),
  /**
   * A timeout or deadline: a positive number of ms up to {@link MAX_TIMER_MS}, the longest `setTimeout` honours
   * (Node fires a longer timer after 1 ms, which would end every call at once).
   */
  timerMs: rule(
    `a positive number of milliseconds up to ${MAX_TIMER_MS}`,
    (v) => finite(v) && v > 0 && v <= MAX_TIMER_MS,
  ),
  /** A delay or wait that may be 0: a number of ms from 0 to {@link MAX_TIMER_MS}. */
  delayMs: rule(
    `a number of milliseconds from 0 to ${MAX_TIMER_MS}`,
    (v) => finite(v) && v >= 0 && v <= MAX_TIMER_MS,
  ),
  object: rule('an object', isObject),
  array: rule('an array', Array.isArray),
  /** A list to iterate (an array, a `Set`, a generator, ...); a string is refused, since it iterates characters. */
  iterable: rule(
    'an iterable such as an array (not a string)',
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function',
  ),
  /** An `AbortSignal`, from any realm (checked by shape, since `instanceof` fails across realms). */
  signal: rule(
    'an AbortSignal',
    (v) =>
      isObject(v) &&
      typeof v['aborted'] === 'boolean' &&
      typeof v['addEventListener'] === 'function' &&
      typeof v['removeEventListener'] === 'function',
  ),
  /** A string or a `URL` (for options that also take a bare domain or a relative reference). */
  urlLike: rule('a string or a URL', (v) => typeof v === 'string' || v instanceof URL),
  /** An absolute URL, as a string or a `URL`. */
  url: rule(
    'an absolute URL (string or URL)',
    (v) => v instanceof URL || (typeof v === 'string' && URL.canParse(v)),
  ),
  /** One of the given values. */
  oneOf(...values: readonly (string | number | boolean)[]): OptionRule {
    return rule(
      `one of ${listText(
        values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))),
        'or',
      )}`,
      (v) => values.includes(v as string | number | boolean),
      { describe: (v) => (typeof v === 'string' ? `'${v.slice(0, 40)}'` : describeValue(v)) },
    );
  },
  /** An object (or function) with these methods. */
  methods(...names: readonly string[]): OptionRule {
    const missing = (v: unknown) =>
      names.find((name) => typeof (v as Record<string, unknown>)[name] !== 'function');
    return rule(
      `an object with ${listText(names, 'and')} method${names.length > 1 ? 's' : ''}`,
      (v) => (isObject(v) || typeof v === 'function') && missing(v) === undefined,
      {
        describe: (v) =>
          isObject(v) || typeof v === 'function'
            ? `${describeValue(v)} without a ${missing(v)} method`
            : describeValue(v),
      },
    );
  },
  /** Any one of the rules (with its fields and items). */
  anyOf(...rules: readonly OptionRule[]): OptionRule {
    return rule(
      listText(
        rules.map((r) => r.expected),
        'or',
      ),
      (v) => rules.some((r) => fits(r, v)),
    );
  },
  /** `false` (to turn a feature off) or what `optionRule` accepts; its fields and items are still checked. */
  falseOr(optionRule: OptionRule): OptionRule {
    return {
      ...optionRule,
      expected: `false or ${optionRule.expected}`,
      test: (v) => v === false || optionRule.test(v),
    };
  },
  /**
   * An array whose every item fits `item` (a wrong item is reported by index, e.g. `tags[2]`). A sparse array is
   * refused at its first hole: `forEach` and `map` skip holes, so code reading it would miss an item it counted.
   */
  arrayOf(item: OptionRule): OptionRule {
    return rule(`an array where every item is ${item.expected}`, Array.isArray, { items: item });
  },
  /** An object whose fields follow `fields` (reported with dotted names, e.g. `cache.maxEntries`). */
  shape(fields: OptionRules, expected = 'an object'): OptionRule {
    return rule(expected, isObject, { fields });
  },
  /** A rule of your own. */
  custom(expected: string, test: (value: unknown) => boolean): OptionRule {
    return rule(expected, test);
  },
} as const;

/** True when `value` fits `optionRule` with everything nested in it (no error: for alternatives). */
function fits(optionRule: OptionRule, value: unknown): boolean {
  if (value === undefined) return !optionRule.required;
  if (!optionRule.test(value)) return false;
  const { fields, items } = optionRule;
  if (fields && isObject(value) && !Object.entries(fields).every(([name, r]) => fits(r, value[name])))
    return false;
  if (items && Array.isArray(value)) {
    const item = required(items);
    for (let index = 0; index < value.length; index += 1)
      if (!(index in value) || !fits(item, value[index])) return false;
  }
  return true;
}

/** The same rule, for an option that must be given. */
export function required(optionRule: OptionRule): OptionRule {
  return { ...optionRule, required: true };
}

function checkValue(callee: string, option: string, value: unknown, optionRule: OptionRule): void {
  if (value === undefined) {
    if (optionRule.required)
      throw new InvalidOptionError({ callee, option, expected: optionRule.expected, received: 'undefined' });
    return;
  }
  if (!optionRule.test(value)) {
    const received = optionRule.describe?.(value) ?? describeValue(value);
    throw new InvalidOptionError({ callee, option, expected: optionRule.expected, received });
  }
  // A rule that also takes a non-object (`false`, a function) has nothing nested to check for it.
  if (optionRule.fields && isObject(value)) checkFields(callee, value, optionRule.fields, `${option}.`);
  if (optionRule.items && Array.isArray(value)) {
    const item = required(optionRule.items);
    // An index loop, not forEach, which skips holes: a hole is refused like any item that does not fit.
    for (let index = 0; index < value.length; index += 1) {
      if (!(index in value)) {
        throw new InvalidOptionError({
          callee,
          option: `${option}[${index}]`,
          expected: item.expected,
          received: 'a hole (sparse array)',
        });
      }
      checkValue(callee, `${option}[${index}]`, value[index], item);
    }
  }
}

function checkFields(
  callee: string,
  value: Record<string, unknown>,
  rules: OptionRules,
  prefix: string,
): void {
  for (const [name, optionRule] of Object.entries(rules))
    checkValue(callee, `${prefix}${name}`, value[name], optionRule);
}

/**
 * Checks a factory's options when it is called and throws an {@link InvalidOptionError} naming the first option
 * that does not fit (`callee: option "x" must be ...; got ...`). `options` itself may be `undefined` unless
 * `optionsRequired` is set; anything else that is not an object is refused. Options without a rule are not
 * looked at.
 */
export function checkOptions(
  callee: string,
  options: unknown,
  rules: OptionRules,
  settings: { optionsRequired?: boolean } = {},
): void {
  if (options === undefined && !settings.optionsRequired) {
    checkFields(callee, {}, rules, '');
    return;
  }
  if (!isObject(options)) {
    throw new InvalidOptionError({
      callee,
      option: 'options',
      expected: 'an options object',
      received: describeValue(options),
    });
  }
  checkFields(callee, options, rules, '');
}
