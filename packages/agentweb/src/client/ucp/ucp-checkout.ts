import type { ContextStore } from '@agentweb/cap';
import type { Checkout, UcpCheckoutResult, UcpLineItemInput } from '@agentweb/ucp';
import { AgentWebInputError } from '../errors.js';
import type { AgentWebMerchant } from '../types.js';
import { ucpCartKey } from './ucp-cart.js';
import type { CheckoutOptions, CheckoutResult } from './ucp-checkout-types.js';
import { UcpMerchantRefusedError } from './ucp-outcome-error.js';
import { minorToDecimal } from './ucp-product.js';

/** What a checkout needs from the client. */
export interface CheckoutDeps {
  contextStore: ContextStore;
  userId: string;
}

const OPEN = new Set(['incomplete', 'ready_for_complete', 'requires_escalation']);

function checkoutKey(merchantId: string, userId: string) {
  return { userId, merchantId: `${merchantId}#ucp-checkout` };
}

/**
 * Turns the user's cart at a UCP merchant into a checkout session (created, or the open one updated with the
 * cart's items) and returns its state. Completes it only when the caller passes `confirm: true` and a payment
 * instrument and the session is `ready_for_complete`; otherwise the buyer gets `continueUrl`. The instrument is
 * handed to `completeCheckout` and nowhere else: it is not stored, not in the result, not in any error this
 * function makes.
 *
 * @throws AgentWebInputError for a CAP merchant or an empty cart; UcpMerchantRefusedError when the merchant
 *   answers with messages and no session; the `@agentweb/ucp` protocol errors (a declined payment is a
 *   `UcpProtocolError` without the instrument in it).
 */
export async function checkoutUcp(
  deps: CheckoutDeps,
  merchant: AgentWebMerchant,
  options: CheckoutOptions,
): Promise<CheckoutResult> {
  const ucp = merchant.ucp?.client;
  if (merchant.protocol !== 'ucp' || ucp === undefined) {
    throw new AgentWebInputError(
      'merchant',
      `${merchant.domain} is a CAP merchant; checkout is a UCP operation`,
    );
  }
  if (options.confirm !== undefined && typeof options.confirm !== 'boolean') {
    throw new AgentWebInputError('confirm', 'must be true or false');
  }
  const call = options.signal === undefined ? {} : { signal: options.signal };
  const cartKey = ucpCartKey({ merchantId: merchant.id, userId: deps.userId });
  const cartId = await deps.contextStore.get(cartKey);
  const cart = cartId === undefined ? undefined : await ucp.getCart(cartId, call);
  if (!cart?.ok || cart.value.line_items.length === 0) {
    throw new AgentWebInputError('merchant', `the cart at ${merchant.domain} is empty; add items first`);
  }
  const lines: UcpLineItemInput[] = cart.value.line_items.map((line) => ({
    item: { id: line.item.id },
    quantity: line.quantity,
  }));
  const body = {
    line_items: lines,
    ...(cart.value.currency === undefined ? {} : { currency: cart.value.currency }),
    ...(options.buyer === undefined ? {} : { buyer: options.buyer }),
  };
  const key = checkoutKey(merchant.id, deps.userId);
  const openId = await deps.contextStore.get(key);
  let session: UcpCheckoutResult | undefined;
  if (openId !== undefined) {
    const current = await ucp.getCheckout(openId, call).catch(() => undefined);
    if (current?.ok && OPEN.has(current.value.status)) session = await ucp.updateCheckout(openId, body, call);
  }
  session ??= await ucp.createCheckout(body, call);
  const checkout = settled(merchant.id, 'checkout', session);
  await deps.contextStore.set(key, checkout.id);
  if (options.expectedTotal !== undefined && typeof options.expectedTotal !== 'string') {
    throw new AgentWebInputError('expectedTotal', 'must be a decimal string such as "19.99"');
  }
  const ready =
    options.confirm === true && options.payment !== undefined && checkout.status === 'ready_for_complete';
  if (ready && options.expectedTotal !== undefined) {
    const now = resultOf(merchant.id, checkout, session.continueUrl, false);
    if (now.totals['total'] !== options.expectedTotal) return { ...now, totalChanged: true };
  }
  if (ready && options.payment !== undefined) {
    const done = await ucp.completeCheckout(checkout.id, {
      ...call,
      confirm: true,
      instrument: options.payment,
    });
    const completed = settled(merchant.id, 'complete_checkout', done);
    if (completed.status === 'completed') {
      await deps.contextStore.delete(key);
      await deps.contextStore.delete(cartKey);
    }
    return resultOf(merchant.id, completed, done.continueUrl, completed.status === 'completed');
  }
  return resultOf(merchant.id, checkout, session.continueUrl, false);
}

function settled(merchantId: string, operation: string, result: UcpCheckoutResult): Checkout {
  if (result.ok) return result.value;
  throw new UcpMerchantRefusedError({
    merchantId,
    operation,
    outcome: result.outcome,
    messages: result.messages,
    continueUrl: result.continueUrl,
  });
}

function resultOf(
  merchantId: string,
  checkout: Checkout,
  continueUrl: string | undefined,
  completed: boolean,
): CheckoutResult {
  const currency = checkout.currency ?? 'USD';
  const totals: Record<string, string> = {};
  for (const total of checkout.totals ?? []) totals[total.type] = minorToDecimal(total.amount, currency);
  return {
    merchantId,
    checkoutId: checkout.id,
    status: checkout.status,
    completed,
    totals,
    currency,
    messages: (checkout.messages ?? []).map((m) => ({ ...m })) as CheckoutResult['messages'],
    continueUrl: continueUrl ?? checkout.continue_url,
    order:
      checkout.order === undefined
        ? undefined
        : { id: checkout.order.id, permalinkUrl: checkout.order.permalink_url },
  };
}
