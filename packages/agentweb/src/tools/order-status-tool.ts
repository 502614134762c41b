import { z } from 'zod';
import type { AgentWebClient } from '../client/types.js';
import { compactOrders } from './compact-cart.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { merchantLabeller } from './merchant-label.js';
import { errorResult, okResult, TOOL_ERROR_CODES } from './tool-result.js';

const MAX_ORDER_IDS = 20;

/** Input of `order_status`. */
export const orderStatusInput = z.strictObject({
  merchant: z.string().describe('Domain of the merchant the orders were placed with.'),
  orderIds: z
    .array(z.string())
    .min(1)
    .max(MAX_ORDER_IDS)
    .describe('Order ids or order numbers as the user or the merchant gave them, e.g. ["ORD-1001"].'),
});

/** `order_status`: where orders are, with items, payment and tracking. */
export function createOrderStatusTool(client: AgentWebClient, settings: ToolSettings) {
  return defineTool(
    {
      name: 'order_status',
      title: 'Order status',
      description:
        'Looks up orders at one merchant by order id or number and returns their status, items, totals, payment state, tracking and recent history. Use it when the user asks where an order is or what it contained. Ids the merchant does not know are listed under notFound.',
      inputSchema: orderStatusInput,
      annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true, destructiveHint: false },
      async run(input, { signal }) {
        const merchant = input.merchant.trim();
        const orderIds = [...new Set(input.orderIds.map((id) => id.trim()).filter((id) => id.length > 0))];
        if (merchant.length === 0)
          return errorResult(TOOL_ERROR_CODES.invalidInput, 'merchant must not be empty');
        if (orderIds.length === 0)
          return errorResult(TOOL_ERROR_CODES.invalidInput, 'orderIds must name an order');
        const result = await client.orderStatus(
          merchant,
          {
            orderIds,
            includeItems: true,
            includeTracking: true,
            includePaymentStatus: true,
            includeHistory: true,
          },
          signal ? { signal } : {},
        );
        return okResult({
          merchant: merchantLabeller(client)(result.merchantId),
          ...compactOrders(orderIds, result.output),
        });
      },
    },
    settings,
  );
}
