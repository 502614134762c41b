import type { MerchantOutcome } from '@agentweb/cap';
import { z } from 'zod';
import type { AgentWebClient, SearchOptions } from '../client/types.js';
import { compactSearchHit } from './compact-product.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { merchantLabeller } from './merchant-label.js';
import { definedOnly } from './text.js';
import { DEFAULT_MAX_PRODUCTS } from './tool-limits.js';
import { errorResult, okResult, TOOL_ERROR_CODES, toolErrorSummary } from './tool-result.js';
import type { JsonObject } from './tool-types.js';

const MAX_MERCHANTS = 50;

/**
 * Input of `search_products` for a tool list returning at most `maxProducts` products: `maxResults` is advertised
 * as 1..maxProducts, the range that is honoured.
 */
export function searchProductsInputFor(maxProducts: number) {
  return z.strictObject({
    query: z.string().describe('What to look for, in a shopper\'s words, e.g. "waterproof hiking boots".'),
    merchants: z
      .array(z.string())
      .max(MAX_MERCHANTS)
      .nullable()
      .describe('Domains of the merchants to ask (from discover_merchants); null asks every known merchant.'),
    filter: z
      .string()
      .nullable()
      .describe(
        'Optional CAP filter expression, e.g. "price < 100 AND brand = \'Acme\'" (AND, OR, parentheses, = != < <= > >=, BETWEEN, IN; strings in single quotes; common attributes: price, brand, category, color, availability, rating). Merchants may ignore it; null for none.',
      ),
    maxResults: z
      .number()
      .int()
      .min(1)
      .max(maxProducts)
      .nullable()
      .describe(
        `Most products to return across all merchants, 1 to ${maxProducts}; null for ${maxProducts}.`,
      ),
  });
}

/** Input of `search_products` with the default `maxProducts` (20). */
export const searchProductsInput = searchProductsInputFor(DEFAULT_MAX_PRODUCTS);

/**
 * The merchants' outcomes, summarised: how many were asked, how many ended in each status, and only the ones that
 * did not answer in full, with what broke. (One row per merchant was a quarter of a 40-merchant result.)
 */
function merchantSummary(
  outcomes: readonly MerchantOutcome[],
  label: (merchantId: string) => string,
): JsonObject {
  const byStatus: JsonObject = {};
  for (const outcome of outcomes) byStatus[outcome.status] = ((byStatus[outcome.status] as number) ?? 0) + 1;
  const failed = outcomes
    .filter((outcome) => outcome.status !== 'ok')
    .map((outcome) =>
      definedOnly({
        merchant: label(outcome.merchantId),
        status: outcome.status,
        products: outcome.products > 0 ? outcome.products : undefined,
        reason: outcome.reason,
        error: outcome.error === undefined ? undefined : toolErrorSummary(outcome.error),
      }),
    );
  return { asked: outcomes.length, byStatus, failed };
}

/** `search_products`: one query sent to many merchants at once. */
export function createSearchProductsTool(
  client: AgentWebClient,
  settings: ToolSettings & { maxProducts: number },
) {
  return defineTool(
    {
      name: 'search_products',
      title: 'Search products',
      description:
        'Searches the catalogs of the known merchants (or the ones named) at the same time and returns matching products with merchant, productId, price, currency, availability and promotions. Use it to find products or compare prices; follow up with get_product for details or variants, and manage_cart to buy. merchants summarises who answered: asked, counts byStatus, and under failed only the merchants that timed out, were rate-limited, skipped or failed, each with its error (code and message); the products that did arrive are still returned. alsoFrom lists other merchants selling the same product (same GTIN) as { merchant, productId }.',
      inputSchema: searchProductsInputFor(settings.maxProducts),
      annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true, destructiveHint: false },
      async run(input, { signal }) {
        const query = input.query.trim();
        if (query.length === 0) return errorResult(TOOL_ERROR_CODES.invalidInput, 'query must not be empty');
        const named = input.merchants?.map((merchant) => merchant.trim()).filter((m) => m.length > 0) ?? [];
        if (named.length === 0 && client.merchants().length === 0) {
          return errorResult(
            'AGENTWEB_NO_MERCHANT',
            'no merchant is known yet; call discover_merchants with the domains of the shops to search first',
          );
        }
        const cap = Math.min(input.maxResults ?? settings.maxProducts, settings.maxProducts);
        const filter = input.filter?.trim();
        const options: SearchOptions = {
          // Each merchant may supply every product shown (one merchant asked, or the others empty).
          limit: cap,
          ...(named.length > 0 ? { merchants: named } : {}),
          ...(filter ? { filter } : {}),
          ...(signal ? { signal } : {}),
        };
        const result = await client.search(query, options);
        const label = merchantLabeller(client);
        const products = result.products.slice(0, cap).map((hit) => compactSearchHit(hit, label));
        return okResult({
          products,
          found: result.products.length,
          shown: products.length,
          merchants: merchantSummary(result.outcomes, label),
          deadlineReached: result.deadlineReached,
        });
      },
    },
    settings,
  );
}
