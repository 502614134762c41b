export {
  FanOutInterruptedError,
  isFanOutInterruptedError,
  isUnexpectedFanOutError,
  UnexpectedFanOutError,
} from './fan-out-errors.js';
export { fanOutSearch } from './fan-out-search.js';
export {
  DEFAULT_FAN_OUT_CONCURRENCY,
  DEFAULT_PER_HOST_CONCURRENCY,
  fanOutSearchStream,
  isFanOutDeadline,
} from './fan-out-stream.js';
export type {
  FanOutChunk,
  FanOutProduct,
  FanOutResult,
  FanOutSearchOptions,
  MerchantOutcome,
  MerchantOutcomeStatus,
  ProductProvenance,
} from './fan-out-types.js';
export { productGtin } from './gtin.js';
export { mergeChunks } from './merge-results.js';
export {
  type CachedSearchPage,
  createSearchCache,
  type SearchCache,
  type SearchCacheKeyParts,
  type SearchCacheOptions,
  type SearchCacheStore,
  searchCacheKey,
} from './search-cache.js';
