export { type ExtractProductIdsOptions, extractProductIds } from './extract-product-ids.js';
export {
  createExtractionPool,
  DEFAULT_OFF_THREAD_CHARS,
  EXTRACTION_POOL_RULE,
  type ExtractionPool,
  ExtractionPoolError,
  type ExtractionPoolErrorCode,
  type ExtractionPoolOptions,
  extractProductIdsOffThread,
  isExtractionPoolError,
  type OffThreadExtractOptions,
  type PoolExtractOptions,
  sharedExtractionPool,
} from './extraction-pool.js';
export {
  type HtmlScan,
  type JsonLdBlock,
  MAX_MICRODATA_TEXT,
  scanHtml,
} from './html-scan.js';
export {
  type JsonLdParseMode,
  type JsonLdParseResult,
  MAX_JSONLD_PARSE_DEPTH,
  parseJsonLdText,
} from './lenient-json.js';
export { type MicrodataItem, type MicrodataValue, readMicrodataItems } from './microdata.js';
export type { MicrodataElement } from './microdata-elements.js';
export { normalizeAvailability } from './product-fields.js';
export type {
  ExtractedOffer,
  ExtractedProduct,
  ExtractionWarning,
  ProductAvailability,
  ProductIdCandidate,
  ProductIdExtraction,
  ProductIdProperty,
  ProductIdSource,
  StandardOffer,
  StandardOfferDiscount,
} from './product-types.js';
export { PRODUCT_ID_PROPERTIES } from './product-types.js';
export { decodeStandardOfferCode, parseStandardOffer } from './standard-offer.js';
