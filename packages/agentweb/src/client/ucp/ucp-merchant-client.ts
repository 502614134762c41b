import type { AgentProfile } from '@agentweb/agentcard';
import {
  type CallOutcome,
  type CapCallResult,
  type CapSkillId,
  type ContextStore,
  createMerchantBackoff,
  type MerchantBackoff,
  type MerchantClient,
  type ProductGetOutput,
  type ProductSearchInput,
  type ProductSearchOutput,
} from '@agentweb/cap';
import { isAgentWebError } from '@agentweb/core';
import { isHttpError } from '@agentweb/http';
import type { UcpClient, UcpResult } from '@agentweb/ucp';
import { NotACapMerchantError } from '../errors.js';
import { manageUcpCart } from './ucp-cart.js';
import { ucpOrderStatus } from './ucp-order-status.js';
import { UcpMerchantRefusedError } from './ucp-outcome-error.js';
import { productDetailOf, productSummaryOf } from './ucp-product.js';

/** What the search adapter of a UCP merchant is made from. */
export interface UcpMerchantClientInit {
  /** The merchant's key (its business profile URL). */
  merchantId: string;
  /** The synthetic profile the registry and events show. */
  profile: AgentProfile;
  /** `host:port` of the UCP endpoint: the fan-out's per-host pool. */
  hostKey: string;
  /** The UCP client. */
  ucp: UcpClient;
  /** Whether the negotiated capabilities include catalog search. */
  canSearch: boolean;
  /** The merchant's backoff (the client's factory, or a private one). */
  backoff: MerchantBackoff | undefined;
  contextStore: ContextStore;
  userId: string;
  /** True when credentials are sent (then search pages are cached per user). */
  authenticated: boolean;
}

/**
 * A UCP merchant seen through the `MerchantClient` interface the fan-out takes, so CAP and UCP merchants are
 * searched in one run with one deadline, pools, backoff, cache and de-duplication. Only `productSearch` speaks
 * UCP here; carts and orders map UCP's `update_cart` and `get_order` onto the CAP shapes (`aw.cart`,
 * `aw.orderStatus`), checkout is `aw.checkout`, and the CAP-only skills refuse with `NotACapMerchantError`.
 */
export function createUcpMerchantClient(init: UcpMerchantClientInit): MerchantClient & { hostKey: string } {
  const backoff = init.backoff ?? createMerchantBackoff({ name: init.merchantId });
  const capOnly = (skill: string) => () =>
    Promise.reject(new NotACapMerchantError(`${init.merchantId} (UCP; ${skill} is a CAP skill)`, undefined));
  return {
    merchantId: init.merchantId,
    agentCardUrl: undefined,
    profile: init.profile,
    userId: init.userId,
    cachePartition: init.authenticated ? `user:${init.userId}` : 'anonymous',
    backoff,
    contextStore: init.contextStore,
    hostKey: init.hostKey,
    close: () => Promise.resolve(),
    productSearch: (input, options = {}) => searchPage(init, backoff, input, options.signal),
    productGet: async (input, options = {}) => ({
      ...resultBase(init.merchantId, 'cap:product_get'),
      output: await getUcpProducts(init, input.productIds, options.signal),
      warnings: [],
    }),
    cartManage: async (input, options = {}) => ({
      ...resultBase(init.merchantId, 'cap:cart_manage'),
      output: await manageUcpCart(
        { merchantId: init.merchantId, ucp: init.ucp, contextStore: init.contextStore, userId: init.userId },
        input,
        options.signal,
      ),
      warnings: [],
    }),
    orderStatus: (input, options = {}) =>
      ucpOrderStatus({ merchantId: init.merchantId, ucp: init.ucp }, input, options.signal),
    setUserPreferences: capOnly('cap:user_preferences_set'),
    revokeConsent: capOnly('cap:user_preferences_set'),
    invokeText: capOnly('text invocation'),
    canCall: (skillId) =>
      skillId === 'cap:product_search' && init.canSearch
        ? { ok: true }
        : { ok: false, reason: 'not-declared' },
    // UCP has no per-user context id: every search is anonymous (and so cacheable, per partition).
    currentContextId: () => Promise.resolve(undefined),
  };
}

