// The tools' limits on their own, so the facade can export them without loading the tools (and zod).

/** Longest text sent to an agent in one call. */
export const MAX_ASK_TEXT_CHARS = 8_000;
/** Largest line quantity the tool sends (CAP merchants commonly cap lines at 999). */
export const MAX_CART_QUANTITY = 999;
/** Largest `maxProducts` a tool list accepts: the most products one call can return. */
export const MAX_SEARCH_RESULTS = 50;
/** Default `maxProducts`: the most products one call returns, and the largest `maxResults` advertised. */
export const DEFAULT_MAX_PRODUCTS = 20;
