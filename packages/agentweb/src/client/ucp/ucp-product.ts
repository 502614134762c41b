import type { ProductDetail, ProductSummary } from '@agentweb/cap';
import type { Product } from '@agentweb/ucp';

/** Fraction digits of a currency (ISO 4217 minor unit), 2 when the runtime does not know the code. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * A UCP amount (integer minor units) as CAP carries prices: a decimal string in major units (`1999` USD is
 * `"19.99"`, `1999` JPY is `"1999"`). Integer arithmetic on the digits, so no float rounding creeps in.
 */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = amount < 0;
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  const whole = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${whole}` : whole;
}

const GTIN_TYPES = new Set(['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'ean', 'upc']);

/**
 * A UCP product in the client's product shape (CAP's `ProductSummary`): `title` as `name`, the plain description,
 * one offer per variant with its price as a decimal string, the first GTIN barcode as `gtin` (so the fan-out
 * de-duplicates it against CAP merchants), and the UCP fields kept under `ucp` for callers who want them.
 */
export function productSummaryOf(product: Product): ProductSummary {
  const offers = product.variants.flatMap((variant) =>
    variant.price === undefined
      ? []
      : [
          {
            identifier: variant.id,
            price: minorToDecimal(variant.price.amount, variant.price.currency),
            priceCurrency: variant.price.currency,
            ...(variant.availability?.available === undefined
              ? {}
              : { availability: variant.availability.available ? 'inStock' : 'outOfStock' }),
          },
        ],
  );
  if (offers.length === 0 && product.price_range !== undefined) {
    const { min } = product.price_range;
    offers.push({
      identifier: product.id,
      price: minorToDecimal(min.amount, min.currency),
      priceCurrency: min.currency,
    });
  }
  const gtin = product.variants
    .flatMap((variant) => variant.barcodes ?? [])
    .find((code) => GTIN_TYPES.has(code.type.toLowerCase()))?.value;
  const image = firstImage(product);
  return {
    id: product.id,
    name: product.title,
    ...(product.description?.plain === undefined ? {} : { description: product.description.plain }),
    ...(image === undefined ? {} : { image }),
    ...(offers.length === 0 ? {} : { offers }),
    ...(gtin === undefined ? {} : { gtin }),
    ...(product.url === undefined ? {} : { url: product.url }),
    ucp: product,
  };
}

function firstImage(product: Product): string | undefined {
  const media = (product as { media?: unknown }).media;
  if (!Array.isArray(media)) return undefined;
  for (const item of media) {
    const url = (item as { url?: unknown } | null)?.url;
    if (typeof url === 'string') return url;
  }
  return undefined;
}

/** A UCP product in CAP's `product_get` shape: the summary, its images, and one variant per UCP variant. */
export function productDetailOf(product: Product): ProductDetail {
  const { image, ...summary } = productSummaryOf(product);
  return {
    ...summary,
    ...(image === undefined ? {} : { images: [image] }),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      ...(variant.title === undefined ? {} : { name: variant.title }),
      ...(variant.price === undefined
        ? {}
        : {
            offers: [
              {
                identifier: variant.id,
                price: minorToDecimal(variant.price.amount, variant.price.currency),
                priceCurrency: variant.price.currency,
              },
            ],
          }),
    })),
  };
}
