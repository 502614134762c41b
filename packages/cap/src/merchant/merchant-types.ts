import type { A2AAuth, A2AClient } from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
import type { HttpClient } from '@agentweb/http';
import type { MerchantBackoff } from '../backoff/merchant-backoff.js';
import type { ContextStore } from '../context/context-store.js';
import type { CartManageInput, CartManageOutput } from '../schemas/cart-manage.js';
import type { OrderStatusInput, OrderStatusOutput } from '../schemas/order-status.js';
import type { ProductGetInput, ProductGetOutput } from '../schemas/product-get.js';
import type { ProductSearchInput, ProductSearchOutput } from '../schemas/product-search.js';
import type { CapSkillId } from '../schemas/skill-ids.js';
import type { UserPreferencesSetInput, UserPreferencesSetOutput } from '../schemas/user-preferences.js';
import type { CapWarning } from '../schemas/warnings.js';

/** Options of `createMerchantClient`. */
export interface MerchantClientOptions {
  /** The merchant's agent profile (skills, tags, input modes, CAP support). */
  profile: AgentProfile;
  /**
   * An A2A client for this merchant. Default: one built from `profile` with `http` and `credentials`.
   */
  a2a?: A2AClient;
  /**
   * Close `a2a` when this client is closed (default false: an `a2a` passed in stays the caller's to close). Set it
   * when the A2A client was built for this merchant client alone, so `close()` releases its gRPC channel.
   */
  closeA2A?: boolean;
  /**
   * Where contextIds live, per user and per merchant (an object with `get`, `set` and `delete`). Default: a new
   * in-memory store for this client alone (`createMemoryContextStore()`), so contextIds last as long as the client;
   * pass a shared or file store to share them between clients or keep them across runs.
   */
  contextStore?: ContextStore;
  /** The user this client acts for (contextIds are stored under it). */
  userId: string;
  /**
   * Credentials for this merchant. Without them, skills not tagged `auth:public` are refused before sending.
   * When `a2a` is omitted they are handed to the A2A client; when you pass `a2a` built with credentials, pass
   * `true` here to say so.
   */
  credentials?: A2AAuth | true;
  /** The merchant's backoff, shared by every client of this merchant (default: a private one). */
  backoff?: MerchantBackoff;
  /** HTTP client used when `a2a` is omitted (default: `createHttpClient()`). */
  http?: HttpClient;
  /** Id the merchant is known by (default `profile.id`); contextIds are keyed by it. */
  merchantId?: string;
  /** URL of the merchant's agent card, carried as provenance (default: the A2A client's `cardUrl`). */
  agentCardUrl?: string;
  /** Allow emails, phone and card numbers in `query`/`filter` for every call (default false). */
  allowPii?: boolean;
  /** How many times a rate-limited call is sent again after the backoff's wait (default 1). */
  rateLimitRetries?: number;
  /** Longest backoff wait a retry will sit through, in ms (default 10 000); longer waits fail at once. */
  maxRetryWaitMs?: number;
}

/** Options of one CAP call. */
export interface CapCallOptions {
  /** Aborts the call, including a backoff wait. */
  signal?: AbortSignal;
  /**
   * Send the user's stored contextId and store the one the merchant issues (default true). With `false` the call
   * is anonymous: no contextId goes out and the merchant's new one is not stored (so it cannot replace the
   * user's real context).
   */
  personalise?: boolean;
  /** Allow personal data in `query`/`filter` for this call (default: the client's `allowPii`). */
  allowPii?: boolean;
  /**
   * Merchant-defined extension fields (the spec lets merchants add optional input fields), merged into the
   * validated input. They cannot override validated fields.
   */
  extra?: Record<string, unknown>;
}

/** The result of a CAP call. */
export interface CapCallResult<T> {
  /** The skill output, parsed leniently. */
  output: T;
  /** What the lenient parse repaired or left out. */
  warnings: CapWarning[];
  /** The skill called. */
  skillId: CapSkillId;
  /** The merchant. */
  merchantId: string;
  /** The contextId the merchant issued in this answer, if any. */
  contextId: string | undefined;
  /** True when a contextId was sent, i.e. the result may be personalised and must not be shared. */
  personalised: boolean;
  /** The task id, when the merchant answered with a task. */
  taskId: string | undefined;
}

