import http, { type IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { checkOptions, is, required } from '@agentweb/core';
import { SandboxFetchError } from './sandbox-errors.js';
import type { SandboxLookup } from './sandbox-lookup.js';

function isLoopbackIp(ip: string): boolean {
  return ip === '::1' || /^127\.\d+\.\d+\.\d+$/.test(ip);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The response body as a web stream whose errors are SandboxFetchErrors, with backpressure on the socket. */
function bodyStream(res: IncomingMessage, url: string, signal: AbortSignal): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        controller.error(
          signal.aborted
            ? signal.reason
            : new SandboxFetchError(
                'SANDBOX_FETCH_FAILED',
                url,
                `sandbox fetch: body of ${url} failed: ${describe(error)}`,
                error,
              ),
        );
      };
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) res.pause();
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      res.on('error', fail);
      // A connection cut mid-body may close the message without an error event; the body is still incomplete.
      res.on('close', () => fail(new Error('connection closed before the body ended')));
    },
    pull() {
      res.resume();
    },
    cancel() {
      settled = true;
      res.destroy();
    },
  });
}

/**
 * A `fetch` that reaches sandbox domains over loopback (the global fetch cannot take a custom lookup). Use it for
 * clients that accept a fetch but no lookup, e.g. the official A2A SDK clients. Only http: URLs of sandbox domains
 * and loopback are allowed. Failures reject with `SandboxFetchError` (`SANDBOX_FETCH_REFUSED` when nothing was
 * sent, `SANDBOX_FETCH_FAILED` otherwise); an aborted request rejects with the signal's reason, as fetch does.
 */
export function createSandboxFetch(lookup: SandboxLookup): typeof fetch {
  checkOptions('createSandboxFetch', { lookup }, { lookup: required(is.function) });
  return async (input, init) => {
    const given = input instanceof Request ? input.url : String(input);
    let request: Request;
    try {
      request = new Request(input, init);
    } catch (error) {
      throw new SandboxFetchError(
        'SANDBOX_FETCH_REFUSED',
        given,
        `sandbox fetch: bad request for ${given}: ${describe(error)}`,
        error,
      );
    }
    const url = new URL(request.url);
    const refuse = (why: string): never => {
      throw new SandboxFetchError('SANDBOX_FETCH_REFUSED', url.href, `sandbox fetch ${why} (${url.href})`);
    };
    if (url.protocol !== 'http:') refuse('only speaks http:');
    // node:http skips the lookup for IP literals, so they are checked here or they would leave loopback.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) !== 0 && !isLoopbackIp(literal)) refuse(`only reaches loopback, not ${url.hostname}`);
    request.signal.throwIfAborted();
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (body !== undefined) headers['content-length'] = String(body.length);
    return await new Promise<Response>((resolve, reject) => {
      const req = http.request(
        {
          host: literal,
          port: url.port === '' ? 80 : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers,
          lookup: lookup as unknown as http.RequestOptions['lookup'],
          signal: request.signal,
        },
        (res) => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) for (const x of v) out.append(k, x);
            else if (v !== undefined) out.set(k, v);
          }
          const status = res.statusCode ?? 500;
          const nullBody = status === 204 || status === 304 || request.method === 'HEAD';
          if (nullBody) res.resume();
          resolve(
            new Response(nullBody ? null : bodyStream(res, url.href, request.signal), {
              status,
              statusText: res.statusMessage ?? '',
              headers: out,
            }),
          );
        },
      );
      req.on('error', (error) => {
        if (request.signal.aborted) reject(request.signal.reason);
        else
          reject(
            new SandboxFetchError(
              'SANDBOX_FETCH_FAILED',
              url.href,
              `sandbox fetch of ${url.href} failed: ${describe(error)}`,
              error,
            ),
          );
      });
      req.end(body);
    });
  };
}
