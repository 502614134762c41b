/** Where an identifier was found. */
export type ProductIdSource = 'link' | 'jsonld' | 'microdata';

/** The schema.org properties read as product identifiers. */
export type ProductIdProperty =
  | 'productID'
  | 'identifier'
  | 'sku'
  | 'gtin'
  | 'gtin8'
  | 'gtin12'
  | 'gtin13'
  | 'gtin14'
  | 'mpn';

/** Every identifier property, in the order candidates are listed. */
export const PRODUCT_ID_PROPERTIES: readonly ProductIdProperty[] = [
  'productID',
  'identifier',
  'sku',
  'gtin',
  'gtin8',
  'gtin12',
  'gtin13',
  'gtin14',
  'mpn',
];

/** CAP `ProductAvailability`. */
export type ProductAvailability = 'inStock' | 'outOfStock' | 'preOrder';

/** What a Standard Offer code means, when the code is one AgentWeb knows. */
export type StandardOfferDiscount =
  | {
      /** A plain percentage off (`PCTnn`). */
      kind: 'percentOff';
      /** Percent off, 1-100. */
      percent: number;
    }
  | {
      /** Buy some, get some at a discount (`BOGO50`, `BOGOF`, `BTGOF`). */
      kind: 'buyXGetY';
      /** Items bought at full price. */
      buy: number;
      /** Items discounted. */
      get: number;
      /** Percent off the discounted items (100 = free). */
      percentOff: number;
    };

/** A CAP Standard Offer found in an offer's `additionalType`. */
export interface StandardOffer {
  /** The URN as written (`urn:cap:StandardOffer:BOGO50`, or the compact `cap:StandardOffer:BOGO50`). */
  urn: string;
  /** The offer code (`BOGO50`). Unknown codes are kept; fall back to the offer's description for them. */
  code: string;
  /** The decoded meaning, for known codes. */
  discount?: StandardOfferDiscount;
}

/** One offer of a product. */
export interface ExtractedOffer {
  /** Price as a decimal string (`lowPrice` for aggregate offers). */
  price?: string;
  /** ISO 4217 currency from `priceCurrency`. */
  currency?: string;
  /** Availability normalized to CAP's tokens. */
  availability?: ProductAvailability;
  /** Availability as written, when present (kept also when it could not be normalized). */
  availabilityRaw?: string;
  /** Every `additionalType` value. */
  additionalType: string[];
  /** CAP Standard Offers among `additionalType`. */
  standardOffers: StandardOffer[];
  /** Identifiers on the offer itself (often `sku`). */
  ids: Partial<Record<ProductIdProperty, string[]>>;
}

/** One schema.org Product (or ProductGroup, variant, ...) found on the page. */
export interface ExtractedProduct {
  /** Where it was found. */
  source: 'jsonld' | 'microdata';
  /** Location: `jsonld[<block>]:<json path>` or `microdata[<item>]`. */
  path: string;
  /** The node's types, prefixes removed (`Product`, `ProductGroup`, ...). */
  types: string[];
  /** `name`. */
  name?: string;
  /** `brand` (its name when it is an object). */
  brand?: string;
  /** Product-level identifiers, values coerced to strings, arrays split. */
  ids: Partial<Record<ProductIdProperty, string[]>>;
  /** Offers, including those inside aggregate offers. */
  offers: ExtractedOffer[];
  /** Path of the ProductGroup this is a variant of (`hasVariant`), when nested in one. */
  variantOf?: string;
}

/** One identifier found on the page. */
export interface ProductIdCandidate {
  /** The identifier, exactly as the page gives it (trimmed); pass it to `cap:product_get` unchanged. */
  id: string;
  /** Where it was found. */
  source: ProductIdSource;
  /** The property it came from (`productID` for a `cap-product-id` link). */
  property: ProductIdProperty;
  /** Where exactly: product path, then `.offers[n]` for offer-level values, then the property. */
  path: string;
}

/** A problem met while reading the page; extraction goes on. */
export interface ExtractionWarning {
  /**
   * `JSONLD_CLEANED` (read after clean-up), `JSONLD_UNPARSEABLE`, `JSONLD_TOO_DEEP`, `MICRODATA_TRUNCATED`
   * (the page's microdata asked for more work than its size allows; later items skipped), `EXTRACTION_FAILED`.
   */
  code:
    | 'JSONLD_CLEANED'
    | 'JSONLD_UNPARSEABLE'
    | 'JSONLD_TOO_DEEP'
    | 'MICRODATA_TRUNCATED'
    | 'EXTRACTION_FAILED';
  /** What was wrong and where. */
  message: string;
  /** Index of the JSON-LD block concerned. */
  block?: number;
}

/** Result of `extractProductIds`. */
export interface ProductIdExtraction {
  /** The identifier to use, by CAP precedence, or null when the page has none. */
  chosen: { id: string; source: ProductIdSource; property: ProductIdProperty; path: string } | null;
  /** Every identifier found, de-duplicated by source, property and value, in precedence order. */
  candidates: ProductIdCandidate[];
  /** Every product found. */
  products: ExtractedProduct[];
  /** Problems met (malformed JSON-LD, ...). */
  warnings: ExtractionWarning[];
}