/** Result of a text invocation. */
export interface CapTextResult {
  /** The DataPart data of the answer, when there was one (not validated: the skill chose its shape). */
  data: unknown;
  /** The answer's text parts, joined. */
  text: string;
  /** The merchant. */
  merchantId: string;
  /** The contextId the merchant issued, if any. */
  contextId: string | undefined;
  /** True when a contextId was sent. */
  personalised: boolean;
  /** The task id, when the merchant answered with a task. */
  taskId: string | undefined;
  /** Warnings about where the answer's skill id was found. */
  warnings: CapWarning[];
}

/** Whether a skill can be called as things stand. */
export type SkillAvailability =
  | { ok: true }
  | { ok: false; reason: 'not-declared' | 'credentials-required' | 'text-not-accepted' };

/** A CAP client for one merchant and one user. */
export interface MerchantClient {
  /** The merchant id (contextIds are keyed by it). */
  readonly merchantId: string;
  /** The agent card URL, when known (provenance). */
  readonly agentCardUrl: string | undefined;
  /** The merchant's profile. */
  readonly profile: AgentProfile;
  /** The user. */
  readonly userId: string;
  /**
   * Who may share this client's cached search results: `'anonymous'` for a client without credentials (its
   * answers cannot depend on who asks), otherwise `user:<userId>`, since a merchant may personalise results by
   * the authenticated identity. Derived from `userId` only; never from the credentials themselves.
   */
  readonly cachePartition: string;
  /** The merchant's backoff. */
  readonly backoff: MerchantBackoff;
  /**
   * Releases what this client opened itself: the A2A client it built (a gRPC channel) and the HTTP client it made
   * when none was given; an `a2a` or `http` passed in stays the caller's to close (unless `closeA2A` was set).
   * Later calls reject with `MerchantClientClosedError`. Idempotent.
   */
  close(): Promise<void>;
  /** The context store. */
  readonly contextStore: ContextStore;
  /** `cap:product_search`. */
  productSearch(
    input: ProductSearchInput,
    options?: CapCallOptions,
  ): Promise<CapCallResult<ProductSearchOutput>>;
  /** `cap:product_get`. */
  productGet(input: ProductGetInput, options?: CapCallOptions): Promise<CapCallResult<ProductGetOutput>>;
  /** `cap:cart_manage`, typed per action. */
  cartManage(input: CartManageInput, options?: CapCallOptions): Promise<CapCallResult<CartManageOutput>>;
  /** `cap:order_status`. */
  orderStatus(input: OrderStatusInput, options?: CapCallOptions): Promise<CapCallResult<OrderStatusOutput>>;
  /**
   * `cap:user_preferences_set`. Consent `none` or `absent`, or `clearAll`, revokes: after the merchant accepts,
   * the stored contextId is forgotten.
   */
  setUserPreferences(
    input: UserPreferencesSetInput,
    options?: CapCallOptions,
  ): Promise<CapCallResult<UserPreferencesSetOutput>>;
  /** Revokes consent (`clearAll` with `userDataConsent: none` by default) and forgets the contextId. */
  revokeConsent(
    options?: CapCallOptions & { consent?: 'none' | 'absent' },
  ): Promise<CapCallResult<UserPreferencesSetOutput>>;
  /** Text invocation, allowed only when the skill's inputModes list `text/plain`. */
  invokeText(
    params: { skillId: CapSkillId; text: string; hint?: Record<string, unknown> },
    options?: CapCallOptions,
  ): Promise<CapTextResult>;
  /** Whether a skill can be called now (declared, credentials, and for `mode: 'text'` the input modes). */
  canCall(skillId: CapSkillId, mode?: 'data' | 'text'): SkillAvailability;
  /** The contextId stored for this user and merchant. */
  currentContextId(): Promise<string | undefined>;
}
