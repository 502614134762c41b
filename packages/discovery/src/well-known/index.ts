export {
  CategoriesError,
  type CategoriesErrorCode,
  isCategoriesError,
} from './categories-error.js';
export {
  checkEndpointScheme,
  EndpointSchemeError,
  isEndpointSchemeError,
} from './endpoint-scheme.js';
export {
  DEFAULT_MAX_CARD_BYTES,
  type FetchAgentCardOptions,
  type FetchedAgentCard,
  fetchAgentCard,
} from './fetch-agent-card.js';
export {
  type AgisSummaryDocument,
  DEFAULT_MAX_AGIS_BYTES,
  fetchAgisSummary,
} from './fetch-agis-summary.js';
export {
  type CategoriesResult,
  DEFAULT_MAX_CATEGORIES_BYTES,
  type FetchCategoriesOptions,
  fetchCategories,
} from './fetch-categories.js';
export type { WellKnownFetchOptions } from './fetch-options.js';
export {
  CARD_DOCUMENT_KINDS,
  type CardCandidate,
  cardCandidates,
  WELL_KNOWN_DOCUMENTS,
  type WellKnownDocument,
  type WellKnownKind,
  wellKnownUrl,
} from './well-known-paths.js';
