import { isCardValidationError } from '@agentweb/agentcard';
import { isAgentWebError } from '@agentweb/core';
import { isHttpStatusError, isTimeoutError } from '@agentweb/http';
import type { TraceEntry, TraceOutcome } from './trace.js';

/** Error names whose failures are safety refusals rather than absence or breakage. */
const REFUSALS = new Set([
  'BlockedAddressError',
  'BodyTooLargeError',
  'RedirectPolicyError',
  'UrlPolicyError',
  'ContentTypeError',
  'EndpointSchemeError',
]);

/** Trace fields describing why a fetch failed. */
export type FailureFields = Pick<TraceEntry, 'outcome' | 'reason' | 'code' | 'status'>;

/**
 * Maps a failed fetch to trace fields. `deadlinePassed` turns an abort caused by the run deadline into
 * `timeout`; caller aborts are not classified here (they end the run).
 */
export function classifyFailure(error: unknown, deadlinePassed: boolean): FailureFields {
  if (deadlinePassed) return { outcome: 'timeout', reason: 'the resolve deadline passed', code: 'TIMEOUT' };
  if (isHttpStatusError(error)) {
    const outcome: TraceOutcome = error.status === 404 || error.status === 410 ? 'not-found' : 'error';
    return { outcome, status: error.status, reason: error.message, code: error.code };
  }
  if (isTimeoutError(error)) return { outcome: 'timeout', reason: error.message, code: error.code };
  if (isCardValidationError(error)) {
    const rules = error.issues.map((issue) => issue.rule);
    return {
      outcome: 'invalid',
      reason: `${error.message} [rules: ${[...new Set(rules)].join(', ')}]`,
      code: error.code,
    };
  }
  if (isAgentWebError(error)) {
    if (error.name === 'JsonParseError')
      return { outcome: 'invalid', reason: error.message, code: error.code };
    if (error.name === 'AidError') {
      return {
        outcome: error.code === 'AID_SECURITY' ? 'refused' : 'invalid',
        reason: error.message,
        code: error.code,
      };
    }
    if (REFUSALS.has(error.name)) return { outcome: 'refused', reason: error.message, code: error.code };
    return { outcome: 'error', reason: error.message, code: error.code };
  }
  return { outcome: 'error', reason: describe(error) };
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'unknown error';
  }
}
