import { capError, type SkillResult } from './cap-error.js';
import type { SandboxCatalog, SandboxProduct, SandboxVariant } from './catalog-types.js';
import { productSummary } from './search-skill.js';

/** One line of a sandbox cart. */
export interface CartLine {
  /** Line id. */
  cartItemId: string;
  /** Product. */
  productId: string;
  /** Variant, when chosen. */
  variantId?: string;
  /** Client's own id for the line. */
  clientItemId?: string;
  /** Units. */
  quantity: number;
}

/** A cart held per contextId. */
export interface SandboxCart {
  /** Cart id. */
  cartId: string;
  /** Lines in insertion order. */
  lines: CartLine[];
  /** Next line number. */
  nextLine: number;
  /** ISO creation time. */
  createdAt: string;
  /** ISO time of the last change. */
  updatedAt: string;
}

type Ref = Record<string, unknown>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function money(n: number): string {
  return (Math.round(n * 100) / 100).toFixed(2);
}

function resolveVariant(p: SandboxProduct, item: Ref): SandboxVariant | undefined | null {
  if (typeof item['variantId'] === 'string')
    return p.variants.find((v) => v.id === item['variantId']) ?? null;
  const attrs = item['variantAttributes'];
  if (isRecord(attrs)) {
    const found = p.variants.find((v) =>
      Object.entries(attrs).every(
        ([k, val]) =>
          String((v as unknown as Record<string, unknown>)[k] ?? '').toLowerCase() ===
          String(val).toLowerCase(),
      ),
    );
    return found ?? null;
  }
  return undefined;
}

function findLine(cart: SandboxCart, ref: Ref): CartLine | undefined {
  if (typeof ref['cartItemId'] === 'string')
    return cart.lines.find((l) => l.cartItemId === ref['cartItemId']);
  if (typeof ref['clientItemId'] === 'string')
    return cart.lines.find((l) => l.clientItemId === ref['clientItemId']);
  if (typeof ref['productId'] === 'string') {
    return cart.lines.find(
      (l) =>
        l.productId === ref['productId'] &&
        (typeof ref['variantId'] !== 'string' || l.variantId === ref['variantId']),
    );
  }
  return undefined;
}

function unitPrice(p: SandboxProduct, variantId: string | undefined): number {
  const v = variantId === undefined ? undefined : p.variants.find((x) => x.id === variantId);
  return Number((v?.offers[0] ?? p.offers[0])?.price ?? p.price);
}

/** Discount a line earns from its product's Standard Offer (BOGO50 and PCT20 are the ones the catalog uses). */
function lineDiscount(p: SandboxProduct, unit: number, quantity: number): number {
  const promo = p.offers.find((o) => o.additionalType !== undefined)?.additionalType;
  if (promo === 'urn:cap:StandardOffer:PCT20') return unit * quantity * 0.2;
  if (promo === 'urn:cap:StandardOffer:BOGO50') return Math.floor(quantity / 2) * unit * 0.5;
  return 0;
}

const TAX_RATE = 0.08;

