import type { ApprovalStore } from '@agentweb/core';
import { z } from 'zod';
import type { AgentWebClient } from '../client/types.js';
import type { CheckoutResult } from '../client/ucp/ucp-checkout-types.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { toJsonValue } from './json-value.js';
import { errorResult, okResult, TOOL_ERROR_CODES } from './tool-result.js';
import type { CheckoutPaymentCallback, JsonValue } from './tool-types.js';

/** Input of `checkout`. */
export const checkoutInput = z.strictObject({
  merchant: z.string().describe('The merchant whose cart to check out: its domain, as in manage_cart.'),
  buyerEmail: z
    .string()
    .nullable()
    .describe(
      "The buyer's email when the merchant asked for it (a message with path $.buyer.email); else null.",
    ),
  confirmed: z
    .boolean()
    .nullable()
    .describe(
      'true only after the user explicitly agreed to buy these items for this total in the conversation. The first call never completes: it returns the total to confirm.',
    ),
});

/** Settings of the `checkout` tool. */
export interface CheckoutToolSettings extends ToolSettings {
  approvals: ApprovalStore;
  scope: string;
  checkoutPayment: CheckoutPaymentCallback | undefined;
}

/**
 * `checkout`: turns the user's cart at a UCP merchant into a checkout session and completes it only after the user
 * confirmed this exact total. The first call returns `CONFIRMATION_REQUIRED` with the totals and records the
 * approval asked for (merchant, checkout id, total) in the approval store; a second call with `confirmed: true`
 * uses that approval up and completes, with the instrument the host's `checkoutPayment` gives. A changed cart
 * (another total) needs a new confirmation.
 */
export function createCheckoutTool(client: AgentWebClient, settings: CheckoutToolSettings) {
  return defineTool(
    {
      name: 'checkout',
      title: 'Check out',
      description:
        "Buys the items in the user's cart at a merchant (UCP merchants). The first call returns CONFIRMATION_REQUIRED with the totals: tell the user the items and the total, and only if they explicitly agree call checkout again with confirmed: true. Never set confirmed: true on your own. When the merchant needs something (messages, e.g. the buyer's email) or the purchase cannot be completed here, the result has continueUrl: give it to the user to finish on the merchant's page. Payment is handled by the application, never ask the user for card details.",
      inputSchema: checkoutInput,
      annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: false, destructiveHint: true },
      async run(input, { signal }) {
        const merchant = input.merchant.trim();
        if (merchant.length === 0)
          return errorResult(TOOL_ERROR_CODES.invalidInput, 'merchant must not be empty');
        if (typeof client.checkout !== 'function') {
          return errorResult(
            TOOL_ERROR_CODES.unsupported,
            'this AgentWeb client cannot check out (it has no checkout method)',
          );
        }
        const email = input.buyerEmail?.trim();
        const base = {
          ...(email ? { buyer: { email } } : {}),
          ...(signal ? { signal } : {}),
        };
        const draft = await client.checkout(merchant, base);
        if (draft.status !== 'ready_for_complete') return okResult(checkoutData(draft));
        const subject = `checkout:${draft.merchantId}:${draft.checkoutId}`;
        const total = draft.totals['total'] ?? '';
        const action = `${total} ${draft.currency}`;
        if (input.confirmed === true && (await settings.approvals.consume(settings.scope, subject, action))) {
          const payment = await settings.checkoutPayment?.({
            merchant,
            merchantId: draft.merchantId,
            checkoutId: draft.checkoutId,
            total,
            currency: draft.currency,
          });
          if (payment === undefined) {
            return okResult({
              ...checkoutData(draft),
              note: 'The application has no payment method for this merchant: give the user continueUrl to pay there.',
            });
          }
          // The session is synced from the cart again before it completes: the total the user confirmed must
          // still be the one paid, or nothing is paid and the user is asked again.
          const done = await client.checkout(merchant, {
            ...base,
            confirm: true,
            payment,
            expectedTotal: total,
          });
          if (done.totalChanged === true) {
            await settings.approvals.propose(
              settings.scope,
              subject,
              `${done.totals['total'] ?? ''} ${done.currency}`,
            );
            return errorResult(
              TOOL_ERROR_CODES.confirmationRequired,
              `The total at ${merchant} changed to ${done.totals['total'] ?? ''} ${done.currency} since the user confirmed ${total} ${draft.currency}. Nothing was paid. Ask the user again, and only if they agree call checkout again with confirmed: true.`,
              checkoutData(done),
            );
          }
          return okResult(checkoutData(done));
        }
        await settings.approvals.propose(settings.scope, subject, action);
        const changed =
          input.confirmed === true ? ' The total is not the one confirmed before (the cart changed).' : '';
        return errorResult(
          TOOL_ERROR_CODES.confirmationRequired,
          `Buying at ${merchant} for ${total} ${draft.currency} needs the user's confirmation.${changed} Nothing was paid. Tell the user the items and the total, and only if they agree call checkout again with merchant "${merchant}" and confirmed: true.`,
          checkoutData(draft),
        );
      },
    },
    settings,
  );
}

function checkoutData(result: CheckoutResult): { [key: string]: JsonValue } {
  return {
    merchantId: result.merchantId,
    checkoutId: result.checkoutId,
    status: result.status,
    completed: result.completed,
    totals: result.totals,
    currency: result.currency,
    messages: result.messages.map((m) => toJsonValue({ ...m })),
    continueUrl: result.continueUrl ?? null,
    order:
      result.order === undefined
        ? null
        : { id: result.order.id, permalinkUrl: result.order.permalinkUrl ?? null },
  };
}
