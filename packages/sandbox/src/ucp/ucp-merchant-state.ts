import { createHash, randomUUID } from 'node:crypto';
import type { SandboxCatalog, SandboxProduct } from '../catalog-types.js';
import {
  minorUnits,
  responseUcp,
  SANDBOX_UCP_VERSION,
  searchProducts,
  TEST_PAYMENT_HANDLER_ID,
  TEST_TOKEN_DECLINED,
  TEST_TOKEN_SUCCESS,
  ucpProduct,
} from './ucp-documents.js';

/** An operation's answer: HTTP status and JSON body (protocol errors are `{ code, content }` with a 4xx status). */
export interface OpAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface Line {
  id: string;
  itemId: string;
  quantity: number;
}

interface CartState {
  id: string;
  lines: Line[];
  context: unknown;
  buyer: unknown;
  canceled: boolean;
}

interface CheckoutState {
  id: string;
  lines: Line[];
  buyer: Record<string, unknown> | undefined;
  status: string;
  orderId: string | undefined;
  legacy: boolean;
}

type Body = Record<string, unknown>;

/** A quantity above this sends the checkout to `requires_escalation` (the buyer finishes on the merchant's page). */
export const ESCALATION_QUANTITY = 5;

const protocolError = (status: number, code: string, content: string): OpAnswer => ({
  status,
  body: { code, content },
});

/** The business logic of one sandbox UCP merchant: catalog, carts, checkout sessions, orders. */
export class UcpMerchantState {
  private readonly carts = new Map<string, CartState>();
  private readonly checkouts = new Map<string, CheckoutState>();
  private readonly orders = new Map<string, Body>();
  private readonly idempotency = new Map<string, { hash: string; answer: OpAnswer }>();

  constructor(
    private readonly catalog: SandboxCatalog,
    private readonly baseUrl: string,
    private readonly capabilities: readonly string[],
  ) {}

  /** Runs an operation once per `Idempotency-Key` (same key, other body: 409; same key and body: the first answer). */
  idempotent(key: string | undefined, operation: string, body: unknown, run: () => OpAnswer): OpAnswer {
    if (!key) return run();
    const hash = createHash('sha256')
      .update(`${operation}\n${canonical(body)}`)
      .digest('hex');
    const seen = this.idempotency.get(key);
    if (seen) {
      return seen.hash === hash
        ? seen.answer
        : protocolError(409, 'idempotency_conflict', 'Idempotency-Key reused with a different request');
    }
    const answer = run();
    if (answer.status < 500) this.idempotency.set(key, { hash, answer });
    return answer;
  }

  private product(id: string): SandboxProduct | undefined {
    return this.catalog.byId.get(id);
  }

  private lineItem(line: Line) {
    const p = this.product(line.itemId) as SandboxProduct;
    const amount = minorUnits(p.price) * line.quantity;
    return {
      id: line.id,
      item: { id: p.id, title: p.name, price: minorUnits(p.price) },
      quantity: line.quantity,
      totals: [
        { type: 'subtotal', amount },
        { type: 'total', amount },
      ],
    };
  }

  private totals(lines: Line[]) {
    const subtotal = lines.reduce(
      (sum, l) => sum + minorUnits((this.product(l.itemId) as SandboxProduct).price) * l.quantity,
      0,
    );
    return [
      { type: 'subtotal', amount: subtotal },
      { type: 'tax', amount: 0 },
      { type: 'total', amount: subtotal },
    ];
  }

  /** Reads request line items; unknown items give an error response (a business outcome, not a protocol error). */
  private readLines(raw: unknown, previous: Line[] = []): { lines: Line[] } | { unknown: number } {
    const list = Array.isArray(raw) ? (raw as Body[]) : [];
    const lines: Line[] = [];
    for (let i = 0; i < list.length; i++) {
      const entry = list[i] as Body;
      const itemId = String((entry['item'] as Body | undefined)?.['id'] ?? '');
      if (!this.product(itemId)) return { unknown: i };
      const kept = typeof entry['id'] === 'string' ? previous.find((l) => l.id === entry['id']) : undefined;
      lines.push({
        id: kept?.id ?? `li_${randomUUID().slice(0, 8)}`,
        itemId,
        quantity: Number(entry['quantity']),
      });
    }
    return { lines };
  }

