import type { Dispatcher } from 'undici';
import { decodeContentEncoding } from './decode-body.js';
import type { ByteSource } from './read-body.js';
import type { ReadonlyHeaders } from './readonly-headers.js';

/** One request as the client has already prepared it. */
export interface DispatchRequest {
  /** The vetted URL (its fragment is never sent). */
  url: URL;
  /** Uppercase method. */
  method: string;
  /** Lowercase request headers; not modified. */
  headers: Readonly<Record<string, string>>;
  /** The serialised body. */
  body: string | Uint8Array | undefined;
  /** Aborts the request and its body. */
  signal: AbortSignal;
}

/** The answer of a {@link DispatchFunction}: status and headers, body not yet read (already decoded). */
export interface DispatchAnswer {
  status: number;
  headers: ReadonlyHeaders;
  body: ByteSource | null;
}

/** Sends one request without following redirects. */
export type DispatchFunction = (request: DispatchRequest) => Promise<DispatchAnswer>;

const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * The client's default transport: hands the already serialised body and the lowercase header record straight
 * to `dispatcher.request()` (the guarded keep-alive agent), with no `Request` object, body stream or clone in
 * between, which is what made a POST cost several times a GET. It never follows redirects, and it decodes
 * gzip/deflate/br. The client has already refused forbidden methods and bodies on GET/HEAD (`checkRequestShape`); a string body without `Content-Type` is sent as `text/plain;charset=UTF-8`.
 */
export function createUndiciDispatch(dispatcher: Dispatcher): DispatchFunction {
  return async ({ url, method, headers, body, signal }) => {
    let sent: Record<string, string> = headers as Record<string, string>;
    const needsType = typeof body === 'string' && headers['content-type'] === undefined;
    if (headers['accept-encoding'] === undefined || needsType) {
      // Copied, never changed in place: callers share frozen header records between calls.
      sent = { ...headers };
      sent['accept-encoding'] ??= ACCEPT_ENCODING;
      if (needsType) sent['content-type'] = 'text/plain;charset=UTF-8';
    }
    const answer = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: method as Dispatcher.HttpMethod,
      headers: sent,
      body: body ?? null,
      signal,
    });
    const responseHeaders = new Headers();
    for (const name in answer.headers) {
      const value = answer.headers[name];
      if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
      else if (value !== undefined) responseHeaders.append(name, value);
    }
    const encoding = answer.headers['content-encoding'];
    return {
      status: answer.statusCode,
      headers: responseHeaders,
      body: decodeContentEncoding(answer.body, typeof encoding === 'string' ? encoding : encoding?.join(',')),
    };
  };
}
