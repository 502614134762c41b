import type { CartItemReference, CartManageInput } from '@agentweb/cap';
import { z } from 'zod';
import type { AgentWebClient } from '../client/types.js';
import { compactCart } from './compact-cart.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { merchantLabeller } from './merchant-label.js';
import { MAX_CART_QUANTITY } from './tool-limits.js';
import { errorResult, okResult, TOOL_ERROR_CODES } from './tool-result.js';
import type { AgentWebToolResult } from './tool-types.js';

/** Input of `manage_cart`: one flat object for every action, unused fields null. */
export const manageCartInput = z.strictObject({
  merchant: z.string().describe('Domain of the merchant whose cart to use (each merchant has its own cart).'),
  action: z
    .enum(['view', 'add', 'update', 'remove', 'clear'])
    .describe(
      "view: show the cart. add: add quantity of productId (and variantId). update: set the line's quantity (0 removes it). remove: remove a line. clear: empty the cart.",
    ),
  productId: z
    .string()
    .nullable()
    .describe('Product to add (required for add); for update/remove when cartItemId is unknown.'),
  variantId: z
    .string()
    .nullable()
    .describe('Exact variant (from get_product), with productId; null for none.'),
  cartItemId: z
    .string()
    .nullable()
    .describe('Line id from an earlier cart answer; the preferred way to name a line for update and remove.'),
  quantity: z
    .number()
    .int()
    .min(0)
    .max(MAX_CART_QUANTITY)
    .nullable()
    .describe('add: how many to add (null adds 1). update: the new total quantity of the line (required).'),
});

type ManageCartArgs = z.output<typeof manageCartInput>;

function present(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function referenceOf(args: ManageCartArgs): CartItemReference | AgentWebToolResult {
  const cartItemId = present(args.cartItemId);
  const productId = present(args.productId);
  const variantId = present(args.variantId);
  if (cartItemId === undefined && productId === undefined) {
    return errorResult(
      TOOL_ERROR_CODES.invalidInput,
      `${args.action} needs cartItemId (preferred) or productId`,
    );
  }
  if (variantId !== undefined && productId === undefined) {
    return errorResult(TOOL_ERROR_CODES.invalidInput, 'variantId needs productId');
  }
  return {
    ...(cartItemId ? { cartItemId } : {}),
    ...(productId ? { productId } : {}),
    ...(variantId ? { variantId } : {}),
  };
}

function isResult(value: object): value is AgentWebToolResult {
  return 'ok' in value;
}

/** Turns the flat tool input into the CAP `cart_manage` input, or says which field is missing. */
export function toCartInput(args: ManageCartArgs): CartManageInput | AgentWebToolResult {
  switch (args.action) {
    case 'view':
    case 'clear':
      return { action: args.action };
    case 'add': {
      const productId = present(args.productId);
      const variantId = present(args.variantId);
      if (productId === undefined) return errorResult(TOOL_ERROR_CODES.invalidInput, 'add needs productId');
      const quantity = args.quantity ?? 1;
      if (quantity < 1)
        return errorResult(TOOL_ERROR_CODES.invalidInput, 'add needs a quantity of at least 1');
      return { action: 'add', addItems: [{ productId, quantity, ...(variantId ? { variantId } : {}) }] };
    }
    case 'update': {
      const item = referenceOf(args);
      if (isResult(item)) return item;
      if (args.quantity === null) {
        return errorResult(
          TOOL_ERROR_CODES.invalidInput,
          'update needs quantity (the new total; 0 removes the line)',
        );
      }
      return { action: 'update', item, quantity: args.quantity };
    }
    case 'remove': {
      const item = referenceOf(args);
      if (isResult(item)) return item;
      return { action: 'remove', item };
    }
  }
}

/** `manage_cart`: view and change the user's cart at one merchant. */
export function createManageCartTool(client: AgentWebClient, settings: ToolSettings) {
  return defineTool(
    {
      name: 'manage_cart',
      title: 'Manage cart',
      description:
        "Views or changes the user's shopping cart at one merchant: add a product (productId, optional variantId and quantity), update a line's quantity, remove a line, clear the cart, or view it. Returns the cart lines (with cartItemId for later updates) and totals. Only change the cart when the user asked for it; clear removes everything.",
      inputSchema: manageCartInput,
      annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: false, destructiveHint: true },
      async run(input, { signal }) {
        const merchant = input.merchant.trim();
        if (merchant.length === 0)
          return errorResult(TOOL_ERROR_CODES.invalidInput, 'merchant must not be empty');
        const cartInput = toCartInput(input);
        if (isResult(cartInput)) return cartInput;
        const result = await client.cart(merchant, cartInput, signal ? { signal } : {});
        return okResult({
          merchant: merchantLabeller(client)(result.merchantId),
          action: input.action,
          ...compactCart(result.output),
        });
      },
    },
    settings,
  );
}
