import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  businessProfile,
  legacyBusinessProfile,
  SANDBOX_UCP_LEGACY_VERSION,
  UCP_MCP_PATH,
  UCP_REST_PATH,
  type UcpMerchantTransports,
} from './ucp-documents.js';
import type { OpAnswer, UcpMerchantState } from './ucp-merchant-state.js';
import type { UcpMerchantValidation } from './ucp-validation.js';

/** Live counters of a sandbox UCP merchant, for tests and benchmarks. */
export interface UcpMerchantStats {
  /** Requests received. */
  requests: number;
  /** Calls per operation (REST and MCP). */
  operations: Record<string, number>;
  /** Calls per transport. */
  transports: { rest: number; mcp: number };
  /** Calls that met the 2026-01-11 request shapes (the official sample's sequences). */
  legacyCalls: number;
  /** `UCP-Agent` profile URLs seen. */
  agents: string[];
  /** Operations that arrived without `Request-Id`, or (mutations) without `Idempotency-Key`. */
  headerProblems: string[];
  /** Requests refused because they did not validate (operation: problems). */
  invalidRequests: string[];
  /** Responses of this merchant that did not validate (operation: problems); should stay empty. */
  invalidResponses: string[];
  /** Requests that carried the required token (`tokens` option). */
  authenticatedCalls?: number;
}

/** One sandbox UCP merchant's request handler. */
export interface UcpMerchantHandlerOptions {
  state: UcpMerchantState;
  baseUrl: string;
  transports: UcpMerchantTransports;
  capabilities: readonly string[];
  /** Schema checks; without them nothing is validated (a published install without the vendored schemas). */
  validation: UcpMerchantValidation | undefined;
  /** Answer MCP calls as an event stream instead of JSON. */
  mcpSse: boolean;
  stats: UcpMerchantStats;
  /** Extra latency per request, ms. */
  latencyMs: number;
  /** The token the UCP service requires (bearer or `X-API-Key`); none when undefined. */
  token?: string | undefined;
}

const MAX_BODY = 1024 * 1024;
const MUTATIONS = new Set([
  'create_cart',
  'update_cart',
  'cancel_cart',
  'create_checkout',
  'update_checkout',
  'complete_checkout',
  'cancel_checkout',
]);

type Body = Record<string, unknown>;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The REST route of a request: operation and id. */
function restRoute(method: string, path: string): { operation: string; id?: string } | undefined {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [a, b, c] = parts;
  if (method === 'POST' && a === 'catalog' && parts.length === 2)
    return b === 'search'
      ? { operation: 'search_catalog' }
      : b === 'lookup'
        ? { operation: 'lookup_catalog' }
        : b === 'product'
          ? { operation: 'get_product' }
          : undefined;
  const kind =
    a === 'carts' ? 'cart' : a === 'checkout-sessions' ? 'checkout' : a === 'orders' ? 'order' : undefined;
  if (!kind) return undefined;
  if (parts.length === 1 && method === 'POST' && kind !== 'order') return { operation: `create_${kind}` };
  if (parts.length === 2 && b) {
    if (method === 'GET') return { operation: `get_${kind}`, id: b };
    if (method === 'PUT' && kind !== 'order') return { operation: `update_${kind}`, id: b };
  }
  if (parts.length === 3 && b && method === 'POST') {
    if (c === 'cancel' && kind !== 'order') return { operation: `cancel_${kind}`, id: b };
    if (c === 'complete' && kind === 'checkout') return { operation: 'complete_checkout', id: b };
  }
  return undefined;
}

/** The profile URL of a `UCP-Agent` header (`profile="..."`). */
function agentProfile(header: string | undefined): string | undefined {
  const match = /(?:^|[;,\s])profile="((?:[^"\\]|\\.)*)"/.exec(header ?? '');
  return match?.[1]?.replace(/\\(.)/g, '$1');
}

function presented(req: IncomingMessage): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers['authorization'] ?? ''))?.[1];
  const key = req.headers['x-api-key'];
  return bearer ?? (Array.isArray(key) ? key[0] : key);
}

function authorized(req: IncomingMessage, token: string, stats: UcpMerchantStats): boolean {
  const given = presented(req);
  if (given !== undefined)
    stats.authenticatedCalls = (stats.authenticatedCalls ?? 0) + (given === token ? 1 : 0);
  return given === token;
}

/** 401 with a UCP error body; a wrong token is repeated in it, as a careless business might. */
function unauthorized(req: IncomingMessage, res: ServerResponse): void {
  const given = presented(req);
  send(
    res,
    401,
    {
      code: 'unauthorized',
      content:
        given === undefined ? 'this business requires platform credentials' : `token ${given} is not valid`,
    },
    { 'www-authenticate': 'Bearer' },
  );
}

