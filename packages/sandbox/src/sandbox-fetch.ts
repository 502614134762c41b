import http from 'node:http';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { SandboxLookup } from './sandbox-lookup.js';

function isLoopbackIp(ip: string): boolean {
  return ip === '::1' || /^127\.\d+\.\d+\.\d+$/.test(ip);
}

/**
 * A `fetch` that reaches sandbox domains over loopback (the global fetch cannot take a custom lookup). Use it for
 * clients that accept a fetch but no lookup, e.g. the official A2A SDK clients. Only http: URLs of sandbox domains
 * and loopback are allowed.
 */
export function createSandboxFetch(lookup: SandboxLookup): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:') throw new TypeError(`sandbox fetch only speaks http: (${url.href})`);
    // node:http skips the lookup for IP literals, so they are checked here or they would leave loopback.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) !== 0 && !isLoopbackIp(literal)) {
      throw new TypeError(`sandbox fetch only reaches loopback, not ${url.hostname}`);
    }
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
          const stream = nullBody ? null : (Readable.toWeb(res) as unknown as NodeReadableStream<Uint8Array>);
          resolve(
            new Response(stream as unknown as ConstructorParameters<typeof Response>[0], {
              status,
              statusText: res.statusMessage ?? '',
              headers: out,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
