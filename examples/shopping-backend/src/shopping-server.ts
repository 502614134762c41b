import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { type AgentWebClient, createAgentWebTools } from 'agentweb';
import { ApiError, toErrorResponse } from './http-errors.js';
import { invokeIntent, matchIntent } from './intent-routes.js';
import {
  changeCart,
  listMerchants,
  product,
  type RouteContext,
  type RouteResult,
  search,
  viewCart,
} from './routes.js';

/** Options of {@link createShoppingHandler}. */
export interface ShoppingHandlerOptions {
  /** The AgentWeb client every route uses (its merchants are the ones the service shops at). */
  client: AgentWebClient;
  /** Largest request body in bytes (default 64 KiB); bigger ones get 413 `BODY_TOO_LARGE`. */
  maxBodyBytes?: number;
  /** Deadline of one request in ms (default 20 000); past it the AgentWeb calls are aborted and 504 is sent. */
  requestTimeoutMs?: number;
  /** Called with every error answered with 5xx, for logs (default: none). */
  onServerError?: (error: unknown, req: IncomingMessage) => void;
}

type Route = (ctx: RouteContext) => RouteResult | Promise<RouteResult>;

const ROUTES: Readonly<Record<string, Partial<Record<string, Route>>>> = {
  '/health': { GET: () => ({ status: 200, body: { ok: true } }) },
  '/merchants': { GET: listMerchants },
  '/search': { GET: search },
  '/product': { GET: product },
  '/cart': { GET: viewCart, POST: changeCart },
  '/intent/match': { POST: matchIntent },
  '/intent/invoke': { POST: invokeIntent },
};

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** A `node:http` request listener serving the shopping JSON API on top of an AgentWeb client. */
export function createShoppingHandler(options: ShoppingHandlerOptions): RequestListener {
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const requestTimeoutMs = options.requestTimeoutMs ?? 20_000;
  // One list for the service: its matches and approvals live in the client's state, so with a shared state (Redis)
  // every instance sees them.
  const tools = createAgentWebTools(options.client, { include: ['match_intent', 'invoke_intent'] });
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://service.invalid');
    const methods = ROUTES[url.pathname];
    const route = methods?.[req.method ?? 'GET'];
    // A client that hangs up aborts the AgentWeb calls made for it.
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(requestTimeoutMs)]);
    const run = async (): Promise<RouteResult> => {
      if (methods === undefined) throw new ApiError(404, 'NOT_FOUND', `no route ${url.pathname}`);
      if (route === undefined) {
        res.setHeader('allow', Object.keys(methods).join(', '));
        throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${url.pathname}`);
      }
      return route({ client: options.client, tools, req, url, signal, maxBodyBytes });
    };
    run().then(
      (result) => send(res, result.status, result.body),
      (error: unknown) => {
        const { status, body } = toErrorResponse(
          signal.aborted && !gone.signal.aborted ? timeoutError() : error,
        );
        if (status >= 500) options.onServerError?.(error, req);
        // The unread rest of an oversized body would otherwise keep the connection busy.
        if (status === 413) res.setHeader('connection', 'close');
        send(res, status, body);
      },
    );
  };
}

function timeoutError(): ApiError {
  return new ApiError(504, 'TIMEOUT', 'the request took too long');
}
