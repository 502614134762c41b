import { isA2AInternalError, isInvalidAgentResponseError, type SendMessageResult } from '@agentweb/a2a';
import { isAgentWebError } from '@agentweb/core';
import { isBodyTooLargeError, isHttpStatusError, isNetworkError, isTimeoutError } from '@agentweb/http';
import type { CallOutcome } from '../backoff/merchant-backoff.js';
import { isCapError } from '../cap-error.js';
import { parseRetryAfter } from './retry-after.js';
import { capFailureOf } from './task-result.js';

// Codes that say the merchant itself is unwell; business errors (not found, invalid quantity) say it is fine.
const UNHEALTHY_CODES = new Set(['CAP_SERVICE_UNAVAILABLE', 'CAP_INTERNAL_ERROR']);

function retryAfterSecondsMs(details: Record<string, unknown> | undefined): number | undefined {
  const seconds = details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** True for an abort (the caller's signal or a deadline), which says nothing about the merchant's health. */
export function isAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError') &&
    !isTimeoutError(error)
  );
}

/**
 * Rate-limit signal in an error: a 429 `HttpStatusError` (with `Retry-After`) or a `CAP_RATE_LIMIT_EXCEEDED`
 * CapError (with `details.retryAfterSeconds`). Undefined when the error is not a rate limit.
 */
export function rateLimitOf(error: unknown): { retryAfterMs?: number } | undefined {
  if (isHttpStatusError(error) && error.status === 429) {
    const retryAfterMs = parseRetryAfter(error.headers.get('retry-after'));
    return retryAfterMs === undefined ? {} : { retryAfterMs };
  }
  if (isCapError(error) && error.capErrorCode === 'CAP_RATE_LIMIT_EXCEEDED') {
    const retryAfterMs = error.retryAfterMs;
    return retryAfterMs === undefined ? {} : { retryAfterMs };
  }
  // Another protocol's typed error for an HTTP 429 (a UCP merchant's `UcpProtocolError`): a status and the
  // Retry-After it already read.
  if (isAgentWebError(error) && (error as { status?: unknown }).status === 429) {
    const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
    return typeof retryAfterMs === 'number' ? { retryAfterMs } : {};
  }
  return undefined;
}

/** Classifies one call's result for the merchant's shared backoff. */
export function classifyCall(
  result: { ok: true; value: SendMessageResult } | { ok: false; error: unknown },
): CallOutcome {
  if (result.ok) {
    const failure = capFailureOf(result.value);
    if (!failure) return { kind: 'success' };
    if (failure.capErrorCode === 'CAP_RATE_LIMIT_EXCEEDED') {
      const retryAfterMs = retryAfterSecondsMs(failure.details);
      return retryAfterMs === undefined ? { kind: 'rate-limited' } : { kind: 'rate-limited', retryAfterMs };
    }
    return UNHEALTHY_CODES.has(failure.capErrorCode) ? { kind: 'failure' } : { kind: 'success' };
  }
  const { error } = result;
  if (isAbort(error)) return { kind: 'ignore' };
  const limited = rateLimitOf(error);
  if (limited) {
    return limited.retryAfterMs === undefined
      ? { kind: 'rate-limited' }
      : { kind: 'rate-limited', retryAfterMs: limited.retryAfterMs };
  }
  if (isCapError(error))
    return UNHEALTHY_CODES.has(error.capErrorCode) ? { kind: 'failure' } : { kind: 'success' };
  if (isHttpStatusError(error))
    return error.status >= 500 || error.status === 408 ? { kind: 'failure' } : { kind: 'ignore' };
  if (
    isTimeoutError(error) ||
    isNetworkError(error) ||
    isBodyTooLargeError(error) ||
    isA2AInternalError(error) ||
    isInvalidAgentResponseError(error)
  ) {
    return { kind: 'failure' };
  }
  return { kind: 'ignore' };
}
