import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** The 28 common codes of the CAP spec plus the two skill-specific codes missing from its common list. */
export const KNOWN_CAP_ERROR_CODES = [
  'CAP_PRODUCT_NOT_FOUND',
  'CAP_INVALID_PRODUCT_URN',
  'CAP_SEARCH_FAILED',
  'CAP_SEARCH_QUERY_TOO_BROAD',
  'CAP_SEARCH_QUERY_INVALID',
  'CAP_ITEM_OUT_OF_STOCK',
  'CAP_INSUFFICIENT_INVENTORY',
  'CAP_CART_NOT_FOUND',
  'CAP_CART_OPERATION_FAILED',
  'CAP_INVALID_ITEM_ID',
  'CAP_INVALID_QUANTITY',
  'CAP_CART_EXPIRED',
  'CAP_CART_ITEM_NOT_FOUND',
  'CAP_ORDER_NOT_FOUND',
  'CAP_USER_CONSENT_REQUIRED',
  'CAP_INVALID_PREFERENCES_FORMAT',
  'CAP_INVALID_CONTEXT_ID_FOR_UPDATE',
  'CAP_CONSENT_POLICY_NOT_SUPPORTED',
  'CAP_AUTHENTICATION_REQUIRED',
  'CAP_AUTHORIZATION_DENIED',
  'CAP_ACCESS_DENIED',
  'CAP_SESSION_EXPIRED',
  'CAP_INVALID_PARAMETERS',
  'CAP_RATE_LIMIT_EXCEEDED',
  'CAP_SERVICE_UNAVAILABLE',
  'CAP_INTERNAL_ERROR',
  'CAP_FEATURE_NOT_SUPPORTED',
  'CAP_REQUEST_TOO_LARGE',
  'CAP_ITEM_NOT_AVAILABLE',
  'CAP_INVALID_ORDER_ID',
] as const;

/** A code the CAP spec names. */
export type KnownCapErrorCode = (typeof KNOWN_CAP_ERROR_CODES)[number];

/** A merchant's `capErrorCode`: the spec's codes, or any merchant-defined code, passed through unchanged. */
export type CapErrorCode = KnownCapErrorCode | (string & {});

/**
 * Used when a task failed without the CAP error payload the spec requires, so callers still get a code to
 * branch on. Not a spec code.
 */
export const MISSING_CAP_ERROR_CODE = 'CAP_ERROR_PAYLOAD_MISSING';

/** Options of {@link CapError}. */
export interface CapErrorOptions {
  /** The merchant's code (`CAP_PRODUCT_NOT_FOUND`, a merchant-defined one, ...). */
  capErrorCode: CapErrorCode;
  /** The merchant's human-readable description. */
  description: string;
  /** Code-specific details (e.g. `retryAfterSeconds` for `CAP_RATE_LIMIT_EXCEEDED`). */
  details?: Record<string, unknown>;
  /** The skill that failed. */
  skillId?: string;
  /** The merchant that answered. */
  merchantId?: string;
  /** The failed task's id, when the failure came as a task. */
  taskId?: string;
  /** The task state that carried the error (`failed`, `rejected`, `canceled`). */
  state?: string;
  /** The underlying error. */
  cause?: unknown;
}

/**
 * A merchant answered a CAP call with an error: a `failed` (or `rejected`/`canceled`) task whose status message
 * carries `{ capErrorCode, description, details }`. `code` is always `CAP_TASK_FAILED` so merchant codes can
 * never collide with AgentWeb's own; branch on `capErrorCode`.
 */
export class CapError extends AgentWebError {
  /** The merchant's code. */
  readonly capErrorCode: CapErrorCode;
  /** The merchant's description. */
  readonly description: string;
  /** Code-specific details (empty object when none). */
  readonly details: Record<string, unknown>;
  /** The skill that failed. */
  readonly skillId: string | undefined;
  /** The merchant that answered. */
  readonly merchantId: string | undefined;
  /** The task id. */
  readonly taskId: string | undefined;
  /** The task state that carried the error. */
  readonly state: string | undefined;

  constructor(options: CapErrorOptions) {
    super({
      code: 'CAP_TASK_FAILED',
      message: `${options.capErrorCode}: ${options.description}${options.skillId ? ` (${options.skillId})` : ''}`,
      cause: options.cause,
    });
    this.name = 'CapError';
    this.capErrorCode = options.capErrorCode;
    this.description = options.description;
    this.details = options.details ?? {};
    this.skillId = options.skillId;
    this.merchantId = options.merchantId;
    this.taskId = options.taskId;
    this.state = options.state;
  }

  /** `details.retryAfterSeconds` in ms, when the merchant gave a usable one. */
  get retryAfterMs(): number | undefined {
    const seconds = this.details.retryAfterSeconds;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
      ? seconds * 1000
      : undefined;
  }
}

/** True when `error` is a {@link CapError} from any copy of this package. */
export const isCapError = createErrorGuard<CapError>('CapError');

/** True when `code` is one the CAP spec names. */
export function isKnownCapErrorCode(code: string): code is KnownCapErrorCode {
  return (KNOWN_CAP_ERROR_CODES as readonly string[]).includes(code);
}