/** Builds the handler of one merchant (profile, REST binding, MCP binding). */
export function createUcpMerchantHandler(o: UcpMerchantHandlerOptions) {
  const { state, stats } = o;
  const capabilities = new Set(o.capabilities);
  const CAPABILITY_OF: Record<string, string> = {
    search_catalog: 'dev.ucp.shopping.catalog.search',
    lookup_catalog: 'dev.ucp.shopping.catalog.lookup',
    get_product: 'dev.ucp.shopping.catalog.lookup',
    get_order: 'dev.ucp.shopping.order',
  };
  const capabilityOf = (op: string) =>
    CAPABILITY_OF[op] ?? (op.endsWith('_cart') ? 'dev.ucp.shopping.cart' : 'dev.ucp.shopping.checkout');

  /** Runs one operation as both bindings do, with its checks. */
  function run(
    operation: string,
    call: {
      id: string | undefined;
      body: Body;
      agent: string | undefined;
      requestId: string | undefined;
      idempotencyKey: string | undefined;
      transport: 'rest' | 'mcp';
    },
  ): OpAnswer {
    stats.operations[operation] = (stats.operations[operation] ?? 0) + 1;
    stats.transports[call.transport] += 1;
    if (!call.agent)
      return {
        status: 400,
        body: { code: 'invalid_request', content: 'UCP-Agent with a profile is required' },
      };
    if (!stats.agents.includes(call.agent)) stats.agents.push(call.agent);
    if (!call.requestId) stats.headerProblems.push(`${operation}: no Request-Id`);
    if (MUTATIONS.has(operation) && !call.idempotencyKey)
      stats.headerProblems.push(`${operation}: no Idempotency-Key`);
    if (!capabilities.has(capabilityOf(operation)))
      return {
        status: 404,
        body: { code: 'capability_not_supported', content: `${operation} is not offered here` },
      };
    let legacy = false;
    if (o.validation) {
      const checked = o.validation.request(operation, call.body);
      if (checked.problems.length > 0) {
        const text = checked.problems
          .slice(0, 3)
          .map((p) => `${p.path || '/'} ${p.message}`)
          .join('; ');
        stats.invalidRequests.push(`${operation}: ${text}`);
        return { status: 400, body: { code: 'invalid_request', content: text } };
      }
      legacy = checked.legacy;
      if (legacy) stats.legacyCalls += 1;
    }
    const id = call.id ?? '';
    const b = call.body;
    const answer = state.idempotent(
      MUTATIONS.has(operation) ? call.idempotencyKey : undefined,
      `${operation}:${id}`,
      b,
      () => {
        switch (operation) {
          case 'search_catalog':
            return state.search(b);
          case 'lookup_catalog':
            return state.lookup(b);
          case 'get_product':
            return state.getProduct(b);
          case 'create_cart':
            return state.createCart(b);
          case 'get_cart':
            return state.getCart(id);
          case 'update_cart':
            return state.updateCart(id, b);
          case 'cancel_cart':
            return state.cancelCart(id);
          case 'create_checkout':
            return state.createCheckout(b, legacy);
          case 'get_checkout':
            return state.getCheckout(id);
          case 'update_checkout':
            return state.updateCheckout(id, b);
          case 'complete_checkout':
            return state.completeCheckout(id, b);
          case 'cancel_checkout':
            return state.cancelCheckout(id);
          case 'get_order':
            return state.getOrder(id);
          default:
            return { status: 404, body: { code: 'not_found', content: `no operation ${operation}` } };
        }
      },
    );
    if (o.validation && answer.status < 400) {
      const problems = o.validation.response(operation, answer.body);
      if (problems.length > 0)
        stats.invalidResponses.push(
          `${operation}: ${problems
            .slice(0, 3)
            .map((p) => `${p.path || '/'} ${p.message}`)
            .join('; ')}`,
        );
    }
    return answer;
  }

  function profile(res: ServerResponse, legacy: boolean): void {
    const document = legacy
      ? legacyBusinessProfile(o.baseUrl)
      : businessProfile(o.baseUrl, o.transports, o.capabilities);
    if (o.validation) {
      const problems = o.validation.profile(document, legacy);
      if (problems.length > 0)
        stats.invalidResponses.push(`profile: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
    }
    send(res, 200, document, { 'cache-control': 'public, max-age=300' });
  }

  async function rest(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const route = restRoute(req.method ?? 'GET', path);
    if (!route) return send(res, 404, { code: 'not_found', content: 'no such UCP resource' });
    const raw = req.method === 'GET' ? '' : await readBody(req);
    if (raw === undefined) return send(res, 413, { code: 'request_too_large', content: 'body over 1 MiB' });
    let body: Body = {};
    if (raw !== '') {
      try {
        body = JSON.parse(raw) as Body;
      } catch {
        return send(res, 400, { code: 'invalid_request', content: 'body is not JSON' });
      }
    }
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const answer = run(route.operation, {
      id: route.id,
      body,
      agent: agentProfile(header('ucp-agent')),
      requestId: header('request-id'),
      idempotencyKey: header('idempotency-key'),
      transport: 'rest',
    });
    send(res, answer.status, answer.body);
  }

  async function mcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, { code: 'method_not_allowed', content: 'POST only' });
    const raw = await readBody(req);
    let message: Body;
    try {
      message = JSON.parse(raw ?? '') as Body;
    } catch {
      return send(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    const id = message['id'];
    const reply = (payload: Body, headers: Record<string, string> = {}) => {
      const envelope = { jsonrpc: '2.0', id, ...payload };
      if (!o.mcpSse) return send(res, 200, envelope, headers);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
      res.end(`event: message\r\ndata: ${JSON.stringify(envelope)}\r\n\r\n`);
    };
    const method = message['method'];
    if (id === undefined) {
      res.writeHead(202).end();
      return;
    }
    if (method === 'initialize') {
      return reply(
        {
          result: {
            protocolVersion: '2025-06-18',
            capabilities: { tools: {} },
            serverInfo: { name: 'agentweb-sandbox-ucp', version: '0.1.0' },
          },
        },
        { 'mcp-session-id': randomUUID() },
      );
    }
    if (method === 'tools/list') {
      const names = [
        'search_catalog',
        'lookup_catalog',
        'get_product',
        'create_cart',
        'get_cart',
        'update_cart',
        'cancel_cart',
        'create_checkout',
        'get_checkout',
        'update_checkout',
        'complete_checkout',
        'cancel_checkout',
        'get_order',
      ];
      return reply({
        result: {
          tools: names
            .filter((n) => capabilities.has(capabilityOf(n)))
            .map((name) => ({ name, inputSchema: { type: 'object' } })),
        },
      });
    }
    if (method !== 'tools/call') return reply({ error: { code: -32601, message: 'Method not found' } });
    const params = (message['params'] ?? {}) as Body;
    const args = (params['arguments'] ?? {}) as Body;
    const meta = (args['meta'] ?? {}) as Body;
    const name = String(params['name'] ?? '');
    const bodyKey =
      name.endsWith('_catalog') || name === 'get_product'
        ? 'catalog'
        : name.endsWith('_cart')
          ? 'cart'
          : 'checkout';
    const answer = run(name, {
      id: typeof args['id'] === 'string' ? args['id'] : undefined,
      body: (args[bodyKey] ?? {}) as Body,
      agent: (meta['ucp-agent'] as Body | undefined)?.['profile'] as string | undefined,
      requestId: meta['request-id'] as string | undefined,
      idempotencyKey: meta['idempotency-key'] as string | undefined,
      transport: 'mcp',
    });
    if (answer.status >= 400) {
      return reply({
        error: {
          code: -32000,
          message: String(answer.body['content'] ?? ''),
          data: { ...answer.body, status: answer.status },
        },
      });
    }
    return reply({
      result: {
        structuredContent: answer.body,
        content: [{ type: 'text', text: JSON.stringify(answer.body) }],
      },
    });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    stats.requests += 1;
    const path = (req.url ?? '/').split('?')[0] as string;
    const go = async () => {
      if (o.latencyMs > 0) await new Promise((r) => setTimeout(r, o.latencyMs));
      if (req.method === 'GET' && path === '/.well-known/ucp') return profile(res, false);
      if (req.method === 'GET' && path === `/.well-known/ucp/${SANDBOX_UCP_LEGACY_VERSION}`)
        return profile(res, true);
      const service =
        (o.transports !== 'mcp' && path.startsWith(`${UCP_REST_PATH}/`)) ||
        (o.transports !== 'rest' && path === UCP_MCP_PATH);
      if (service && o.token !== undefined && !authorized(req, o.token, stats)) return unauthorized(req, res);
      if (o.transports !== 'mcp' && path.startsWith(`${UCP_REST_PATH}/`))
        return rest(req, res, path.slice(UCP_REST_PATH.length));
      if (o.transports !== 'rest' && path === UCP_MCP_PATH) return mcp(req, res);
      send(res, 404, { code: 'not_found', content: 'not found' });
    };
    go().catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, { code: 'internal_error', content: error instanceof Error ? error.message : 'error' });
      else res.destroy();
    });
  };
}
