import { z } from 'zod';
import type { AgentWebClient } from '../client/types.js';
import { compactProductDetail } from './compact-product.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { merchantLabeller } from './merchant-label.js';
import { errorResult, okResult, TOOL_ERROR_CODES } from './tool-result.js';

/** Input of `get_product`. */
export const getProductInput = z.strictObject({
  product: z
    .string()
    .describe("A productId from search_products, or the URL of a product page on a merchant's website."),
  merchant: z
    .string()
    .nullable()
    .describe(
      'Domain of the merchant selling it; needed with a productId when several merchants are known. null for a page URL.',
    ),
});

/** `get_product`: one product in full (offers, variants, reviews, shipping). */
export function createGetProductTool(client: AgentWebClient, settings: ToolSettings) {
  return defineTool(
    {
      name: 'get_product',
      title: 'Get product details',
      description:
        'Returns the full details of one product: description, offers with prices and availability, variants (size, colour, each with its variantId), reviews and shipping options. Use it before adding a product with variants to the cart, or when the user asks about a product; it also accepts a product page URL the user pasted.',
      inputSchema: getProductInput,
      annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true, destructiveHint: false },
      async run(input, { signal }) {
        const product = input.product.trim();
        if (product.length === 0)
          return errorResult(TOOL_ERROR_CODES.invalidInput, 'product must not be empty');
        const merchant = input.merchant?.trim();
        const found = await client.product(product, {
          ...(merchant ? { merchant } : {}),
          ...(signal ? { signal } : {}),
        });
        return okResult({
          merchant: merchantLabeller(client)(found.merchantId),
          source: found.source,
          product: compactProductDetail(found.product),
        });
      },
    },
    settings,
  );
}
