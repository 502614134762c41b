import { capError, type SkillResult } from './cap-error.js';
import type { SandboxCatalog, SandboxProduct } from './catalog-types.js';
import { evaluateFilter, type FilterNode, filterAttributes, parseFilter } from './filter-eval.js';
import { isFilterSyntaxError } from './sandbox-errors.js';

/** Attributes the filter grammar knows, with the refineFilters hints the sandbox returns. */
export const FILTER_ATTRIBUTES: [string, string, string][] = [
  ['price', 'number', 'Lowest offer price in the merchant currency'],
  ['brand', 'string', 'Brand name'],
  ['category', 'enum', 'headphones, shoes, jackets, coffee, laptops, backpacks, watches, lamps'],
  ['color', 'string', 'Main colour'],
  ['availability', 'enum', 'inStock, outOfStock, preOrder'],
  ['rating', 'number', 'Average rating 0-5'],
  ['name', 'string', 'Product title'],
  ['gtin', 'string', 'GTIN-13'],
];
const KNOWN = new Set(FILTER_ATTRIBUTES.map(([name]) => name));

/** The flat record a filter sees for a product. */
export function filterRecord(p: SandboxProduct): Record<string, string | number> {
  return {
    price: p.price,
    brand: p.brand,
    category: p.category,
    color: p.color,
    availability: p.availability,
    rating: p.reviews.ratingValue,
    name: p.name,
    gtin: p.gtin,
  };
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const vocabularies = new WeakMap<SandboxCatalog, Set<string>>();

/** Keeps only the words of free text that occur somewhere in the catalog (text/plain invocation). */
export function vocabularyQuery(catalog: SandboxCatalog, text: string): string {
  let vocab = vocabularies.get(catalog);
  if (vocab === undefined) {
    vocab = new Set(catalog.products.flatMap((p) => words(`${p.name} ${p.brand} ${p.category} ${p.color}`)));
    vocabularies.set(catalog, vocab);
  }
  const known = vocab;
  return words(text)
    .filter((w) => known.has(w) || known.has(w.replace(/s$/, '')))
    .join(' ');
}

/** The summary shape of a product in search results. */
export function productSummary(p: SandboxProduct): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    image: p.images[0],
    offers: p.offers,
    brand: p.brand,
    category: p.category,
    gtin: p.gtin,
    url: p.url,
  };
}

function matcher(query: string, mode: string): (p: SandboxProduct) => boolean {
  const terms = words(query);
  if (terms.length === 0 || query.trim() === '*') return () => true;
  if (mode === 'phrase') {
    const phrase = ` ${terms.join(' ')} `;
    return (p) => ` ${words(`${p.name} ${p.description}`).join(' ')} `.includes(phrase);
  }
  // Keyword mode is a bag of words: every term must occur, in any order, in the title, text, brand or category.
  return (p) => {
    const bag = new Set(words(`${p.name} ${p.description} ${p.brand} ${p.category} ${p.color}`));
    return terms.every((t) => bag.has(t) || bag.has(t.replace(/s$/, '')));
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `cap:product_search` over a catalog. */
export function productSearch(
  catalog: SandboxCatalog,
  input: unknown,
  queryModes: readonly string[],
): SkillResult {
  if (!isRecord(input) || typeof input['query'] !== 'string') {
    return capError('CAP_INVALID_PARAMETERS', 'product_search needs a string "query"');
  }
  const mode = input['queryMode'] ?? 'keyword';
  if (mode !== 'keyword' && mode !== 'phrase') {
    return capError('CAP_INVALID_PARAMETERS', `unknown queryMode ${JSON.stringify(mode)}`);
  }
  if (!queryModes.includes(mode)) {
    return capError('CAP_FEATURE_NOT_SUPPORTED', `queryMode "${mode}" is not supported by this merchant`, {
      supported: queryModes,
    });
  }
  const offset = input['offset'] ?? 0;
  const limit = input['limit'] ?? 20;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    return capError('CAP_INVALID_PARAMETERS', 'offset must be a non-negative integer', { offset });
  }
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    return capError('CAP_INVALID_PARAMETERS', 'limit must be an integer from 1 to 100', { limit, max: 100 });
  }
  let filter: FilterNode | undefined;
  const filterText = input['filter'];
  if (filterText !== undefined && filterText !== '') {
    if (typeof filterText !== 'string')
      return capError('CAP_SEARCH_QUERY_INVALID', 'filter must be a string');
    try {
      filter = parseFilter(filterText);
    } catch (e) {
      if (!isFilterSyntaxError(e)) throw e;
      return capError('CAP_SEARCH_QUERY_INVALID', `invalid filter: ${e.message}`, { position: e.position });
    }
    const unknown = filterAttributes(filter).filter((a) => !KNOWN.has(a));
    if (unknown.length > 0) {
      return capError('CAP_SEARCH_QUERY_INVALID', `unknown filter attribute(s): ${unknown.join(', ')}`, {
        unknownAttributes: unknown,
        attributes: [...KNOWN],
      });
    }
  }
  const matches = matcher(input['query'], mode);
  const hits = catalog.products.filter(
    (p) => matches(p) && (filter === undefined || evaluateFilter(filter, filterRecord(p))),
  );
  return {
    ok: true,
    output: {
      products: hits.slice(offset, offset + limit).map(productSummary),
      totalResults: hits.length,
      offset,
      limit,
      context: {
        description: `${hits.length} result(s) for ${mode} query "${input['query']}"${filterText ? ` with filter ${filterText}` : ''}`,
        refineFilters: FILTER_ATTRIBUTES,
      },
    },
  };
}

