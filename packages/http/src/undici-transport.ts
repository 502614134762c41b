import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { decodeContentEncoding } from './decode-body.js';
import type { FetchFunction } from './guarded-fetch.js';

const rawBodies = new WeakMap<Response, Readable>();

/**
 * The decoded body stream behind a response made by {@link createUndiciTransport}. Reading it directly skips
 * the cost of wrapping a Node stream into a web stream, which is most of what a loopback GET costs.
 */
export function takeRawBody(response: Response): Readable | undefined {
  const body = rawBodies.get(response);
  if (body) rawBodies.delete(response);
  return body;
}

/**
 * The client's default transport: a `fetch`-shaped function for ky that sends the ky-built `Request` with
 * `dispatcher.request()` (the guarded keep-alive agent). It never follows redirects, decodes gzip/deflate/br,
 * and hands the body over through {@link takeRawBody}; the returned `Response` has status and headers only,
 * so it is meant for the client's own pipeline, not for general use (use `createGuardedFetch` for that).
 */
export function createUndiciTransport(dispatcher: Dispatcher): FetchFunction {
  return async (input) => {
    if (!(input instanceof Request)) throw new TypeError('the undici transport expects a Request');
    const url = input.url;
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const origin = pathStart === -1 ? url : url.slice(0, pathStart);
    const path = pathStart === -1 ? '/' : url.slice(pathStart);
    const headers: Record<string, string> = {};
    for (const [name, value] of input.headers) headers[name] = value;
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    const body = input.body ? new Uint8Array(await input.arrayBuffer()) : null;
    const answer = await dispatcher.request({
      origin,
      path: path.replace(/#.*$/, ''),
      method: input.method as Dispatcher.HttpMethod,
      headers,
      body,
      signal: input.signal,
    });
    const pairs: [string, string][] = [];
    for (const name in answer.headers) {
      const value = answer.headers[name];
      if (Array.isArray(value)) for (const item of value) pairs.push([name, item]);
      else if (value !== undefined) pairs.push([name, value]);
    }
    const response = new Response(null, { status: answer.statusCode, headers: pairs });
    const encoding = answer.headers['content-encoding'];
    rawBodies.set(
      response,
      decodeContentEncoding(answer.body, typeof encoding === 'string' ? encoding : encoding?.join(',')),
    );
    return response;
  };
}