  private errorResponse(index: number, withHandlers: boolean): OpAnswer {
    return {
      status: 200,
      body: {
        ucp: { ...responseUcp(this.capabilities, withHandlers, 'error') },
        messages: [
          {
            type: 'error',
            code: 'item_unavailable',
            path: `$.line_items[${index}].item.id`,
            content: 'This item is not sold here',
            severity: 'unrecoverable',
          },
        ],
        continue_url: `${this.baseUrl}/`,
      },
    };
  }

  // --- catalog ---

  search(body: Body): OpAnswer {
    const found = searchProducts(this.catalog, typeof body['query'] === 'string' ? body['query'] : undefined);
    const paging = (body['pagination'] ?? {}) as Body;
    const limit = Math.min(50, Number(paging['limit'] ?? 10) || 10);
    const offset = Math.max(0, Number.parseInt(String(paging['cursor'] ?? '0'), 10) || 0);
    const page = found.slice(offset, offset + limit);
    const next = offset + limit < found.length;
    return {
      status: 200,
      body: {
        ucp: responseUcp(this.capabilities, false),
        products: page.map((p) => ucpProduct(p, this.catalog.currency)),
        pagination: {
          has_next_page: next,
          total_count: found.length,
          ...(next ? { cursor: String(offset + limit) } : {}),
        },
      },
    };
  }

  lookup(body: Body): OpAnswer {
    const ids = (Array.isArray(body['ids']) ? body['ids'] : []) as string[];
    const products = [];
    const messages = [];
    for (const id of ids) {
      const p = this.product(id);
      if (p)
        products.push({
          ...ucpProduct(p, this.catalog.currency),
          variants: [
            { ...ucpProduct(p, this.catalog.currency).variants[0], inputs: [{ id, match: 'exact' }] },
          ],
        });
      else
        messages.push({
          type: 'info',
          code: 'not_found',
          path: `$.ids[${ids.indexOf(id)}]`,
          content: `No product ${id}`,
        });
    }
    return {
      status: 200,
      body: {
        ucp: responseUcp(this.capabilities, false),
        products,
        ...(messages.length ? { messages } : {}),
      },
    };
  }

  getProduct(body: Body): OpAnswer {
    const p = this.product(String(body['id'] ?? ''));
    if (!p) {
      return {
        status: 200,
        body: {
          ucp: responseUcp(this.capabilities, false, 'error'),
          messages: [
            { type: 'error', code: 'not_found', content: 'No such product', severity: 'unrecoverable' },
          ],
        },
      };
    }
    return {
      status: 200,
      body: { ucp: responseUcp(this.capabilities, false), product: ucpProduct(p, this.catalog.currency) },
    };
  }

  // --- carts ---

  private cartBody(cart: CartState): Body {
    return {
      ucp: responseUcp(this.capabilities, false),
      id: cart.id,
      line_items: cart.lines.map((l) => this.lineItem(l)),
      currency: this.catalog.currency,
      totals: this.totals(cart.lines),
      continue_url: `${this.baseUrl}/cart/${cart.id}`,
    };
  }

  createCart(body: Body): OpAnswer {
    const read = this.readLines(body['line_items']);
    if ('unknown' in read) return this.errorResponse(read.unknown, false);
    const cart: CartState = {
      id: `cart_${randomUUID()}`,
      lines: read.lines,
      context: body['context'],
      buyer: body['buyer'],
      canceled: false,
    };
    this.carts.set(cart.id, cart);
    return { status: 201, body: this.cartBody(cart) };
  }

  getCart(id: string): OpAnswer {
    const cart = this.carts.get(id);
    if (!cart || cart.canceled) return protocolError(404, 'not_found', 'No such cart');
    return { status: 200, body: this.cartBody(cart) };
  }