const GROUPS: Record<string, string[]> = {
  basic: ['id', 'name', 'description', 'images', 'url', 'brand', 'category', 'gtin', 'sku', 'color'],
  offers: ['offers'],
  variants: ['variants'],
  reviews: ['reviews'],
};

/** The ProductDetail shape, optionally limited to `fields` (names or groups). */
export function productDetail(p: SandboxProduct, fields?: readonly string[]): Record<string, unknown> {
  const full: Record<string, unknown> = {
    id: p.id,
    name: p.name,
    description: p.description,
    images: p.images,
    url: p.url,
    brand: p.brand,
    category: p.category,
    color: p.color,
    gtin: p.gtin,
    sku: p.sku,
    offers: p.offers,
    variants: p.variants,
    reviews: p.reviews,
    shipping: p.shipping,
  };
  if (fields === undefined || fields.length === 0) return full;
  const keep = new Set(['id', 'name']);
  for (const f of fields) for (const k of GROUPS[f] ?? [f]) keep.add(k);
  return Object.fromEntries(Object.entries(full).filter(([k]) => keep.has(k)));
}

/** `cap:product_get`: positional products with null and `notFound` for unknown ids. */
export function productGet(catalog: SandboxCatalog, input: unknown): SkillResult {
  if (!isRecord(input) || !Array.isArray(input['productIds']) || input['productIds'].length === 0) {
    return capError('CAP_INVALID_PARAMETERS', 'product_get needs a non-empty "productIds" array');
  }
  const ids = input['productIds'];
  if (!ids.every((x): x is string => typeof x === 'string')) {
    return capError('CAP_INVALID_PARAMETERS', 'productIds must be strings');
  }
  const fields = Array.isArray(input['fields'])
    ? input['fields'].filter((x): x is string => typeof x === 'string')
    : undefined;
  const products = ids.map((id) => {
    const p = catalog.byId.get(id);
    return p === undefined ? null : productDetail(p, fields);
  });
  const notFound = ids.filter((id) => !catalog.byId.has(id));
  if (notFound.length === ids.length) {
    return capError('CAP_PRODUCT_NOT_FOUND', `no product with id ${notFound.join(', ')}`, { notFound });
  }
  const output: Record<string, unknown> = { products };
  if (notFound.length > 0) output['notFound'] = notFound;
  output['context'] = { lastUpdated: '2025-01-01T00:00:00.000Z' };
  return { ok: true, output };
}
