import { capError, type SkillResult } from './cap-error.js';
import type { SandboxCatalog } from './catalog-types.js';

const STATUSES = [
  'confirmed',
  'processing',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
const TRACKING: Record<string, string> = {
  shipped: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
};

/** Ids of the fixed orders every merchant knows: `ORD-1001` to `ORD-1006`. */
export function sandboxOrderIds(): string[] {
  return STATUSES.map((_, i) => `ORD-${1001 + i}`);
}

function money(n: number): string {
  return (Math.round(n * 100) / 100).toFixed(2);
}

function order(catalog: SandboxCatalog, n: number, input: Record<string, unknown>): Record<string, unknown> {
  const status = STATUSES[n] as (typeof STATUSES)[number];
  const product = catalog.products[n % catalog.products.length];
  const qty = (n % 3) + 1;
  const unit = product?.price ?? 10;
  const subtotal = unit * qty;
  const created = new Date(Date.UTC(2025, 0, 10 + n)).toISOString();
  const out: Record<string, unknown> = {
    orderId: `ORD-${1001 + n}`,
    orderNumber: `#${1001 + n}`,
    status,
    createdAt: created,
    updatedAt: new Date(Date.UTC(2025, 0, 12 + n)).toISOString(),
    totals: {
      subtotal: money(subtotal),
      currency: catalog.currency,
      tax: money(subtotal * 0.08),
      shipping: '4.99',
      total: money(subtotal * 1.08 + 4.99),
    },
    shipping: {
      address: {
        name: 'Sandbox Shopper',
        addressLine1: '1 Loopback Way',
        city: 'Localhost',
        state: 'CA',
        postalCode: '94000',
        country: 'US',
      },
      method: 'Standard',
    },
  };
  if (input['includeItems'] === true && product !== undefined) {
    out['items'] = [
      {
        productId: product.id,
        productName: product.name,
        quantity: qty,
        unitPrice: money(unit),
        lineTotal: money(subtotal),
        currency: catalog.currency,
      },
    ];
  }
  if (input['includePaymentStatus'] === true) {
    out['payment'] = {
      status: status === 'cancelled' ? 'refunded' : 'completed',
      method: 'card',
      amount: money(subtotal * 1.08 + 4.99),
      currency: catalog.currency,
      paidAt: created,
    };
  }
  const trackingStatus = TRACKING[status];
  if (input['includeTracking'] === true && trackingStatus !== undefined) {
    out['tracking'] = [
      { trackingNumber: `TRK${1001 + n}`, carrier: 'Loopback Express', status: trackingStatus },
    ];
  }
  if (input['includeHistory'] === true) {
    out['history'] = [{ timestamp: created, type: 'created', description: 'Order placed' }];
  }
  return out;
}

/** `cap:order_status` over the fixed orders; unknown ids are positional nulls listed in `notFound`. */
export function orderStatus(catalog: SandboxCatalog, input: unknown): SkillResult {
  if (
    typeof input !== 'object' ||
    input === null ||
    !Array.isArray((input as Record<string, unknown>)['orderIds'])
  ) {
    return capError('CAP_INVALID_PARAMETERS', 'order_status needs an "orderIds" array');
  }
  const rec = input as Record<string, unknown>;
  const ids = rec['orderIds'] as unknown[];
  if (ids.length === 0 || !ids.every((x) => typeof x === 'string')) {
    return capError('CAP_INVALID_PARAMETERS', 'orderIds must be a non-empty list of strings');
  }
  const known = sandboxOrderIds();
  const orders = ids.map((id) => {
    const n = known.indexOf(String(id).replace(/^#/, 'ORD-'));
    return n < 0 ? null : order(catalog, n, rec);
  });
  const notFound = ids.filter((_, i) => orders[i] === null) as string[];
  if (notFound.length === ids.length) {
    return capError('CAP_ORDER_NOT_FOUND', `no order ${notFound.join(', ')}`, { notFound });
  }
  const output: Record<string, unknown> = { orders };
  if (notFound.length > 0) output['notFound'] = notFound;
  output['context'] = { timestamp: new Date().toISOString(), dataAge: 0 };
  return { ok: true, output };
}
