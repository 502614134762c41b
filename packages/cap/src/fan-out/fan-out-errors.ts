import { AgentWebError, createErrorGuard } from '@agentweb/core';

/**
 * A merchant's search was cut off by the fan-out's deadline (`CAP_FAN_OUT_DEADLINE`, outcome `timeout`) or by
 * the caller's signal (`CAP_FAN_OUT_ABORTED`); `cause` is what the interrupted call threw.
 */
export class FanOutInterruptedError extends AgentWebError {
  /** The merchant whose search was cut off. */
  readonly merchantId: string;
  /** `deadline` (the fan-out's `deadlineMs` passed) or `aborted` (the caller's signal). */
  readonly reason: 'deadline' | 'aborted';

  constructor(options: {
    merchantId: string;
    reason: 'deadline' | 'aborted';
    deadlineMs: number;
    cause: unknown;
  }) {
    super({
      code: options.reason === 'deadline' ? 'CAP_FAN_OUT_DEADLINE' : 'CAP_FAN_OUT_ABORTED',
      message:
        options.reason === 'deadline'
          ? `${options.merchantId} did not answer within the ${options.deadlineMs} ms fan-out deadline`
          : `The fan-out was aborted before ${options.merchantId} answered`,
      cause: options.cause,
    });
    this.name = 'FanOutInterruptedError';
    this.merchantId = options.merchantId;
    this.reason = options.reason;
  }
}

/** True when `error` is a {@link FanOutInterruptedError} from any copy of this package. */
export const isFanOutInterruptedError = createErrorGuard<FanOutInterruptedError>('FanOutInterruptedError');

/**
 * A merchant's search failed with something that is not an AgentWeb error (a `TypeError` from a custom merchant
 * client or context store, a broken dependency): code `CAP_FAN_OUT_UNEXPECTED`, the original as `cause`. It keeps
 * every outcome's error typed, so its JSON says what broke.
 */
export class UnexpectedFanOutError extends AgentWebError {
  /** The merchant whose search failed. */
  readonly merchantId: string;

  constructor(options: { merchantId: string; cause: unknown }) {
    const { cause } = options;
    const what =
      cause instanceof Error
        ? `${cause.name}: ${cause.message}`
        : `a thrown ${typeof cause} (${String(cause)})`;
    super({
      code: 'CAP_FAN_OUT_UNEXPECTED',
      message: `Searching ${options.merchantId} failed unexpectedly with ${what.slice(0, 500)}`,
      cause,
    });
    this.name = 'UnexpectedFanOutError';
    this.merchantId = options.merchantId;
  }
}

/** True when `error` is an {@link UnexpectedFanOutError} from any copy of this package. */
export const isUnexpectedFanOutError = createErrorGuard<UnexpectedFanOutError>('UnexpectedFanOutError');