function resultBase<S extends CapSkillId>(merchantId: string, skillId: S) {
  return { skillId, merchantId, contextId: undefined, personalised: false, taskId: undefined };
}

/** `cap:product_get` on UCP's `get_product`, one call per id; an id the merchant does not have is `null`. */
async function getUcpProducts(
  init: UcpMerchantClientInit,
  ids: readonly string[],
  signal: AbortSignal | undefined,
): Promise<ProductGetOutput> {
  const products = await Promise.all(
    ids.map(async (id) => {
      try {
        const got = await init.ucp.getProduct({ id }, signal === undefined ? {} : { signal });
        return got.ok ? productDetailOf(got.value.product) : null;
      } catch (error) {
        if ((error as { status?: unknown }).status === 404) return null;
        throw error;
      }
    }),
  );
  const notFound = ids.filter((_, i) => products[i] === null);
  return { products, ...(notFound.length === 0 ? {} : { notFound }) };
}

async function searchPage(
  init: UcpMerchantClientInit,
  backoff: MerchantBackoff,
  input: ProductSearchInput,
  signal: AbortSignal | undefined,
): Promise<CapCallResult<ProductSearchOutput>> {
  const limit = input.limit ?? 10;
  const offset = input.offset ?? 0;
  const base = {
    skillId: 'cap:product_search' as const,
    merchantId: init.merchantId,
    contextId: undefined,
    personalised: false,
    taskId: undefined,
  };
  // UCP pages by cursor, not offset: a later page by offset cannot be asked for, so it ends the merchant's paging.
  if (offset > 0)
    return { ...base, output: { products: [], totalResults: offset, offset, limit }, warnings: [] };
  const result = await backoff.run(
    () =>
      init.ucp.searchCatalog(
        { query: input.query, pagination: { limit } },
        signal === undefined ? {} : { signal },
      ),
    { ...(signal === undefined ? {} : { signal }), classify: classifyUcpCall },
  );
  if (!result.ok) {
    throw new UcpMerchantRefusedError({
      merchantId: init.merchantId,
      operation: 'search_catalog',
      outcome: result.outcome,
      messages: result.messages,
      continueUrl: result.continueUrl,
    });
  }
  const products = result.value.products.map(productSummaryOf);
  // UCP search has no filter language: the products are returned as the merchant ranked them, and the outcome says
  // the filter was not applied rather than passing them off as filtered.
  const filterWarning =
    input.filter === undefined
      ? []
      : [
          {
            code: 'field-invalid' as const,
            path: 'filter',
            message: 'UCP catalog search has no filter language; the filter was not applied at this merchant',
          },
        ];
  const total = (result.value.pagination as { total_count?: unknown } | undefined)?.total_count;
  return {
    ...base,
    output: {
      products,
      totalResults: typeof total === 'number' && total >= products.length ? total : products.length,
      offset: 0,
      limit,
    },
    warnings: [
      ...filterWarning,
      ...result.warnings.map((w) => ({
        code: 'field-invalid' as const,
        path: w.path,
        message: `UCP ${w.code}: ${w.message}`,
      })),
    ],
  };
}

/** How a UCP call counts for the merchant's backoff: 429 pauses it, 5xx and network failures count as failures. */
export function classifyUcpCall(
  result: { ok: true; value: UcpResult<unknown> } | { ok: false; error: unknown },
): CallOutcome {
  if (result.ok) return { kind: 'success' };
  const { error } = result;
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 429) {
    const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
    return typeof retryAfterMs === 'number'
      ? { kind: 'rate-limited', retryAfterMs }
      : { kind: 'rate-limited' };
  }
  if (typeof status === 'number') return status >= 500 ? { kind: 'failure' } : { kind: 'success' };
  if (isHttpError(error)) return { kind: 'failure' };
  return isAgentWebError(error) ? { kind: 'ignore' } : { kind: 'failure' };
}
