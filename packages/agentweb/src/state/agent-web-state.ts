import type { ContextStore, MerchantBackoff, SearchCacheStore } from '@agentweb/cap';
import type { ApprovalStore } from '@agentweb/core';
import type { HttpCacheStore } from '@agentweb/http';

/**
 * State an `AgentWeb` keeps outside itself, for backends that run many instances: give every instance the same
 * state (`createRedisState` of `@agentweb/redis`) and a user's contextIds and approvals follow them from instance to
 * instance. Every field is optional; what is missing stays in the process, as without `state`.
 */
export interface AgentWebState {
  /** Where contextIds live, per user and merchant (instead of the client's memory store). */
  readonly contextStore?: ContextStore;
  /**
   * Intent matches and the one-time approvals behind `CONFIRMATION_REQUIRED`, for the tools (`match_intent`,
   * `invoke_intent`, the MCP tools of AGIS endpoints) made from this client, kept per user.
   */
  readonly approvals?: ApprovalStore;
  /**
   * Makes each merchant's backoff and circuit (instead of the `merchantBackoff` option; not together with it), so that every
   * instance shares a merchant's pauses and circuit.
   */
  readonly merchantBackoff?: (merchantId: string) => MerchantBackoff;
  /** Non-personalised search pages (instead of the client's memory cache; the `searchCache` option wins). */
  readonly searchCache?: SearchCacheStore;
  /**
   * Responses of the HTTP client the `AgentWeb` builds (cards, well-known documents, pages); the `httpCache`
   * option wins. A client passed as `http` keeps its own cache.
   */
  readonly httpCache?: HttpCacheStore;
  /** Closes what the state opened (its connection); `AgentWeb.close()` calls it only for a state it made itself. */
  close?(): Promise<void>;
}
