import {
  type FanOutProduct,
  type ProductDetail,
  type ProductOffer,
  type ProductVariant,
  productGtin,
} from '@agentweb/cap';
import { definedOnly, stringField, truncateText } from './text.js';
import type { JsonObject } from './tool-types.js';

const SUMMARY_DESCRIPTION_CHARS = 160;
const DETAIL_DESCRIPTION_CHARS = 1_200;
const MAX_IMAGES = 3;
const MAX_OFFERS = 5;
const MAX_VARIANTS = 25;
const MAX_SHIPPING = 5;
const MAX_VARIANT_ATTRIBUTES = 6;

function promotionsOf(offer: ProductOffer): string[] {
  return offer.additionalType === undefined ? [] : [offer.additionalType].flat();
}

// The plain offer is the price a shopper pays without conditions; promotional offers (BOGO, PCT20) are listed
// apart so the model does not quote a conditional price as the price.
function primaryOffer(offers: readonly ProductOffer[] | undefined): ProductOffer | undefined {
  if (!offers) return undefined;
  return (
    offers.find((offer) => offer.price !== undefined && promotionsOf(offer).length === 0) ??
    offers.find((offer) => offer.price !== undefined) ??
    offers[0]
  );
}

function priceFields(offers: readonly ProductOffer[] | undefined): JsonObject {
  const offer = primaryOffer(offers);
  const promotions = [...new Set((offers ?? []).flatMap(promotionsOf))];
  return definedOnly({
    price: offer?.price,
    currency: offer?.priceCurrency,
    availability: offer?.availability,
    promotions: promotions.length > 0 ? promotions : undefined,
  });
}

/** One search hit, as the model sees it: who sells it, what it is, what it costs. */
export function compactSearchHit(hit: FanOutProduct, label: (merchantId: string) => string): JsonObject {
  const product = hit.product as FanOutProduct['product'] & Record<string, unknown>;
  // Structured: a merchant label may itself hold a colon (a domain with a port), so `merchant:id` was ambiguous.
  const alsoFrom = hit.alsoFrom.map((other) => ({
    merchant: label(other.merchantId),
    productId: other.productId,
  }));
  return definedOnly({
    merchant: label(hit.merchantId),
    productId: product.id,
    name: product.name,
    ...priceFields(product.offers),
    brand: stringField(product, 'brand'),
    category: stringField(product, 'category'),
    description: truncateText(product.description, SUMMARY_DESCRIPTION_CHARS),
    gtin: hit.gtin,
    alsoFrom: alsoFrom.length > 0 ? alsoFrom : undefined,
  });
}

function compactOffer(offer: ProductOffer): JsonObject {
  const promotions = promotionsOf(offer);
  return definedOnly({
    id: offer.identifier,
    price: offer.price,
    currency: offer.priceCurrency,
    availability: offer.availability,
    promotions: promotions.length > 0 ? promotions : undefined,
  });
}

const VARIANT_KNOWN_FIELDS = new Set(['id', 'name', 'offers', 'images', 'description', 'url']);

function compactVariant(variant: ProductVariant): JsonObject {
  const attributes: JsonObject = {};
  let count = 0;
  for (const [key, value] of Object.entries(variant)) {
    if (VARIANT_KNOWN_FIELDS.has(key) || count >= MAX_VARIANT_ATTRIBUTES) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      attributes[key] = value;
      count++;
    }
  }
  return definedOnly({
    variantId: variant.id,
    name: variant.name,
    ...attributes,
    ...priceFields(variant.offers),
  });
}

/** A full product, trimmed: long descriptions cut, image, offer, variant and shipping lists capped. */
export function compactProductDetail(product: ProductDetail): JsonObject {
  const fields = product as ProductDetail & Record<string, unknown>;
  const variants = product.variants ?? [];
  const reviews = product.reviews;
  return definedOnly({
    productId: product.id,
    name: product.name,
    brand: stringField(fields, 'brand'),
    category: stringField(fields, 'category'),
    // The same 14-digit form as search results (GTIN-8/12/13 zero-padded), so the two can be compared as they are.
    gtin: productGtin(fields) ?? stringField(fields, 'gtin'),
    sku: stringField(fields, 'sku'),
    url: product.url,
    ...priceFields(product.offers),
    description: truncateText(product.description, DETAIL_DESCRIPTION_CHARS),
    images: product.images?.slice(0, MAX_IMAGES),
    offers: product.offers?.slice(0, MAX_OFFERS).map(compactOffer),
    variants: variants.length > 0 ? variants.slice(0, MAX_VARIANTS).map(compactVariant) : undefined,
    variantCount: variants.length > MAX_VARIANTS ? variants.length : undefined,
    reviews:
      reviews === undefined
        ? undefined
        : definedOnly({ ratingValue: reviews.ratingValue, reviewCount: reviews.reviewCount }),
    shipping: product.shipping?.slice(0, MAX_SHIPPING).map((option) =>
      definedOnly({
        name: option.name,
        price: option.price,
        currency: option.priceCurrency,
        estimatedDelivery: option.estimatedDelivery,
      }),
    ),
  });
}
