import { AgentWebError, createErrorGuard } from './agentweb-error.js';

/** Options of {@link InvalidOptionError}. */
export interface InvalidOptionErrorOptions {
  /** The function or constructor that refused the option, e.g. `createMerchantClient` or `new AgentWeb`. */
  callee: string;
  /** The option, dotted for a nested one (`cache.maxEntries`); `options` for the options argument itself. */
  option: string;
  /** What the option must be, in words: `a positive integer`, `an object with get, set and delete methods`. */
  expected: string;
  /** What was given, in words: `a string`, `the number -1`, `undefined` (never the value of a string). */
  received: string;
}

/**
 * A factory, constructor or entry point was given an option it cannot work with: a required one missing or one
 * of the wrong type or range. Thrown when it is called, so a mistake surfaces where it was made instead of as a
 * `TypeError` from deep inside a later call. `code` is always `INVALID_OPTION`.
 */
export class InvalidOptionError extends AgentWebError {
  /** The function or constructor that refused the option. */
  readonly callee: string;
  /** The option, dotted for a nested one. */
  readonly option: string;
  /** What the option must be. */
  readonly expected: string;
  /** What was given. */
  readonly received: string;

  constructor(options: InvalidOptionErrorOptions) {
    super({
      code: 'INVALID_OPTION',
      message:
        options.option === 'options'
          ? `${options.callee}: options must be ${options.expected}; got ${options.received}`
          : `${options.callee}: option "${options.option}" must be ${options.expected}; got ${options.received}`,
    });
    this.name = 'InvalidOptionError';
    this.callee = options.callee;
    this.option = options.option;
    this.expected = options.expected;
    this.received = options.received;
  }
}

/** True when `error` is an {@link InvalidOptionError} from any copy of the package. */
export const isInvalidOptionError = createErrorGuard<InvalidOptionError>('InvalidOptionError');
