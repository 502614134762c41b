/** A CAP ProductOffer as the sandbox serves it. */
export interface SandboxOffer {
  /** Offer id, unique within the merchant. */
  identifier: string;
  /** Decimal string price. */
  price: string;
  /** ISO 4217 currency. */
  priceCurrency: string;
  /** Stock state. */
  availability: 'inStock' | 'outOfStock' | 'preOrder';
  /** Standard Offer URN(s) when the offer is a promotion. */
  additionalType?: string;
  /** Human text of the promotion. */
  description?: string;
}

/** One variant of a product (size and colour). */
export interface SandboxVariant {
  /** Variant id, unique within the product. */
  id: string;
  /** Display label such as "M / Red". */
  name: string;
  /** Size label. */
  size: string;
  /** Colour name. */
  color: string;
  /** Merchant SKU. */
  sku: string;
  /** GTIN-13 with a valid check digit. */
  gtin: string;
  /** Offers for this variant. */
  offers: SandboxOffer[];
}

/** A product in a merchant catalog: a CAP ProductDetail plus the flat attributes filters see. */
export interface SandboxProduct {
  /** Opaque product id. */
  id: string;
  /** Title. */
  name: string;
  /** Long description. */
  description: string;
  /** Brand name. */
  brand: string;
  /** Category slug. */
  category: string;
  /** Main colour. */
  color: string;
  /** GTIN-13 shared by every merchant that sells this product (de-duplication key). */
  gtin: string;
  /** Merchant SKU. */
  sku: string;
  /** Image URLs. */
  images: string[];
  /** Product page URL on the storefront. */
  url: string;
  /** Offers (the first is the regular price; a second may carry a Standard Offer). */
  offers: SandboxOffer[];
  /** Variants (may be empty). */
  variants: SandboxVariant[];
  /** Aggregate rating. */
  reviews: { ratingValue: number; reviewCount: number; ratingCount: number; bestRating: number };
  /** Shipping methods. */
  shipping: { name: string; price: string; priceCurrency: string; estimatedDelivery: string }[];
  /** Lowest offer price as a number, for filters and sorting. */
  price: number;
  /** Aggregate availability: `inStock` when any offer is. */
  availability: 'inStock' | 'outOfStock' | 'preOrder';
  /** How the storefront page marks the product up. */
  markup: 'json-ld' | 'microdata' | 'link';
}

/** A merchant's whole catalog. */
export interface SandboxCatalog {
  /** ISO 4217 currency of every price. */
  currency: string;
  /** Products in id order. */
  products: SandboxProduct[];
  /** Products by id. */
  byId: Map<string, SandboxProduct>;
  /** Category slugs present. */
  categories: string[];
}