  updateCart(id: string, body: Body): OpAnswer {
    const cart = this.carts.get(id);
    if (!cart || cart.canceled) return protocolError(404, 'not_found', 'No such cart');
    const read = this.readLines(body['line_items'], cart.lines);
    if ('unknown' in read) return this.errorResponse(read.unknown, false);
    // PUT replaces the whole cart.
    cart.lines = read.lines;
    cart.context = body['context'];
    cart.buyer = body['buyer'];
    return { status: 200, body: this.cartBody(cart) };
  }

  cancelCart(id: string): OpAnswer {
    const cart = this.carts.get(id);
    if (!cart || cart.canceled) return protocolError(404, 'not_found', 'No such cart');
    cart.canceled = true;
    return { status: 200, body: this.cartBody(cart) };
  }

  // --- checkout ---

  private settle(checkout: CheckoutState): void {
    if (checkout.status === 'completed' || checkout.status === 'canceled') return;
    if (checkout.lines.some((l) => l.quantity > ESCALATION_QUANTITY)) checkout.status = 'requires_escalation';
    else if (typeof checkout.buyer?.['email'] === 'string') checkout.status = 'ready_for_complete';
    else checkout.status = 'incomplete';
  }

  private checkoutBody(checkout: CheckoutState, extraMessages: Body[] = []): Body {
    const messages: Body[] = [...extraMessages];
    if (checkout.status === 'incomplete')
      messages.push({
        type: 'error',
        code: 'missing',
        path: '$.buyer.email',
        content: 'Buyer email is required',
        severity: 'recoverable',
      });
    if (checkout.status === 'requires_escalation')
      messages.push({
        type: 'error',
        code: 'quantity_review',
        path: '$.line_items',
        content: `Quantities above ${ESCALATION_QUANTITY} are confirmed on the merchant's page`,
        severity: 'requires_buyer_review',
      });
    const order = checkout.orderId
      ? { order: { id: checkout.orderId, permalink_url: `${this.baseUrl}/orders/${checkout.orderId}` } }
      : {};
    return {
      ucp: responseUcp(this.capabilities, true),
      id: checkout.id,
      line_items: checkout.lines.map((l) => this.lineItem(l)),
      status: checkout.status,
      currency: this.catalog.currency,
      totals: this.totals(checkout.lines),
      links: [
        { type: 'privacy_policy', url: `${this.baseUrl}/privacy` },
        { type: 'terms_of_service', url: `${this.baseUrl}/terms` },
      ],
      ...(checkout.buyer ? { buyer: checkout.buyer } : {}),
      // 2026-01-11 requires `payment` (its handlers); 2026-04-08 allows it.
      payment: { instruments: [] },
      continue_url: `${this.baseUrl}/checkout/${checkout.id}`,
      ...(messages.length > 0 ? { messages } : {}),
      ...order,
    };
  }

  createCheckout(body: Body, legacy: boolean): OpAnswer {
    let lines: Line[];
    let buyer = body['buyer'] as Body | undefined;
    if (typeof body['cart_id'] === 'string') {
      const cart = this.carts.get(body['cart_id']);
      if (!cart || cart.canceled) return protocolError(404, 'not_found', 'No such cart');
      lines = cart.lines.map((l) => ({ ...l }));
      buyer = (cart.buyer as Body | undefined) ?? buyer;
    } else {
      const read = this.readLines(body['line_items']);
      if ('unknown' in read) return this.errorResponse(read.unknown, true);
      lines = read.lines;
    }
    const checkout: CheckoutState = {
      id: `chk_${randomUUID()}`,
      lines,
      buyer,
      status: 'incomplete',
      orderId: undefined,
      legacy,
    };
    this.settle(checkout);
    this.checkouts.set(checkout.id, checkout);
    return { status: 201, body: this.checkoutBody(checkout) };
  }

  getCheckout(id: string): OpAnswer {
    const checkout = this.checkouts.get(id);
    if (!checkout) return protocolError(404, 'not_found', 'No such checkout session');
    return { status: 200, body: this.checkoutBody(checkout) };
  }

