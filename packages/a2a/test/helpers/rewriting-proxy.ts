import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the upstream server as the proxy saw it, before rewriting. */
export interface UpstreamAnswer {
  /** The request: `VERB /path?query`, the path as the proxy received it. */
  request: string;
  /** Upstream status. */
  status: number;
  /** Upstream content type. */
  contentType: string;
  /** Upstream body (whole; streams end when the task does). */
  body: string;
}

/** What the proxy sends instead; undefined keeps the upstream answer unchanged. */
export interface Rewritten {
  status?: number;
  contentType?: string;
  body: string;
}

/** A proxy on 127.0.0.1 in front of a real server, rewriting its answers. */
export interface RewritingProxy {
  /** The proxy's origin, `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** Every upstream answer, in order. */
  seen: UpstreamAnswer[];
  /** Stops the proxy. */
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Starts a proxy that forwards each request to `upstream` (an origin on 127.0.0.1), reads the whole answer and
 * sends `rewrite(answer)` instead. The upstream origin is replaced by the proxy's in every answer, so a card read
 * through the proxy sends the client back through it.
 */
export async function startRewritingProxy(
  upstream: string,
  rewrite: (answer: UpstreamAnswer) => Rewritten | undefined,
): Promise<RewritingProxy> {
  const seen: UpstreamAnswer[] = [];
  let baseUrl = '';
  const server: Server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        // fetch sets the length of the body it sends itself (and some dispatchers refuse one given to them).
        if (typeof value === 'string' && !HOP_HEADERS.has(name)) headers[name] = value;
      }
      const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const upstreamAnswer: UpstreamAnswer = {
        request: `${req.method} ${req.url}`,
        status: answer.status,
        contentType: answer.headers.get('content-type') ?? '',
        body: (await answer.text()).replaceAll(upstream, baseUrl),
      };
      seen.push(upstreamAnswer);
      const out = rewrite(upstreamAnswer) ?? upstreamAnswer;
      res.writeHead(out.status ?? upstreamAnswer.status, {
        'content-type': out.contentType ?? upstreamAnswer.contentType,
      });
      res.end(out.body);
    } catch (error) {
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `data:` payloads of an SSE body, parsed as JSON, with each event's `event:` name (if any). */
export function sseEvents(body: string): Array<{ event: string | undefined; data: unknown }> {
  const out: Array<{ event: string | undefined; data: unknown }> = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) out.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return out;
}
