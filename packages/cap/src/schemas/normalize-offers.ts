import type { CapWarning } from './warnings.js';

type Json = Record<string, unknown>;

const AVAILABILITY_TOKENS: Record<string, string> = {
  instock: 'inStock',
  outofstock: 'outOfStock',
  preorder: 'preOrder',
  presale: 'preOrder',
  limitedstock: 'limitedStock',
  limitedavailability: 'limitedStock',
  soldout: 'outOfStock',
  discontinued: 'outOfStock',
};
const CAP_TOKENS = new Set(['inStock', 'outOfStock', 'preOrder', 'limitedStock']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps schema.org availability (`https://schema.org/InStock`, `InStock`) to CAP tokens (ambiguity 6). */
export function normalizeAvailability(value: unknown, path: string, warnings: CapWarning[]): unknown {
  if (typeof value !== 'string' || CAP_TOKENS.has(value)) return value;
  const name = value.replace(/^https?:\/\/schema\.org\//i, '').replace(/^schema:/i, '');
  const token = AVAILABILITY_TOKENS[name.toLowerCase()];
  if (token) {
    warnings.push({ code: 'availability-normalized', path, message: `"${value}" read as "${token}"` });
    return token;
  }
  warnings.push({
    code: 'availability-unknown',
    path,
    message: `unknown availability "${value}" kept as is`,
  });
  return value;
}

function normalizePrice(value: unknown, path: string, warnings: CapWarning[]): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) {
    warnings.push({ code: 'numeric-price', path, message: `number ${value} converted to a decimal string` });
    return String(value);
  }
  return value;
}

/** Repairs one offer: numeric prices, availability vocabulary, a missing identifier. */
export function normalizeOffer(
  offer: unknown,
  fallbackId: string,
  path: string,
  warnings: CapWarning[],
): unknown {
  if (!isObject(offer)) return offer;
  const out: Json = { ...offer };
  if ('price' in out) out.price = normalizePrice(out.price, `${path}.price`, warnings);
  if ('availability' in out)
    out.availability = normalizeAvailability(out.availability, `${path}.availability`, warnings);
  if (typeof out.identifier !== 'string') {
    // The pre-draft-01 schema used an optional `id`; reuse it when present so the id stays the merchant's own.
    const derived = typeof out.id === 'string' ? out.id : fallbackId;
    warnings.push({
      code: 'offer-identifier-missing',
      path: `${path}.identifier`,
      message: `offer without identifier; using "${derived}"`,
    });
    out.identifier = derived;
  }
  return out;
}

function normalizeOfferList(owner: Json, ownerId: string, path: string, warnings: CapWarning[]): void {
  if (!Array.isArray(owner.offers)) return;
  owner.offers = owner.offers.map((offer, index) =>
    normalizeOffer(offer, `${ownerId}#offer-${index}`, `${path}.offers.${index}`, warnings),
  );
}

/**
 * Repairs a product (summary or detail): the spec's own examples put a numeric `price` and a top-level
 * `currency` on the product instead of `offers[]` (ambiguity 4); an offer is built from them, and the original
 * fields are kept so nothing is lost.
 */
export function normalizeProduct(product: unknown, path: string, warnings: CapWarning[]): unknown {
  if (!isObject(product)) return product;
  const out: Json = { ...product };
  const id = typeof out.id === 'string' ? out.id : String(path);
  if (out.offers === undefined && (typeof out.price === 'number' || typeof out.price === 'string')) {
    const currency =
      typeof out.priceCurrency === 'string'
        ? out.priceCurrency
        : typeof out.currency === 'string'
          ? out.currency
          : undefined;
    const offer: Json = {
      identifier: `${id}#price`,
      price: normalizePrice(out.price, `${path}.price`, warnings),
    };
    if (currency !== undefined) offer.priceCurrency = currency;
    if (out.availability !== undefined) {
      offer.availability = normalizeAvailability(out.availability, `${path}.availability`, warnings);
    }
    warnings.push({
      code: 'top-level-price',
      path: `${path}.price`,
      message: 'product-level price/currency turned into offers[0]',
    });
    out.offers = [offer];
  }
  normalizeOfferList(out, id, path, warnings);
  if (Array.isArray(out.variants)) {
    out.variants = out.variants.map((variant, index) => {
      if (!isObject(variant)) return variant;
      const copy: Json = { ...variant };
      const variantId = typeof copy.id === 'string' ? `${id}/${copy.id}` : `${id}/variant-${index}`;
      normalizeOfferList(copy, variantId, `${path}.variants.${index}`, warnings);
      return copy;
    });
  }
  return out;
}
