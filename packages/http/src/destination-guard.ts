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
 * Refuses a request no transport may send, before anything leaves: a forbidden method or a body on GET/HEAD.
 * Without this, `fetch` and undici throw a bare `TypeError` that would look like a (retryable) network failure.
 */
export function checkRequestShape(url: URL, method: string, body: unknown): void {
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