function cartOutput(
  catalog: SandboxCatalog,
  cart: SandboxCart,
  input: Record<string, unknown>,
  operation: Record<string, unknown>,
): Record<string, unknown> {
  let subtotal = 0;
  let discount = 0;
  const items = cart.lines.map((l) => {
    const p = catalog.byId.get(l.productId) as SandboxProduct;
    const unit = unitPrice(p, l.variantId);
    subtotal += unit * l.quantity;
    discount += lineDiscount(p, unit, l.quantity);
    const variant = l.variantId === undefined ? undefined : p.variants.find((v) => v.id === l.variantId);
    const line: Record<string, unknown> = {
      cartItemId: l.cartItemId,
      productId: l.productId,
      productName: p.name,
      quantity: l.quantity,
      unitPrice: money(unit),
      priceCurrency: catalog.currency,
      lineTotal: money(unit * l.quantity),
      availability: variant?.offers[0]?.availability ?? p.availability,
      image: p.images[0],
      productUrl: p.url,
    };
    if (variant !== undefined) {
      line['variantId'] = variant.id;
      line['variantAttributes'] = { size: variant.size, color: variant.color };
      line['variantDescription'] = variant.name;
    }
    if (l.clientItemId !== undefined) line['clientItemId'] = l.clientItemId;
    if (input['includeProductDetails'] === true) line['productDetails'] = productSummary(p);
    return line;
  });
  const taxable = subtotal - discount;
  const tax = taxable * TAX_RATE;
  const shipping = cart.lines.length === 0 || taxable >= 50 ? 0 : 4.99;
  const totals: Record<string, unknown> = {
    subtotal: money(subtotal),
    currency: catalog.currency,
    tax: money(tax),
    shipping: money(shipping),
    discount: money(discount),
    total: money(taxable + tax + shipping),
    estimatedTax: true,
  };
  if (input['includeTaxCalculations'] === true) {
    totals['taxDetails'] = [
      {
        type: 'sales_tax',
        rate: TAX_RATE,
        amount: money(tax),
        currency: catalog.currency,
        jurisdiction: 'CA',
      },
    ];
  }
  const out: Record<string, unknown> = {
    operation,
    cart: {
      cartId: cart.cartId,
      itemCount: cart.lines.reduce((n, l) => n + l.quantity, 0),
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
      readyForCheckout: cart.lines.length > 0,
    },
    items,
    totals,
    context: { timestamp: new Date().toISOString(), estimatedPricing: true },
  };
  if (input['includeShippingOptions'] === true) {
    out['shippingOptions'] = [
      {
        name: 'Standard',
        price: money(shipping),
        priceCurrency: catalog.currency,
        estimatedDelivery: '3-5 business days',
      },
      {
        name: 'Express',
        price: '14.99',
        priceCurrency: catalog.currency,
        estimatedDelivery: '1-2 business days',
      },
    ];
  }
  return out;
}

function validQuantity(q: unknown, allowZero: boolean): q is number {
  return typeof q === 'number' && Number.isInteger(q) && (allowZero ? q >= 0 : q > 0) && q <= 999;
}

