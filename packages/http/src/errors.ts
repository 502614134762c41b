import { AgentWebError, createErrorGuard, isAgentWebError, withholdUrlSecrets } from '@agentweb/core';
import type { AddressClass } from './address-guard.js';
import type { HttpProvenance } from './provenance.js';
import type { ReadonlyHeaders } from './readonly-headers.js';

/** Options shared by every error of this package. */
export interface HttpErrorOptions {
  /** The URL being fetched when the error happened (the redirect hop, when it happened on one). */
  url: string;
  /** Human-readable description. */
  message: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Base of every error `@agentweb/http` throws. `isRetryable` says whether trying again later could succeed;
 * the client's own retry policy decides separately whether it retries. The message names URLs with their query
 * and any user name and password withheld (an API key sent as a query parameter must not reach logs); `url`
 * keeps the URL as requested, for code, and the JSON form withholds there too.
 */
export class HttpError extends AgentWebError {
  /** The URL being fetched, as requested (query included; `JSON.stringify` withholds the query). */
  readonly url: string;
  /** True when the failure is transient (network, timeout, 408/425/429/5xx). */
  readonly isRetryable: boolean;

  constructor(code: string, isRetryable: boolean, { url, message, cause }: HttpErrorOptions) {
    super({ code, message: withholdUrlSecrets(message), cause });
    this.name = 'HttpError';
    this.url = url;
    this.isRetryable = isRetryable;
  }
}

/** Statuses worth retrying: timeouts, rate limits and transient server failures. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 425, 429, 500, 502, 503, 504];

/** The server answered with a status the call does not accept (non-2xx by default). */
export class HttpStatusError extends HttpError {
  /** HTTP status code. */
  readonly status: number;
  /** Response headers. */
  readonly headers: ReadonlyHeaders;
  /** The start of the response body as text (at most 1 KiB), for diagnostics. */
  readonly bodyExcerpt: string;
  /** Where the response came from; `fromCache` is true for a negatively cached 404/410. */
  readonly provenance: HttpProvenance | undefined;

  constructor(
    options: Omit<HttpErrorOptions, 'message'> & {
      status: number;
      headers: ReadonlyHeaders;
      bodyExcerpt: string;
      provenance?: HttpProvenance;
    },
  ) {
    super('HTTP_STATUS', RETRYABLE_STATUSES.includes(options.status), {
      ...options,
      message: `HTTP ${options.status} from ${options.url}`,
    });
    this.name = 'HttpStatusError';
    this.status = options.status;
    this.headers = options.headers;
    this.bodyExcerpt = options.bodyExcerpt;
    this.provenance = options.provenance;
  }
}

/** The whole-call deadline (headers, body and retries) passed. */
export class TimeoutError extends HttpError {
  /** The deadline that passed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(options: { url: string; timeoutMs: number }) {
    super('TIMEOUT', true, {
      url: options.url,
      message: `Request to ${options.url} timed out after ${options.timeoutMs} ms`,
    });
    this.name = 'TimeoutError';
    this.timeoutMs = options.timeoutMs;
  }
}

/** The response body (after decompression) was larger than the cap, or declared itself so. */
export class BodyTooLargeError extends HttpError {
  /** The cap in bytes. */
  readonly limit: number;
  /** Bytes received before the body was cut, or the declared `Content-Length` when refused up front. */
  readonly received: number;

  constructor(options: { url: string; limit: number; received: number; declared?: boolean }) {
    super('BODY_TOO_LARGE', false, {
      url: options.url,
      message: options.declared
        ? `Response from ${options.url} declares ${options.received} bytes, over the ${options.limit}-byte cap`
        : `Response from ${options.url} exceeded the ${options.limit}-byte cap`,
    });
    this.name = 'BodyTooLargeError';
    this.limit = options.limit;
    this.received = options.received;
  }
}

/** The destination (or a redirect hop) is a loopback, private or otherwise non-public address. */
export class BlockedAddressError extends HttpError {
  /** The host name or literal that was requested. */
  readonly host: string;
  /** The address it resolved to (equal to `host` for IP literals). */
  readonly address: string;
  /** Why the address is refused. */
  readonly addressClass: AddressClass | 'invalid';

  constructor(options: {
    url: string;
    host: string;
    address: string;
    addressClass: AddressClass | 'invalid';
  }) {
    const via = options.host === options.address ? '' : ` (resolved from ${options.host})`;
    super('BLOCKED_ADDRESS', false, {
      url: options.url,
      message: `Refused to connect to ${options.addressClass} address ${options.address}${via}; set allowPrivateNetwork to allow it`,
    });
    this.name = 'BlockedAddressError';
    this.host = options.host;
    this.address = options.address;
    this.addressClass = options.addressClass;
  }
}

/** Why a redirect was refused. */
export type RedirectRefusal =
  | 'too-many'
  | 'loop'
  | 'cross-origin'
  | 'not-allowed'
  | 'insecure'
  | 'invalid-location';

/** A redirect broke the `redirect` / `maxRedirects` / `allowHttp` policy. */
export class RedirectPolicyError extends HttpError {
  /** What was wrong. */
  readonly reason: RedirectRefusal;
  /** The `Location` the server sent, resolved when possible. */
  readonly location: string;

