import { type Sandbox, TEST_PAYMENT_HANDLER_ID, TEST_TOKEN_SUCCESS } from '@agentweb/sandbox';
import type { AgentWeb, FanOutResult } from 'agentweb';
import { type Printer, priceOf } from './print.js';

/** What the UCP checkout step did. */
export interface UcpCheckoutReport {
  /** The UCP merchant's domain. */
  merchant: string;
  /** The product bought. */
  productId: string;
  /** The session's state before confirmation, and where the buyer could finish instead. */
  draft: { status: string; continueUrl: string | undefined; total: string | undefined };
  /** The state after confirmation with the test instrument. */
  status: string;
  /** The order id. */
  orderId: string | undefined;
}

/**
 * Buys one product a UCP merchant returned in the mixed search: cart, a checkout session returned without
 * completing (no confirmation yet: the buyer gets `continue_url`), then completion after the user confirmed, with
 * an instrument from the merchant's test payment handler.
 */
export async function ucpCheckoutStep(
  aw: AgentWeb,
  sandbox: Sandbox,
  result: FanOutResult,
  print: Printer,
  signal?: AbortSignal,
): Promise<UcpCheckoutReport> {
  const call = signal ? { signal } : {};
  const ucpIds = new Set(
    aw
      .merchants()
      .filter((m) => m.protocol === 'ucp')
      .map((m) => m.id),
  );
  const hit = result.products.find((p) => ucpIds.has(p.merchantId));
  if (!hit) throw new Error('the search returned no product from a UCP merchant');
  const merchant = aw.merchants().find((m) => m.id === hit.merchantId);
  if (!merchant) throw new Error('unknown merchant');
  print.line(
    `${merchant.domain} (UCP ${merchant.ucp?.version} over ${merchant.ucp?.transport}): ${hit.product.name} ${priceOf(hit.product.offers)}`,
  );
  await aw.cart(
    merchant.domain,
    { action: 'add', addItems: [{ productId: hit.product.id, quantity: 1 }] },
    call,
  );
  const buyer = { email: 'rivera@example.test' };
  const draft = await aw.checkout(merchant.domain, { buyer, ...call });
  print.line(
    `checkout ${draft.status}, total ${draft.totals['total']} ${draft.currency}; not confirmed yet, so nothing is paid`,
  );
  print.line(`  the buyer could finish at ${draft.continueUrl}`);
  print.line(`user confirms; paying with the merchant's test handler "${TEST_PAYMENT_HANDLER_ID}"`);
  const done = await aw.checkout(merchant.domain, {
    buyer,
    confirm: true,
    payment: {
      id: 'instr_demo',
      handler_id: TEST_PAYMENT_HANDLER_ID,
      type: 'card',
      credential: { type: 'token', token: TEST_TOKEN_SUCCESS },
      display: { brand: 'visa', last_digits: '4242' },
    },
    ...call,
  });
  print.line(`checkout ${done.status}: order ${done.order?.id ?? '-'}`);
  const validated = sandbox.ucpMerchants.every(
    (m) => m.stats.invalidRequests.length === 0 && m.stats.invalidResponses.length === 0,
  );
  print.line(
    `every UCP request and response validated against the spec's JSON Schemas: ${validated ? 'yes' : 'NO'}`,
  );
  return {
    merchant: merchant.domain,
    productId: hit.product.id,
    draft: { status: draft.status, continueUrl: draft.continueUrl, total: draft.totals['total'] },
    status: done.status,
    orderId: done.order?.id,
  };
}
