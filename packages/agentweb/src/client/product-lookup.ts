import { isCapError } from '@agentweb/cap';
import { type ExtractionPool, extractProductIdsOffThread } from '@agentweb/discovery';
import type { HttpClient, HttpProvenance } from '@agentweb/http';
import { ProductNotFoundError } from './errors.js';
import { MAX_PRODUCT_PAGE_BYTES } from './size-caps.js';
import type { AgentWebMerchant, ProductLookupResult, ProductOptions } from './types.js';

export { MAX_PRODUCT_PAGE_BYTES };

/** What `product()` needs from the client. */
export interface ProductDeps {
  http: HttpClient;
  /** The merchant serving a page: a known one on that host, else discovered from the page's origin. */
  merchantForPage(pageUrl: string, signal: AbortSignal | undefined): Promise<AgentWebMerchant>;
  /** The merchant to ask for a bare id: the named one, or the only one known. */
  merchantForId(name: string | undefined, signal: AbortSignal | undefined): Promise<AgentWebMerchant>;
  /** Where large pages are read (`AgentWebOptions.extractionPool`). */
  extractionPool?: ExtractionPool | false;
  /** Pages at least this long are read in the pool (`AgentWebOptions.offThreadChars`). */
  offThreadChars?: number;
}

/** A product by id, or by product page URL (id read from the page, its merchant resolved). */
export async function lookupProduct(
  deps: ProductDeps,
  idOrUrl: string,
  options: ProductOptions = {},
): Promise<ProductLookupResult> {
  const signal = options.signal;
  const url = idOrUrl.trim();
  if (/^https?:\/\//i.test(url)) {
    const page = await deps.http.getText(url, {
      maxBodyBytes: MAX_PRODUCT_PAGE_BYTES,
      accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5',
      ...(signal ? { signal } : {}),
    });
    const finalUrl = page.provenance.finalUrl;
    // A page of several MB is read in a worker thread, so the client's other calls are not held up meanwhile.
    const { chosen } = await extractProductIdsOffThread(page.text, {
      baseUrl: finalUrl,
      ...(signal ? { signal } : {}),
      ...(deps.extractionPool === undefined ? {} : { pool: deps.extractionPool }),
      ...(deps.offThreadChars === undefined ? {} : { offThreadChars: deps.offThreadChars }),
    });
    if (chosen === null) throw new ProductNotFoundError({ target: url, reason: 'no-id-on-page' });
    const merchant = await deps.merchantForPage(finalUrl, signal);
    return getProduct(merchant, chosen.id, url, 'page', page.provenance, signal);
  }
  const merchant = await deps.merchantForId(options.merchant, signal);
  return getProduct(merchant, idOrUrl, idOrUrl, 'id', undefined, signal);
}

async function getProduct(
  merchant: AgentWebMerchant,
  productId: string,
  target: string,
  source: 'id' | 'page',
  page: HttpProvenance | undefined,
  signal: AbortSignal | undefined,
): Promise<ProductLookupResult> {
  let first: ProductLookupResult['product'] | null | undefined;
  try {
    const { output } = await merchant.client.productGet(
      { productIds: [productId] },
      signal ? { signal } : {},
    );
    first = output.products[0];
  } catch (error) {
    if (isCapError(error) && error.capErrorCode === 'CAP_PRODUCT_NOT_FOUND') {
      throw new ProductNotFoundError({
        target,
        reason: 'not-at-merchant',
        productId,
        merchantId: merchant.id,
        cause: error,
      });
    }
    throw error;
  }
  if (first === null || first === undefined) {
    throw new ProductNotFoundError({ target, reason: 'not-at-merchant', productId, merchantId: merchant.id });
  }
  return {
    merchantId: merchant.id,
    productId,
    product: first,
    source,
    ...(page === undefined ? {} : { page }),
  };
}
