import { parseRetryAfter } from '@agentweb/http';
import { RegistryError } from './registry-errors.js';

/** Longest `error` text copied into a message, so a hostile body cannot bloat logs. */
const MAX_MESSAGE_CHARS = 300;

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

function readBody(text: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ErrorBody)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A registry code is short and upper snake case; anything else in `code` is not trusted as one. */
function isRegistryCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z][A-Z0-9_]{0,99}$/.test(value);
}

/**
 * Turns a non-2xx registry answer into a {@link RegistryError}, taking `code`, `error` and `details` from the
 * documented `{error, code, details}` body when present and `Retry-After` from the headers.
 */
export function registryErrorFromResponse(options: {
  url: string;
  status: number;
  bodyText: string;
  retryAfter: string | null;
  cause?: unknown;
}): RegistryError {
  const body = readBody(options.bodyText);
  const code = isRegistryCode(body?.code) ? body.code : `REGISTRY_HTTP_${options.status}`;
  const registryMessage =
    typeof body?.error === 'string' ? body.error.slice(0, MAX_MESSAGE_CHARS) : undefined;
  const details = body?.details;
  const detailMessage =
    typeof details === 'object' &&
    details !== null &&
    typeof (details as { message?: unknown }).message === 'string'
      ? String((details as { message: string }).message).slice(0, MAX_MESSAGE_CHARS)
      : undefined;
  const retryAfterMs = parseRetryAfter(options.retryAfter);
  const parts = [`Registry answered ${options.status} ${code}`];
  if (registryMessage) parts.push(registryMessage);
  if (detailMessage) parts.push(detailMessage);
  return new RegistryError({
    code,
    status: options.status,
    url: options.url,
    message: `${parts.join(': ')} (${options.url})`,
    registryMessage,
    details,
    retryAfterMs,
    cause: options.cause,
  });
}
