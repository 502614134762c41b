// Kept apart from the modules that use them, so importing `agentweb` does not load AGIS or page extraction to
// read a constant.

/** Largest AGIS document fetched (the agis parser's own default limit). */
export const MAX_AGIS_DOCUMENT_BYTES = 1024 * 1024;

/** Largest product page read (real pages run to several hundred KB of markup and inline JSON). */
export const MAX_PRODUCT_PAGE_BYTES = 4 * 1024 * 1024;
