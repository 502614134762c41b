import type { AddressPolicy } from './address-guard.js';
import { BlockedAddressError, UrlPolicyError } from './errors.js';
import { isIpLiteral, unbracket } from './ip-address.js';
import { type LookupFunction, lookupAll } from './lookup.js';

/** Parses and vets a URL before any request: absolute http(s), https unless `allowHttp`, no credentials. */
export function checkUrl(input: string | URL, allowHttp: boolean): URL {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input) : new URL(input.href);
  } catch (cause) {
    throw new UrlPolicyError({
      url: String(input),
      reason: 'invalid',
      detail: `not an absolute URL (${String(cause)})`,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UrlPolicyError({ url: url.href, reason: 'protocol', detail: `${url.protocol} is not http(s)` });
  }
  if (url.protocol === 'http:' && !allowHttp) {
    throw new UrlPolicyError({
      url: url.href,
      reason: 'insecure',
      detail: 'plain http is off; set allowHttp',
    });
  }
  if (url.username !== '' || url.password !== '') {
    throw new UrlPolicyError({
      url: url.href,
      reason: 'credentials',
      detail: 'credentials in URLs are refused',
    });
  }
  if (url.hash !== '') url.hash = '';
  return url;
}

/**
 * Checks one hop's destination before it is sent. IP literals are always checked here. Host names are
 * resolved and checked here only when the transport does not check at connect time (`resolveNames`), and
 * that check cannot see what the transport's own resolution returns a moment later.
 * Returns `undefined` when nothing asynchronous is needed, to keep the common path free of extra awaits.
 */
export function checkDestination(
  url: URL,
  policy: AddressPolicy,
  resolveNames: boolean,
  lookup: LookupFunction,
): Promise<void> | undefined {
  if (policy.allowsAll) return undefined;
  const host = url.hostname;
  if (isIpLiteral(host)) {
    const address = unbracket(host);
    const verdict = policy.check(address, address);
    if (verdict) throw new BlockedAddressError({ url: url.href, ...verdict });
    return undefined;
  }
  if (!resolveNames || policy.allowsHost(host)) return undefined;
  return lookupAll(lookup, host).then((addresses) => {
    for (const { address } of addresses) {
      const verdict = policy.check(host, address);
      if (verdict) throw new BlockedAddressError({ url: url.href, ...verdict });
    }
  });
}

// Methods the Fetch standard forbids; refused for every transport so all of them accept the same requests.
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Refuses a request no transport may send, before anything leaves: a forbidden method, a body on GET/HEAD, or a
 * header that cannot be sent (a token read from a file with its line break, say). Without this, `fetch` and
 * undici throw a bare `TypeError` that would look like a (retryable) network failure.
 */
/** What undici (and the Fetch standard) refuses in a header value: control characters, line breaks included. */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
/** A header name is an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function checkRequestShape(
  url: URL,
  method: string,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  for (const name in headers) {
    // The value may be a credential: say which header, never what it holds.
    if (!HEADER_NAME.test(name)) {
      throw new UrlPolicyError({
        url: url.href,
        reason: 'request',
        detail: 'a header name is not an HTTP token',
      });
    }
    if (INVALID_HEADER_VALUE.test(headers[name] ?? '')) {
      throw new UrlPolicyError({
        url: url.href,
        reason: 'request',
        detail: `the value of header "${name.toLowerCase()}" holds a character HTTP does not allow (a line break or another control character)`,
      });
    }
  }
  if (FORBIDDEN_METHODS.has(method)) {
    throw new UrlPolicyError({
      url: url.href,
      reason: 'request',
      detail: `the ${method} method is forbidden`,
    });
  }
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
    throw new UrlPolicyError({
      url: url.href,
      reason: 'request',
      detail: `a ${method} request cannot have a body`,
    });
  }
}
