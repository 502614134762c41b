import type { AgentWebError } from '@agentweb/core';
import type { MerchantClient } from '../merchant/merchant-types.js';
import type { ProductSummary } from '../schemas/common.js';
import type { CapWarning } from '../schemas/warnings.js';
import type { SearchCacheStore } from './search-cache.js';

/** Options of `fanOutSearch` and `fanOutSearchStream`. */
export interface FanOutSearchOptions {
  /** Search terms, sent to every merchant. */
  query: string;
  /** Query mode; merchants that do not declare `phrase` get `keyword`. */
  queryMode?: 'keyword' | 'phrase';
  /** Filter text, passed through to every merchant. */
  filter?: string;
  /** The merchants (one client each). */
  merchants: readonly MerchantClient[];
  /** Page size per merchant (default 10; the spec suggests 10-20, max 100). */
  limit?: number;
  /** Page budget per merchant (default 1). */
  pages?: number;
  /**
   * Merchants called at once across all hosts (default 128, `DEFAULT_FAN_OUT_CONCURRENCY`): high enough that a
   * fan-out to 100 merchants on distinct hosts never waits for a slot.
   */
  concurrency?: number;
  /**
   * Merchants called at once on one host, `hostname:port` of the merchant's endpoint (default 8,
   * `DEFAULT_PER_HOST_CONCURRENCY`). Many merchants served by one platform host are spread over time instead
   * of opening a burst of connections to it.
   */
  perHostConcurrency?: number;
  /** Whole fan-out deadline in ms; what arrived by then is returned (default 5 000). */
  deadlineMs?: number;
  /** Aborts the fan-out; results so far are returned. */
  signal?: AbortSignal;
  /**
   * Cache for non-personalised pages (none by default): `createSearchCache()` in memory, or a shared store
   * (`createRedisSearchCache` of `@agentweb/redis`). A store that fails or is slow is skipped for that page, with a
   * `cache-unavailable` warning on the merchant's outcome; it never holds the fan-out past its deadline.
   */
  cache?: SearchCacheStore;
  /** Locale/currency the results are for; part of the cache key. */
  locale?: string;
  /**
   * Send each user's contextId (default true). `false` makes every call anonymous and cacheable. When the context
   * store cannot be reached (`StateStoreError`, e.g. a Redis outage, or a file store's I/O error), the merchant is
   * searched anonymously, as with `false`, and its outcome
   * carries a `context-unavailable` warning; nothing the merchant issues is stored.
   */
  personalise?: boolean;
  /**
   * Fail a merchant (status `error`, the store's error) when the user's context cannot be read, instead of
   * searching it anonymously with a `context-unavailable` warning (default false). A readable store holding no
   * context for the user is not a failure: the first personalised call starts one.
   */
  requireContext?: boolean;
  /** Allow personal data in `query`/`filter` (default false). */
  allowPii?: boolean;
}

/** Where a product came from. */
export interface ProductProvenance {
  /** The merchant's id. */
  merchantId: string;
  /** The merchant's agent card URL, when known. */
  agentCardUrl: string | undefined;
  /** The product id at that merchant. */
  productId: string;
}

/** A product with its provenance. */
export interface FanOutProduct {
  /** The merchant's id. */
  merchantId: string;
  /** The merchant's agent card URL, when known. */
  agentCardUrl: string | undefined;
  /** The product as the merchant sent it. */
  product: ProductSummary;
  /** Position in that merchant's own result list (0-based, across pages). */
  rank: number;
  /** Page it came from (0-based). */
  page: number;
  /** GTIN (14 digits) when the product has one. */
  gtin: string | undefined;
  /** Other merchants offering the same GTIN (filled by `fanOutSearch` when it de-duplicates). */
  alsoFrom: ProductProvenance[];
}

/** What happened with one merchant. */
export type MerchantOutcomeStatus = 'ok' | 'error' | 'timeout' | 'rate-limited' | 'skipped';

/** One merchant's outcome. */
export interface MerchantOutcome {
  /** The merchant's id. */
  merchantId: string;
  /** The merchant's agent card URL. */
  agentCardUrl: string | undefined;
  /** Outcome. `timeout` and `rate-limited` may still carry products from earlier pages. */
  status: MerchantOutcomeStatus;
  /**
   * Why, for non-`ok` outcomes: `deadline`, `aborted`, `circuit-open`, `not-declared`, `credentials-required`,
   * `rate-limited`, or (for `error`) the error's code.
   */
  reason?: string;
  /**
   * The error, for `error`, `timeout` and `rate-limited`; always an AgentWeb error, so `code` says what broke and
   * `JSON.stringify(outcome)` carries its `name`, `code`, `message` (and `status`, `capErrorCode`, ... where the
   * error has them). A cut-off call is a `FanOutInterruptedError`; anything unexpected an `UnexpectedFanOutError`
   * with the original as `cause`.
   */
  error?: AgentWebError;
  /** Products received. */
  products: number;
  /** Pages received (cached ones included). */
  pages: number;
  /** Pages served from the cache. */
  cachedPages: number;
  /** The merchant's `totalResults` from its last page. */
  totalResults?: number;
  /** True when the user's contextId was sent (results were not cached). */
  personalised: boolean;
  /** ms after the fan-out started that this merchant's first call went out (undefined when never started). */
  startedAtMs?: number;
  /** ms this merchant took, from its start to its outcome. */
  elapsedMs: number;
  /** Lenient-parse warnings from its pages. */
  warnings: CapWarning[];
}

/** One merchant's results, as the stream yields them. */
export interface FanOutChunk {
  /** Position of the merchant in `merchants`. */
  index: number;
  /** Its products, in its own order. */
  products: FanOutProduct[];
  /** Its outcome. */
  outcome: MerchantOutcome;
}

/** The merged result. */
export interface FanOutResult {
  /** Products interleaved round-robin across merchants (in `merchants` order), de-duplicated by GTIN. */
  products: FanOutProduct[];
  /** One outcome per merchant, in `merchants` order. */
  outcomes: MerchantOutcome[];
  /** Products dropped as GTIN duplicates (kept in the first one's `alsoFrom`). */
  duplicates: number;
  /** Whole fan-out time, ms. */
  elapsedMs: number;
  /** True when the deadline cut the fan-out short. */
  deadlineReached: boolean;
}
