import type { A2AOperation } from '../dialect.js';
import type { A2ARpcError } from '../errors.js';
import type { RefusalReading } from '../http-refusal.js';
import type { RpcCallSite } from '../rpc-envelope.js';
import { isObject } from '../shape.js';
import { stripFramingNoise } from '../sse-framing.js';
import { type WarningSink, warning } from '../warnings.js';
import { restErrorFromBody } from './rest-errors.js';

/** How a 4xx JSON body in no A2A error form is read on the HTTP+JSON binding (lenient mode). */
export const NOT_A2A: RefusalReading = { code: 'http-error-not-a2a', expected: 'an A2A error' };

/** Members of an answer (a Task, a wrapper, a JSON-RPC result): a body with one of them is no error. */
const ANSWER_KEYS = ['task', 'message', 'status', 'statusUpdate', 'artifactUpdate', 'artifact', 'result'];

/**
 * Lenient mode: the A2A error in a body that came with a 2xx status (or as a stream event without `event: error`),
 * which the agent meant as its error, reported as `rest-error-http-ok` (`httpStatus`: the answer's, undefined for a
 * stream event); undefined for any other body. Only bodies with an `error` member and no answer member are read,
 * so an answer is never taken for an error.
 */
export function errorInOkBody(
  body: unknown,
  text: string,
  operation: A2AOperation,
  site: RpcCallSite,
  httpStatus: number | undefined,
  warn: WarningSink,
): A2ARpcError | undefined {
  if (!isObject(body) || !('error' in body)) return undefined;
  for (const key of ANSWER_KEYS) if (key in body) return undefined;
  // A stream event (no status of its own) takes the status its body names, as an error event does; else 200.
  const named = (body['error'] as { code?: unknown } | null)?.code;
  const status =
    httpStatus ??
    (typeof named === 'number' && Number.isInteger(named) && named >= 100 && named < 600 ? named : 200);
  const typed = restErrorFromBody(text, { operation, ...site, httpStatus: status }, warn);
  if (typed === undefined) return undefined;
  warn(
    warning(
      'rest-error-http-ok',
      'response.status',
      `an A2A error (${typed.message.slice(0, 120)}) came in a successful answer; it was thrown`,
    ),
  );
  return typed;
}

/** The `data` of one HTTP+JSON stream event as read in lenient mode: framing noise before its JSON skipped. */
export function readStreamData(data: string, warn: WarningSink): string {
  return stripFramingNoise(data, warn);
}