  updateCheckout(id: string, body: Body): OpAnswer {
    const checkout = this.checkouts.get(id);
    if (!checkout) return protocolError(404, 'not_found', 'No such checkout session');
    if (checkout.status === 'completed' || checkout.status === 'canceled')
      return protocolError(409, 'invalid_state', `Checkout is ${checkout.status}`);
    if (body['line_items'] !== undefined) {
      const read = this.readLines(body['line_items'], checkout.lines);
      if ('unknown' in read) return this.errorResponse(read.unknown, true);
      checkout.lines = read.lines;
    }
    if (body['buyer'] !== undefined) checkout.buyer = body['buyer'] as Body;
    this.settle(checkout);
    return { status: 200, body: this.checkoutBody(checkout) };
  }

  /** Completes with the test payment handler: `tok_sandbox_success` pays, `tok_sandbox_declined` is declined. */
  completeCheckout(id: string, body: Body): OpAnswer {
    const checkout = this.checkouts.get(id);
    if (!checkout) return protocolError(404, 'not_found', 'No such checkout session');
    if (checkout.status === 'completed' || checkout.status === 'canceled')
      return protocolError(409, 'invalid_state', `Checkout is already ${checkout.status}`);
    const legacyInstrument = body['payment_data'] as Body | undefined;
    const instruments = ((body['payment'] as Body | undefined)?.['instruments'] ?? []) as Body[];
    const instrument = legacyInstrument ?? instruments.find((i) => i['selected'] === true) ?? instruments[0];
    if (!instrument) return protocolError(400, 'invalid_request', 'A payment instrument is required');
    if (
      instrument['handler_id'] !== TEST_PAYMENT_HANDLER_ID &&
      instrument['handler_id'] !== 'mock_payment_handler'
    )
      return protocolError(400, 'unsupported_handler', 'Unsupported payment handler');
    const token = (instrument['credential'] as Body | undefined)?.['token'];
    // The error texts never repeat the token, as a real business must not.
    if (token === TEST_TOKEN_DECLINED || token === 'fail_token')
      return protocolError(402, 'payment_declined', 'Payment declined (test)');
    if (token !== TEST_TOKEN_SUCCESS && token !== 'success_token')
      return protocolError(400, 'invalid_payment', 'Unknown test token');
    if (checkout.status !== 'ready_for_complete') {
      return { status: 200, body: this.checkoutBody(checkout) };
    }
    const orderId = `ord_${randomUUID()}`;
    checkout.status = 'completed';
    checkout.orderId = orderId;
    this.orders.set(orderId, {
      id: orderId,
      checkout_id: checkout.id,
      permalink_url: `${this.baseUrl}/orders/${orderId}`,
      line_items: checkout.lines.map((l) => {
        const li = this.lineItem(l);
        return {
          id: li.id,
          item: li.item,
          quantity: { original: l.quantity, total: l.quantity, fulfilled: 0 },
          totals: li.totals,
          status: 'processing',
        };
      }),
      fulfillment: { expectations: [], events: [] },
      currency: this.catalog.currency,
      totals: this.totals(checkout.lines),
    });
    return { status: 200, body: this.checkoutBody(checkout) };
  }

  cancelCheckout(id: string): OpAnswer {
    const checkout = this.checkouts.get(id);
    if (!checkout) return protocolError(404, 'not_found', 'No such checkout session');
    if (checkout.status === 'completed')
      return protocolError(409, 'invalid_state', 'Checkout is already completed');
    checkout.status = 'canceled';
    return { status: 200, body: this.checkoutBody(checkout) };
  }

  getOrder(id: string): OpAnswer {
    const order = this.orders.get(id);
    if (!order) return protocolError(404, 'not_found', 'No such order');
    return { status: 200, body: { ucp: responseUcp(this.capabilities, false), ...order } };
  }
}

/** JSON with sorted keys, so equal bodies hash equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Body).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export { SANDBOX_UCP_VERSION };
