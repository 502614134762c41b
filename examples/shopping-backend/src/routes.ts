import type { IncomingMessage } from 'node:http';
import type { AgentWebClient, AgentWebTool } from 'agentweb';
import { ApiError } from './http-errors.js';
import { readJsonBody } from './read-json-body.js';

type CartInput = Parameters<AgentWebClient['cart']>[1];

/** What a route handler gets. */
export interface RouteContext {
  client: AgentWebClient;
  /** `match_intent` and `invoke_intent`, made once from `client`. */
  tools: readonly AgentWebTool[];
  req: IncomingMessage;
  url: URL;
  signal: AbortSignal;
  maxBodyBytes: number;
}

/** A route's answer: status and JSON body. */
export interface RouteResult {
  status: number;
  body: unknown;
}

const MAX_QUERY_CHARS = 200;

function requiredParam(url: URL, name: string, maxChars = 2048): string {
  const value = url.searchParams.get(name)?.trim();
  if (!value) throw new ApiError(400, 'MISSING_PARAMETER', `query parameter "${name}" is required`);
  if (value.length > maxChars)
    throw new ApiError(400, 'INVALID_PARAMETER', `"${name}" is over ${maxChars} characters`);
  return value;
}

function intParam(url: URL, name: string, min: number, max: number): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ApiError(400, 'INVALID_PARAMETER', `"${name}" must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ApiError(400, 'INVALID_BODY', `"${name}" must be a non-empty string`);
  }
  return value.trim();
}

// Merchant ids are profile ids (often the agent's endpoint URL); callers name merchants by domain, so answers do too.
function merchantLabel(client: AgentWebClient): (merchantId: string) => string {
  const byId = new Map(client.merchants().map((m) => [m.id, m.domain]));
  return (merchantId) => byId.get(merchantId) ?? merchantId;
}

/** `GET /merchants`: the merchants the service shops at. */
export function listMerchants({ client }: RouteContext): RouteResult {
  const merchants = client.merchants().map((m) => ({
    id: m.id,
    domain: m.domain,
    name: m.profile.name,
    cardUrl: m.cardUrl,
  }));
  return { status: 200, body: { merchants } };
}

/** `GET /search?q=&merchant=&filter=&limit=`: one fan-out search, with each merchant's outcome. */
export async function search({ client, url, signal }: RouteContext): Promise<RouteResult> {
  const query = requiredParam(url, 'q', MAX_QUERY_CHARS);
  const merchants = url.searchParams.getAll('merchant').filter((m) => m.trim() !== '');
  const filter = url.searchParams.get('filter') ?? undefined;
  const limit = intParam(url, 'limit', 1, 100);
  const deadlineMs = intParam(url, 'deadlineMs', 100, 30_000);
  const result = await client.search(query, {
    signal,
    ...(merchants.length > 0 ? { merchants } : {}),
    ...(filter ? { filter } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
  });
  const label = merchantLabel(client);
  return {
    status: 200,
    body: {
      query,
      products: result.products.map((hit) => ({
        merchant: label(hit.merchantId),
        id: hit.product.id,
        name: hit.product.name,
        price: hit.product.offers?.[0]?.price,
        currency: hit.product.offers?.[0]?.priceCurrency,
        gtin: hit.gtin,
        alsoFrom: hit.alsoFrom.map((p) => label(p.merchantId)),
      })),
      merchants: result.outcomes.map((o) => ({
        merchant: label(o.merchantId),
        status: o.status,
        ...(o.reason === undefined ? {} : { reason: o.reason }),
        products: o.products,
      })),
      deadlineReached: result.deadlineReached,
    },
  };
}

/** `GET /product?url=<product page>` or `GET /product?id=&merchant=`. */
export async function product({ client, url, signal }: RouteContext): Promise<RouteResult> {
  const page = url.searchParams.get('url')?.trim();
  if (page && !/^https?:\/\//i.test(page))
    throw new ApiError(400, 'INVALID_PARAMETER', '"url" must be an http(s) URL');
  const merchant = url.searchParams.get('merchant')?.trim();
  const found = page
    ? await client.product(page, { signal })
    : await client.product(requiredParam(url, 'id', 512), { signal, ...(merchant ? { merchant } : {}) });
  return {
    status: 200,
    body: { merchant: merchantLabel(client)(found.merchantId), source: found.source, product: found.product },
  };
}

/** `GET /cart?merchant=`: the cart at one merchant. */
export async function viewCart({ client, url, signal }: RouteContext): Promise<RouteResult> {
  const merchant = requiredParam(url, 'merchant', 512);
  const result = await client.cart(merchant, { action: 'view' }, { signal });
  return { status: 200, body: { merchant: merchantLabel(client)(result.merchantId), ...result.output } };
}

/** `POST /cart` with `{ merchant, action, ...fields of cap:cart_manage }`. */
export async function changeCart({ client, req, signal, maxBodyBytes }: RouteContext): Promise<RouteResult> {
  const body = await readJsonBody(req, maxBodyBytes);
  const merchant = stringField(body, 'merchant');
  const { merchant: _merchant, ...rest } = body;
  stringField(rest, 'action');
  // The CAP client validates the input against the cart_manage schema and throws CAP_INVALID_INPUT naming the
  // field, so the service forwards it as given instead of keeping a second copy of the schema.
  const result = await client.cart(merchant, rest as CartInput, { signal });
  return { status: 200, body: { merchant: merchantLabel(client)(result.merchantId), ...result.output } };
}
