import { z } from 'zod';
import { ProductSummarySchema } from './common.js';
import { MAX_SEARCH_LIMIT } from './skill-ids.js';

/** `cap:product_search` input, validated before sending. */
export const ProductSearchInputSchema = z.strictObject({
  /** Search terms. */
  query: z.string().trim().min(1, 'query must not be empty'),
  /** `keyword` (default, every merchant supports it) or `phrase`. */
  queryMode: z.enum(['keyword', 'phrase']).optional(),
  /** SQL-WHERE-like refinement, passed through as text (never assume it was applied). */
  filter: z.string().min(1, 'filter must not be empty when given').optional(),
  /** Results to skip (default 0). */
  offset: z.number().int().nonnegative().optional(),
  /** Page size (default 20, at most 100). */
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
});
export type ProductSearchInput = z.infer<typeof ProductSearchInputSchema>;

/** A suggested refinement: attribute, value-type hint, description. */
export const RefineFilterSchema = z.tuple([z.string(), z.string(), z.string()]);

/** Hints about a result set. */
export const SearchOutputContextSchema = z.looseObject({
  /** Free text (intent, filters applied, quality). */
  description: z.string().optional(),
  /** Suggested refinements. */
  refineFilters: z.array(RefineFilterSchema).optional(),
});
export type SearchOutputContext = z.infer<typeof SearchOutputContextSchema>;

/** `cap:product_search` output. */
export const ProductSearchOutputSchema = z.looseObject({
  /** Matches. */
  products: z.array(ProductSummarySchema),
  /** Total matches, for paging. */
  totalResults: z.number().int().nonnegative(),
  /** Offset echoed from the request. */
  offset: z.number().int().nonnegative(),
  /** Echoed limit or count returned (the spec is unclear; page with `products.length`). */
  limit: z.number().int().nonnegative(),
  /** Hints. */
  context: SearchOutputContextSchema.optional(),
});
export type ProductSearchOutput = z.infer<typeof ProductSearchOutputSchema>;
