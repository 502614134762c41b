import type { UcpMessage, UcpPaymentInstrument } from '@agentweb/ucp';

/** Options of `aw.checkout(merchant, options)`. */
export interface CheckoutOptions {
  /**
   * `true` only after the buyer confirmed this purchase (its items and total). Without it, or without `payment`,
   * the session is created or updated and returned, never completed.
   */
  confirm?: boolean;
  /**
   * The payment instrument, from one of the merchant's payment handlers (`merchant.ucp.paymentHandlers`): opaque to
   * this client, sent once with `complete_checkout`, never logged, cached, stored or put in an error or event.
   */
  payment?: UcpPaymentInstrument;
  /**
   * The total the buyer confirmed, as in `totals.total` of an earlier result (`"19.99"`): with `confirm`, the
   * session is completed only when its total is still this one (the cart may have changed since the buyer saw
   * it); otherwise it is returned uncompleted, with `totalChanged: true`.
   */
  expectedTotal?: string;
  /** The buyer (`{ email, first_name, ... }`), sent with the session. */
  buyer?: Record<string, unknown>;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** What `aw.checkout` settled. */
export interface CheckoutResult {
  /** The merchant. */
  merchantId: string;
  /** The checkout session id. */
  checkoutId: string;
  /**
   * The session's state: `incomplete`, `ready_for_complete`, `complete_in_progress`, `completed`,
   * `requires_escalation` (hand the buyer `continueUrl`), `canceled`.
   */
  status: string;
  /** True when this call completed the purchase. */
  completed: boolean;
  /** True when `expectedTotal` was given and the session's total is another one (nothing was paid). */
  totalChanged?: boolean;
  /** Totals as decimal strings in major units (`subtotal`, `total`, `tax`, ...), in `currency`. */
  totals: Record<string, string>;
  /** Currency of the totals. */
  currency: string;
  /** The merchant's messages (what is missing, what needs review). */
  messages: UcpMessage[];
  /** Where the buyer can finish at the merchant's own page (when the agent cannot, or was not allowed to). */
  continueUrl: string | undefined;
  /** The order, once completed. */
  order: { id: string; permalinkUrl: string | undefined } | undefined;
}