/** `cap:cart_manage` on the cart of one context; all-or-nothing per call. */
export function cartManage(catalog: SandboxCatalog, cart: SandboxCart, input: unknown): SkillResult {
  if (!isRecord(input)) return capError('CAP_INVALID_PARAMETERS', 'cart_manage needs an object input');
  const action = input['action'];
  if (typeof input['cartId'] === 'string' && input['cartId'] !== cart.cartId) {
    return capError('CAP_CART_NOT_FOUND', `no cart ${input['cartId']} in this context`, {
      cartId: input['cartId'],
    });
  }
  const touched: string[] = [];
  switch (action) {
    case 'view':
      break;
    case 'clear':
      cart.lines = [];
      break;
    case 'add': {
      const add =
        input['addItems'] ??
        (isRecord(input['item']) ? [{ ...input['item'], quantity: input['quantity'] ?? 1 }] : undefined);
      if (!Array.isArray(add) || add.length === 0) {
        return capError('CAP_INVALID_PARAMETERS', 'action "add" needs a non-empty "addItems"');
      }
      const planned: CartLine[] = [];
      for (const item of add) {
        if (!isRecord(item) || typeof item['productId'] !== 'string') {
          return capError('CAP_INVALID_PARAMETERS', 'each addItems entry needs a productId');
        }
        const p = catalog.byId.get(item['productId']);
        if (p === undefined) {
          return capError('CAP_INVALID_ITEM_ID', `no product ${item['productId']}`, {
            productId: item['productId'],
          });
        }
        if (!validQuantity(item['quantity'], false)) {
          return capError('CAP_INVALID_QUANTITY', 'quantity must be an integer from 1 to 999', {
            productId: p.id,
            quantity: item['quantity'],
          });
        }
        const variant = resolveVariant(p, item);
        if (variant === null) {
          return capError('CAP_INVALID_ITEM_ID', `no such variant of ${p.id}`, { productId: p.id });
        }
        const stock = variant?.offers[0]?.availability ?? p.availability;
        if (stock === 'outOfStock') {
          return capError('CAP_ITEM_OUT_OF_STOCK', `${p.name} is out of stock`, {
            productId: p.id,
            variantId: variant?.id,
          });
        }
        const line: CartLine = { cartItemId: '', productId: p.id, quantity: item['quantity'] };
        if (variant !== undefined) line.variantId = variant.id;
        if (typeof item['clientItemId'] === 'string') line.clientItemId = item['clientItemId'];
        planned.push(line);
      }
      // Adding to a line already in the cart (or twice in one call) merges, and the merged line must respect the
      // same limit as a direct quantity, or the cart would hold what no single call may set.
      const merged = new Map<string, number>();
      const lineKey = (l: CartLine): string => `${l.productId}\u0000${l.variantId ?? ''}`;
      for (const l of cart.lines) merged.set(lineKey(l), l.quantity);
      for (const line of planned) {
        const inCart = merged.get(lineKey(line)) ?? 0;
        const total = inCart + line.quantity;
        if (!validQuantity(total, false)) {
          return capError('CAP_INVALID_QUANTITY', `quantity would reach ${total}; a line holds at most 999`, {
            productId: line.productId,
            ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
            quantity: total,
            requested: line.quantity,
            inCart,
            max: 999,
          });
        }
        merged.set(lineKey(line), total);
      }
      for (const line of planned) {
        const existing = cart.lines.find(
          (l) => l.productId === line.productId && l.variantId === line.variantId,
        );
        if (existing !== undefined) existing.quantity += line.quantity;
        else {
          line.cartItemId = `L${cart.nextLine++}`;
          cart.lines.push(line);
        }
        touched.push(existing?.cartItemId ?? line.cartItemId);
      }
      break;
    }
    case 'update': {
      const updates =
        input['updateItems'] ??
        (isRecord(input['item']) ? [{ ...input['item'], quantity: input['quantity'] }] : undefined);
      if (!Array.isArray(updates) || updates.length === 0) {
        return capError(
          'CAP_INVALID_PARAMETERS',
          'action "update" needs "updateItems" or "item" with "quantity"',
        );
      }
      const planned: [CartLine, number][] = [];
      for (const u of updates) {
        if (!isRecord(u)) return capError('CAP_INVALID_PARAMETERS', 'updateItems entries must be objects');
        const line = findLine(cart, u);
        if (line === undefined) return capError('CAP_CART_ITEM_NOT_FOUND', 'no such cart line', { item: u });
        if (!validQuantity(u['quantity'], true)) {
          return capError('CAP_INVALID_QUANTITY', 'quantity must be an integer from 0 to 999', {
            quantity: u['quantity'],
          });
        }
        planned.push([line, u['quantity']]);
      }
      for (const [line, q] of planned) {
        line.quantity = q;
        touched.push(line.cartItemId);
      }
      cart.lines = cart.lines.filter((l) => l.quantity > 0);
      break;
    }
    case 'remove': {
      const removes = input['removeItems'] ?? (isRecord(input['item']) ? [input['item']] : undefined);
      if (!Array.isArray(removes) || removes.length === 0) {
        return capError('CAP_INVALID_PARAMETERS', 'action "remove" needs "removeItems" or "item"');
      }
      const lines: CartLine[] = [];
      for (const r of removes) {
        const line = isRecord(r) ? findLine(cart, r) : undefined;
        if (line === undefined) return capError('CAP_CART_ITEM_NOT_FOUND', 'no such cart line', { item: r });
        lines.push(line);
      }
      cart.lines = cart.lines.filter((l) => !lines.includes(l));
      touched.push(...lines.map((l) => l.cartItemId));
      break;
    }
    default:
      return capError('CAP_INVALID_PARAMETERS', `unknown cart action ${JSON.stringify(action)}`, {
        allowed: ['view', 'add', 'update', 'remove', 'clear'],
      });
  }
  if (action !== 'view') cart.updatedAt = new Date().toISOString();
  const operation: Record<string, unknown> = { success: true };
  if (touched.length > 0) operation['successfulItems'] = touched;
  return { ok: true, output: cartOutput(catalog, cart, input, operation) };
}

/** A new empty cart. */
export function newCart(cartId: string): SandboxCart {
  const now = new Date().toISOString();
  return { cartId, lines: [], nextLine: 1, createdAt: now, updatedAt: now };
}
