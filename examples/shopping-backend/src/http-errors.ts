/** An error the service answers with a chosen status and code (bad request, unknown route, body too large). */
export class ApiError extends Error {
  /** HTTP status sent. */
  readonly status: number;
  /** Stable machine-readable code sent as `error.code`. */
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: { code: string; message: string };
}

// AgentWeb errors carry a stable string `code`; the status says whose fault it was: the caller's (4xx), the
// merchant's or the network's (502/504).
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  AGENTWEB_INVALID_INPUT: 400,
  CAP_INVALID_INPUT: 400,
  CAP_FILTER_INVALID: 400,
  CAP_FILTER_SYNTAX: 400,
  CAP_PII_REFUSED: 400,
  AGENTWEB_UNKNOWN_MERCHANT: 404,
  AGENTWEB_NO_MERCHANT: 400,
  AGENTWEB_PRODUCT_NOT_FOUND: 404,
  AGENTWEB_NOT_CAP: 422,
  CAP_SKILL_NOT_SUPPORTED: 422,
  CAP_CIRCUIT_OPEN: 503,
  // The shared state (Redis) did not answer in time; nothing was sent to the merchant.
  STATE_STORE_UNAVAILABLE: 503,
  TIMEOUT: 504,
};

// A CAP task failure names the merchant's own code; the caller's mistakes among them are 4xx.
function statusForCapCode(capCode: string): number {
  if (capCode.endsWith('_NOT_FOUND')) return 404;
  if (capCode === 'CAP_RATE_LIMIT_EXCEEDED') return 429;
  if (/^CAP_(INVALID_|SEARCH_QUERY_INVALID|UNSUPPORTED_)/.test(capCode)) return 400;
  return 502;
}

/** Turns anything thrown while answering into a status and a JSON body that never leaks a stack. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) {
    return { status: error.status, body: { error: { code: error.code, message: error.message } } };
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    const capCode =
      'capErrorCode' in error && typeof error.capErrorCode === 'string' ? error.capErrorCode : undefined;
    if (capCode !== undefined) {
      return {
        status: statusForCapCode(capCode),
        body: { error: { code: capCode, message: error.message } },
      };
    }
    const status = STATUS_BY_CODE[error.code] ?? 502;
    return { status, body: { error: { code: error.code, message: error.message } } };
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { status: 504, body: { error: { code: 'TIMEOUT', message: 'the request took too long' } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: 'internal error' } } };
}
