import type { CartItemReference, CartManageInput, CartManageOutput, ContextStore } from '@agentweb/cap';
import type { Cart, UcpClient, UcpLineItemInput, UcpResult } from '@agentweb/ucp';
import { UcpMerchantRefusedError } from './ucp-outcome-error.js';
import { minorToDecimal } from './ucp-product.js';

/** What the cart emulation needs. */
export interface UcpCartDeps {
  merchantId: string;
  ucp: UcpClient;
  contextStore: ContextStore;
  userId: string;
}

/**
 * Where a user's cart id at a UCP merchant is kept: the client's context store (memory, file or Redis), under a
 * merchant key of its own so it never mixes with a CAP contextId.
 */
export function ucpCartKey(deps: Pick<UcpCartDeps, 'merchantId' | 'userId'>): {
  userId: string;
  merchantId: string;
} {
  return { userId: deps.userId, merchantId: `${deps.merchantId}#ucp-cart` };
}

type Line = UcpLineItemInput;

/**
 * CAP's `cart_manage` actions on UCP's cart, whose update replaces the whole cart: the current cart is read, the
 * action applied to its line list here, and the whole list sent back (`create_cart` for the first item, `PUT` after,
 * `cancel_cart` when it empties). The cart id is kept per user and merchant in the context store.
 */
export async function manageUcpCart(
  deps: UcpCartDeps,
  input: CartManageInput,
  signal: AbortSignal | undefined,
): Promise<CartManageOutput> {
  const call = signal === undefined ? {} : { signal };
  const key = ucpCartKey(deps);
  const cartId = input.cartId ?? (await deps.contextStore.get(key));
  let current: Cart | undefined;
  if (cartId !== undefined) {
    const read = await deps.ucp.getCart(cartId, call).catch((error: unknown) => {
      // A cart the merchant no longer has (expired, canceled) starts over; anything else is the caller's.
      if ((error as { status?: unknown }).status === 404) return undefined;
      throw error;
    });
    current = read?.ok ? read.value : undefined;
    if (current === undefined) await deps.contextStore.delete(key);
  }
  const lines: Line[] = (current?.line_items ?? []).map((line) => ({
    ...(line.id === undefined ? {} : { id: line.id }),
    item: { id: line.item.id },
    quantity: line.quantity,
  }));
  const next = applyAction(lines, input);
  if (input.action === 'view' || next === lines) return outputOf(current, true);
  let result: UcpResult<Cart>;
  if (next.length === 0) {
    if (current === undefined) return outputOf(undefined, true);
    await deps.ucp.cancelCart(current.id, call);
    await deps.contextStore.delete(key);
    return outputOf(undefined, true);
  }
  if (current === undefined) {
    result = await deps.ucp.createCart({ line_items: next }, call);
  } else {
    result = await deps.ucp.updateCart(current.id, { line_items: next }, call);
  }
  if (!result.ok) {
    throw new UcpMerchantRefusedError({
      merchantId: deps.merchantId,
      operation: current === undefined ? 'create_cart' : 'update_cart',
      outcome: result.outcome,
      messages: result.messages,
      continueUrl: result.continueUrl,
    });
  }
  if (result.value.id !== cartId) await deps.contextStore.set(key, result.value.id);
  return outputOf(result.value, true);
}

function matches(line: Line, ref: CartItemReference): boolean {
  if (ref.cartItemId !== undefined) return line.id === ref.cartItemId;
  const itemId = ref.variantId ?? ref.productId;
  return itemId !== undefined && line.item.id === itemId;
}

/** The line list after the action; the same array when nothing changes. */
function applyAction(lines: Line[], input: CartManageInput): Line[] {
  switch (input.action) {
    case 'view':
      return lines;
    case 'clear':
      return [];
    case 'add': {
      const next = lines.map((line) => ({ ...line }));
      for (const add of input.addItems) {
        const itemId = add.variantId ?? add.productId;
        const line = next.find((l) => l.item.id === itemId);
        if (line) line.quantity += add.quantity;
        else next.push({ item: { id: itemId }, quantity: add.quantity });
      }
      return next;
    }
    case 'update': {
      const updates = input.updateItems ?? [{ ...input.item, quantity: input.quantity ?? 0 }];
      let next = lines.map((line) => ({ ...line }));
      for (const update of updates) {
        next = next.map((line) => (matches(line, update) ? { ...line, quantity: update.quantity } : line));
      }
      return next.filter((line) => line.quantity > 0);
    }
    case 'remove': {
      const refs = input.removeItems ?? (input.item === undefined ? [] : [input.item]);
      return lines.filter((line) => !refs.some((ref) => matches(line, ref)));
    }
  }
}

function totalOf(cart: Cart, type: string): number | undefined {
  return cart.totals?.find((t) => t.type === type)?.amount;
}

/** A UCP cart in CAP's `cart_manage` output shape (prices as decimal strings); the UCP cart is kept as `ucp`. */
function outputOf(cart: Cart | undefined, success: boolean): CartManageOutput {
  const currency = cart?.currency ?? 'USD';
  const money = (amount: number | undefined) => minorToDecimal(amount ?? 0, currency);
  const items = (cart?.line_items ?? []).map((line, index) => {
    const unit = line.item.price ?? 0;
    return {
      cartItemId: line.id ?? `line-${index}`,
      productId: line.item.id,
      productName: line.item.title ?? line.item.id,
      quantity: line.quantity,
      unitPrice: money(unit),
      priceCurrency: currency,
      lineTotal: money(unit * line.quantity),
    };
  });
  const subtotal = cart === undefined ? 0 : (totalOf(cart, 'subtotal') ?? 0);
  const tax = cart === undefined ? undefined : totalOf(cart, 'tax');
  const shipping = cart === undefined ? undefined : totalOf(cart, 'fulfillment');
  const discount = cart === undefined ? undefined : totalOf(cart, 'discount');
  return {
    operation: { success },
    cart: { cartId: cart?.id ?? '', itemCount: items.reduce((n, item) => n + item.quantity, 0) },
    items,
    totals: {
      subtotal: money(subtotal),
      currency,
      ...(tax === undefined ? {} : { tax: money(tax) }),
      ...(shipping === undefined ? {} : { shipping: money(shipping) }),
      ...(discount === undefined ? {} : { discount: money(Math.abs(discount)) }),
      total: money(cart === undefined ? 0 : (totalOf(cart, 'total') ?? subtotal)),
    },
    ...(cart === undefined ? {} : { ucp: cart }),
  };
}
