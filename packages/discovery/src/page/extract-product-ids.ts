import { scanPage } from './html-scan.js';
import { collectJsonLdProducts, MAX_JSONLD_DEPTH } from './jsonld-products.js';
import { parseJsonLdText } from './lenient-json.js';
import { readMicrodata } from './microdata.js';
import { collectMicrodataProducts, isProductItem } from './microdata-products.js';
import {
  type ExtractedProduct,
  type ExtractionWarning,
  PRODUCT_ID_PROPERTIES,
  type ProductIdCandidate,
  type ProductIdExtraction,
  type ProductIdProperty,
  type ProductIdSource,
} from './product-types.js';

/** Options of {@link extractProductIds}. */
export interface ExtractProductIdsOptions {
  /** URL of the page, used to resolve URL-valued microdata properties (`link`/`a` `href`, `img` `src`). */
  baseUrl?: string;
}

/** Properties that may become `chosen`, in CAP order; GTIN and MPN values stay candidates only. */
const CHOOSABLE: readonly ProductIdProperty[] = ['productID', 'identifier', 'sku'];

/**
 * Reads the product identifiers of a product page in one streaming htmlparser2 pass: `<link
 * rel="cap-product-id">`, every JSON-LD block (leniently parsed) and microdata. `chosen` follows CAP: the link,
 * then the first product's `productID`, `identifier`, `sku` (offer-level `sku` last). Never throws: a page
 * that cannot be read at all gives an empty result with an `EXTRACTION_FAILED` warning.
 */
export function extractProductIds(html: string, options: ExtractProductIdsOptions = {}): ProductIdExtraction {
  const warnings: ExtractionWarning[] = [];
  try {
    return extract(typeof html === 'string' ? html : String(html ?? ''), options.baseUrl, warnings);
  } catch (error) {
    warnings.push({
      code: 'EXTRACTION_FAILED',
      message: `the page could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
    return { chosen: null, candidates: [], products: [], warnings };
  }
}

function extract(
  html: string,
  baseUrl: string | undefined,
  warnings: ExtractionWarning[],
): ProductIdExtraction {
  const scan = scanPage(html);
  const products: ExtractedProduct[] = [];
  for (const block of scan.jsonLd) {
    const parsed = parseJsonLdText(block.text);
    if (parsed.mode === 'too-deep') {
      warnings.push({
        code: 'JSONLD_TOO_DEEP',
        message: `JSON-LD block ${block.index} is ${parsed.problem}; it was not read`,
        block: block.index,
      });
      continue;
    }
    if (parsed.mode === 'unparseable') {
      warnings.push({
        code: 'JSONLD_UNPARSEABLE',
        message: `JSON-LD block ${block.index} is not JSON even after clean-up: ${parsed.problem}`,
        block: block.index,
      });
      continue;
    }
    if (parsed.mode === 'lenient') {
      warnings.push({
        code: 'JSONLD_CLEANED',
        message: `JSON-LD block ${block.index} was read after removing ${parsed.problem}`,
        block: block.index,
      });
    }
    if (collectJsonLdProducts(parsed.value, block.index, products)) {
      warnings.push({
        code: 'JSONLD_TOO_DEEP',
        message: `JSON-LD block ${block.index} nests deeper than ${MAX_JSONLD_DEPTH} levels; the rest was skipped`,
        block: block.index,
      });
    }
  }
  if (scan.microdata.items.length > 0) {
    const microdata = readMicrodata(scan.microdata, {
      baseUrl,
      select: isProductItem,
      elementOf: (index) => index,
    });
    if (microdata.truncated) {
      warnings.push({
        code: 'MICRODATA_TRUNCATED',
        message:
          'the page references more microdata through itemref than one page can use; later items were skipped',
      });
    }
    if (scan.textTruncated) {
      warnings.push({
        code: 'MICRODATA_TRUNCATED',
        message:
          'nested microdata text properties repeat more text than twice the page; later values were left empty',
      });
    }
    collectMicrodataProducts(microdata.items, products);
  }

  const candidates: ProductIdCandidate[] = [];
  // Values seen per source and property: a product can carry thousands of equal values (nested text
  // properties), so no key string is built per value, and a path only per new candidate.
  const seen = new Map<string, Set<string>>();
  const add = (
    ids: readonly string[],
    source: ProductIdSource,
    property: ProductIdProperty,
    path: string,
  ): void => {
    const key = `${source} ${property}`;
    let values = seen.get(key);
    if (values === undefined) {
      values = new Set();
      seen.set(key, values);
    }
    for (const id of ids) {
      if (values.has(id)) continue;
      values.add(id);
      candidates.push({ id, source, property, path });
    }
  };
  scan.capProductLinks.forEach((href, i) => {
    const id = href.trim();
    if (id !== '') add([id], 'link', 'productID', `link[${i}]`);
  });
  for (const product of products) {
    for (const property of PRODUCT_ID_PROPERTIES) {
      const ids = product.ids[property];
      if (ids !== undefined) add(ids, product.source, property, `${product.path}.${property}`);
    }
    product.offers.forEach((offer, i) => {
      for (const property of PRODUCT_ID_PROPERTIES) {
        const ids = offer.ids[property];
        if (ids !== undefined) add(ids, product.source, property, `${product.path}.offers[${i}].${property}`);
      }
    });
  }
  return { chosen: choose(candidates, products), candidates, products, warnings };
}

function choose(
  candidates: readonly ProductIdCandidate[],
  products: readonly ExtractedProduct[],
): ProductIdExtraction['chosen'] {
  const link = candidates.find((c) => c.source === 'link');
  if (link) return { ...link };
  // The first product that carries any usable id is the page's product; its own ids beat its offers'.
  for (const product of products) {
    for (const property of CHOOSABLE) {
      const id = product.ids[property]?.[0];
      if (id !== undefined)
        return { id, source: product.source, property, path: `${product.path}.${property}` };
    }
    for (const [i, offer] of product.offers.entries()) {
      for (const property of CHOOSABLE) {
        const id = offer.ids[property]?.[0];
        if (id !== undefined) {
          return { id, source: product.source, property, path: `${product.path}.offers[${i}].${property}` };
        }
      }
    }
  }
  return null;
}
