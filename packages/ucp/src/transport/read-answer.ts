import { withholdSecrets } from '@agentweb/core';
import type { BytesResult } from '@agentweb/http';
import { parseRetryAfter } from '@agentweb/http';
import { protocolErrorOf } from '../schemas/error-response.js';
import { UcpDocumentError, UcpProtocolError } from '../ucp-errors.js';

/** The body as JSON, or undefined when it is empty; a body that is not JSON is a document error (never quoted). */
export function jsonBody(result: BytesResult, source: string): unknown {
  if (result.body.byteLength === 0) return undefined;
  try {
    return JSON.parse(result.text());
  } catch {
    throw new UcpDocumentError({
      kind: 'response',
      source,
      issues: [{ path: '', message: `HTTP ${result.status} body is not JSON` }],
    });
  }
}

/** A protocol error from an HTTP error status and its `{ code, content }` body (secrets withheld). */
export function httpProtocolError(
  result: BytesResult,
  operation: string,
  businessUrl: string,
  secrets: readonly string[] | undefined,
): UcpProtocolError {
  let data: unknown;
  try {
    data = result.body.byteLength > 0 ? JSON.parse(result.text()) : undefined;
  } catch {
    data = undefined;
  }
  const { code, content } = protocolErrorOf(data);
  const retryAfterMs = parseRetryAfter(result.headers.get('retry-after'));
  return new UcpProtocolError({
    operation,
    status: result.status,
    ucpCode: code ?? `http_${result.status}`,
    content: withholdSecrets(content, secrets),
    businessUrl,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}