  constructor(options: { url: string; location: string; reason: RedirectRefusal; detail: string }) {
    super('REDIRECT_POLICY', false, {
      url: options.url,
      message: `Redirect from ${options.url} to ${options.location} refused: ${options.detail}`,
    });
    this.name = 'RedirectPolicyError';
    this.reason = options.reason;
    this.location = options.location;
  }
}

/**
 * Why a URL was refused before any request. `request`: the request itself cannot be sent (a forbidden method
 * such as `TRACE`, or a body on GET/HEAD), whatever the transport.
 */
export type UrlRefusal = 'invalid' | 'protocol' | 'insecure' | 'credentials' | 'request';

/**
 * The URL (or the request around it) is unusable: not absolute, not http(s), `http:` without `allowHttp`,
 * credentials in it, or a request no transport may send.
 */
export class UrlPolicyError extends HttpError {
  /** What was wrong. */
  readonly reason: UrlRefusal;

  constructor(options: { url: string; reason: UrlRefusal; detail: string }) {
    super('URL_POLICY', false, {
      url: options.url,
      message: `Refused URL ${options.url}: ${options.detail}`,
    });
    this.name = 'UrlPolicyError';
    this.reason = options.reason;
  }
}

/** The connection failed, was reset, or the body stream broke (DNS failure, refused, TLS, truncated). */
export class NetworkError extends HttpError {
  constructor(options: { url: string; cause: unknown }) {
    const detail = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super('NETWORK', true, {
      url: options.url,
      message: `Network error fetching ${options.url}: ${detail}`,
      cause: options.cause,
    });
    this.name = 'NetworkError';
  }
}

/** The response's media type is not one the call accepts (e.g. `getJson` on `text/html`). */
export class ContentTypeError extends HttpError {
  /** Accepted media types. */
  readonly expected: readonly string[];
  /** The `Content-Type` received (empty when absent). */
  readonly received: string;

  constructor(options: { url: string; expected: readonly string[]; received: string }) {
    super('CONTENT_TYPE', false, {
      url: options.url,
      message: `Expected ${options.expected.join(' or ')} from ${options.url}, got ${options.received || 'no Content-Type'}`,
    });
    this.name = 'ContentTypeError';
    this.expected = options.expected;
    this.received = options.received;
  }
}

/** The body had a JSON media type but did not parse. */
export class JsonParseError extends HttpError {
  constructor(options: { url: string; cause: unknown }) {
    super('JSON_PARSE', false, {
      url: options.url,
      message: `Invalid JSON from ${options.url}`,
      cause: options.cause,
    });
    this.name = 'JsonParseError';
  }
}

const HTTP_ERROR_NAMES = new Set([
  'HttpError',
  'HttpStatusError',
  'TimeoutError',
  'BodyTooLargeError',
  'BlockedAddressError',
  'RedirectPolicyError',
  'UrlPolicyError',
  'NetworkError',
  'ContentTypeError',
  'JsonParseError',
]);

/** True for any error of this package, from this or any other copy of it. */
export function isHttpError(error: unknown): error is HttpError {
  return isAgentWebError(error) && HTTP_ERROR_NAMES.has(error.name);
}

/** Guard for {@link HttpStatusError}; works across package copies. */
export const isHttpStatusError = createErrorGuard<HttpStatusError>('HttpStatusError');
/** Guard for {@link TimeoutError}; works across package copies. */
export const isTimeoutError = createErrorGuard<TimeoutError>('TimeoutError');
/** Guard for {@link BodyTooLargeError}; works across package copies. */
export const isBodyTooLargeError = createErrorGuard<BodyTooLargeError>('BodyTooLargeError');
/** Guard for {@link BlockedAddressError}; works across package copies. */
export const isBlockedAddressError = createErrorGuard<BlockedAddressError>('BlockedAddressError');
/** Guard for {@link RedirectPolicyError}; works across package copies. */
export const isRedirectPolicyError = createErrorGuard<RedirectPolicyError>('RedirectPolicyError');
/** Guard for {@link UrlPolicyError}; works across package copies. */
export const isUrlPolicyError = createErrorGuard<UrlPolicyError>('UrlPolicyError');
/** Guard for {@link NetworkError}; works across package copies. */
export const isNetworkError = createErrorGuard<NetworkError>('NetworkError');
/** Guard for {@link ContentTypeError}; works across package copies. */
export const isContentTypeError = createErrorGuard<ContentTypeError>('ContentTypeError');
/** Guard for {@link JsonParseError}; works across package copies. */
export const isJsonParseError = createErrorGuard<JsonParseError>('JsonParseError');
