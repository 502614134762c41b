import type { A2AAuth, A2AWarning } from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
import type {
  AgisDocument,
  AgisInvocationResult,
  AgisValidationResult,
  Embedder,
  MatchCandidate,
} from '@agentweb/agis';
import type {
  CapCallOptions,
  CapCallResult,
  CartManageInput,
  CartManageOutput,
  ContextStore,
  FanOutChunk,
  FanOutResult,
  MerchantBackoff,
  MerchantClient,
  MerchantIdentity,
  MerchantIdentityWarning,
  OrderStatusInput,
  OrderStatusOutput,
  ProductGetOutput,
  SearchCacheStore,
  UserPreferencesSetInput,
  UserPreferencesSetOutput,
} from '@agentweb/cap';
import type { ApprovalStore } from '@agentweb/core';
import type {
  CapDnsResolver,
  ExtractionPool,
  ResolveManyOutcome,
  ResolveResult,
  ResolverOptions,
} from '@agentweb/discovery';
import type {
  FetchFunction,
  HttpCacheStore,
  HttpClient,
  HttpProvenance,
  LookupFunction,
} from '@agentweb/http';
import type { AgentWebState } from '../state/agent-web-state.js';
import type { AgentOptions, AgentWarning, AgentWebAgent } from './agent-types.js';
import type { RedisStateOptions } from './redis-options.js';
import type { CheckoutOptions, CheckoutResult } from './ucp/ucp-checkout-types.js';
import type { AgentWebUcpOptions } from './ucp/ucp-client-options.js';
import type { UcpMerchantInfo } from './ucp/ucp-merchant-info.js';

/** Credentials for one merchant, looked up when the merchant is added. */
export type CredentialsLookup = (merchant: { domain: string; profile: AgentProfile }) => A2AAuth | undefined;

/** Options of `new AgentWeb(options)`. Every field is optional; the defaults reach the open web safely. */
export interface AgentWebOptions {
  /** One HTTP policy for every call (deadlines, size caps, SSRF guard, cache). Default: built from the fields below. */
  http?: HttpClient;
  /** `fetch` used when `http` is not given (msw, middleware, a proxy). Default: the guarded built-in transport. */
  fetch?: FetchFunction;
  /** DNS lookup for the built-in transport when `http` is not given (tests map names to 127.0.0.1 with it). */
  lookup?: LookupFunction;
  /** Allow `http:` URLs (default false). */
  allowHttp?: boolean;
  /** Allow private and loopback addresses (default false: only public addresses are reached). */
  allowPrivateNetwork?: boolean;
  /**
   * Deadline in ms of one HTTP request, and of one discovery run as a whole (DNS TXT, link tag and every well-known
   * URI together, so `discover`, `addMerchant` by domain and `discoverMany` per domain end within it). Default: the
   * http package's per request, 10 000 per discovery run. `discovery.timeoutMs` sets the discovery deadline apart.
   */
  timeoutMs?: number;
  /** DNS resolver for `_cap` TXT records (default: the system's, through @agentweb/discovery). */
  dns?: CapDnsResolver;
  /** Resolver settings other than `http` and `dns` (timeouts, mechanisms, cache). */
  discovery?: Omit<ResolverOptions, 'http' | 'dns'>;
  /**
   * Where contextIds live (default: `state.contextStore`, else in memory). Pass a file store to keep them across
   * runs. Not together with `redis`, or with a `state` that has a context store.
   */
  contextStore?: ContextStore;
  /**
   * Makes the backoff and circuit of each merchant added, called with the merchant's backoff key
   * (`merchantBackoffKey` of `@agentweb/cap`: its verified identity, `AgentWebMerchant.id`, never the id its card
   * claims, and the host its calls go to). Default: a private
   * in-process backoff per merchant. Pass `createRedisBackoffFactory(...).forMerchant` (`@agentweb/redis`) so that
   * every instance of a service shares each merchant's pauses and circuit.
   */
  merchantBackoff?: (merchantId: string) => MerchantBackoff;
  /**
   * State shared with other instances (contextIds, approvals, caches, merchant backoffs), e.g. `createRedisState({ url })` of
   * `@agentweb/redis`, given to every instance. Fields it lacks stay in this process. The caller closes it.
   */
  state?: AgentWebState;
  /**
   * The one switch for many instances: opens one Redis connection (`createRedisState(redis)`) and keeps this
   * client's shared state there; `close()` closes it. Same options as `createRedisState` (`url` or `client`,
   * `keyPrefix`, `commandTimeoutMs`, per-store settings). Not together with `state`. Needs `@agentweb/redis`
   * installed (an optional peer dependency, imported when the client is made): without it every call rejects
   * with `MissingPeerDependencyError`.
   */
  redis?: RedisStateOptions;
  /**
   * Where non-personalised search pages are cached (default: `createSearchCache()`, in memory, per client). Pass
   * `createRedisSearchCache(...)` of `@agentweb/redis` to share pages between instances; a shared store that
   * fails is skipped with a `cache-unavailable` warning on the merchant's outcome.
   */
  searchCache?: SearchCacheStore;
  /**
   * The response cache of the HTTP client this client builds (default: an in-memory `HttpCache`). Pass
   * `createRedisHttpCache(...)` of `@agentweb/redis` to share cards and documents between instances. Only with
   * no `http` option: a client you pass has its own cache.
   */
  httpCache?: HttpCacheStore;
  /** The user this client acts for; contextIds and personalised caches are keyed by it (default `'default'`). */
  userId?: string;
  /**
   * Credentials per merchant: a function, or a map keyed by domain, host name, merchant id or card URL. A map key
   * applies only to a merchant whose card came from the host it names (or whose endpoints are all on it), so a
   * card cannot claim another merchant's credentials by naming its id.
   */
  credentials?: Readonly<Record<string, A2AAuth>> | CredentialsLookup;
  /**
   * Shop at Universal Commerce Protocol merchants too: `addMerchant` (and a search or cart naming an unknown
   * merchant) then also reads the domain's `/.well-known/ucp`, and a merchant found there is searched, carted and
   * checked out like a CAP one. `profileUrl` is the platform profile you host, sent in `UCP-Agent`; `credentials`
   * authenticate the platform at merchants that require it. Without it no merchant is probed for UCP.
   */
  ucp?: AgentWebUcpOptions;
  /** Progress and diagnostics; errors thrown by the listener are ignored. */
  onEvent?: (event: AgentWebEvent) => void;
  /**
   * Refuse instead of warn (default false). Today: a merchant whose card names an endpoint on another origin than
   * the one the card was fetched from is refused with `CrossOriginEndpointError` instead of being added with an
   * `endpoint-cross-origin` warning. `addMerchant(target, { strict })` overrides it per call.
   */
  strict?: boolean;
  /** Default deadline of a fan-out search in ms (default 5 000). */
  searchDeadlineMs?: number;
  /**
   * Merchants called at once by a search, and domains discovered at once by `discoverMany`. Unset, a search uses
   * the fan-out defaults (128 across hosts, at most `perHostConcurrency` per host, so a search of up to 100
   * merchants on distinct hosts never waits for a slot) and `discoverMany` 16.
   */
  concurrency?: number;
  /** Merchants on one host (`hostname:port`) called at once by a search (default 8). */
  perHostConcurrency?: number;
  /** Most merchants kept (default 1 000); the least recently used one is dropped past it. */
  maxMerchants?: number;
  /** Embedder for the AGIS intent matcher and validator (default: the built-in lexical one). */
  embedder?: Embedder;
  /** Clock for relative dates in intents ("tomorrow at 7"); default `() => new Date()`. */
  now?: () => Date;
  /**
   * The user's BCP 47 locale for numeric dates in intents: `06/05` is 5 June under `en-US` and 6 May under `en-GB`
   * (default `en-US`). `intent(text, { locale })` overrides it per call.
   */
  locale?: string;
  /**
   * Worker threads that read large product pages for `product(pageUrl)` (default: the process-wide
   * `sharedExtractionPool()` of `@agentweb/discovery`); `false` reads every page on the event loop.
   */
  extractionPool?: ExtractionPool | false;
  /** Product pages at least this many characters long are read in the pool (default 256 Ki). */
  offThreadChars?: number;
}

/** Progress events, one union so a single listener can log them all. */
export type AgentWebEvent =
  | { type: 'discover:start'; target: string }
  | { type: 'discover:done'; target: string; ok: boolean; mechanism?: string; elapsedMs: number }
  | { type: 'merchant:added'; merchantId: string; domain: string }
  /**
   * What the client could not vouch for in a merchant's identity (when it is added), or a departure from the A2A
   * protocol its A2A client read past in an answer (an `A2AWarning`, as it is found).
   */
  | {
      type: 'merchant:warning';
      merchantId: string;
      domain: string;
      warning: MerchantIdentityWarning | A2AWarning;
    }
  /** A departure from the A2A protocol read past in an answer of an `aw.agent()` agent (also on its reply). */
  | { type: 'agent:warning'; agentId: string; domain: string; warning: AgentWarning }
  | { type: 'search:start'; query: string; merchants: number }
  | { type: 'search:merchant'; merchantId: string; status: string; products: number; elapsedMs: number }
  | { type: 'search:done'; query: string; products: number; elapsedMs: number; deadlineReached: boolean }
  | { type: 'agis:loaded'; service: string; endpoints: number; conforms: boolean }
  | { type: 'intent:matched'; instruction: string; abstain: boolean; top?: string }
  | { type: 'intent:confirm'; method: string; path: string; approved: boolean }
  | { type: 'intent:invoked'; method: string; path: string; status: number };

/** A merchant the client knows. */
export interface AgentWebMerchant {
  /**
   * The key the merchant is known by: its verified identity (`identity.key`), not what its card claims. For a
   * JSON-RPC endpoint on the card's own origin it is the endpoint URL (an A2A card's profile id); see
   * `merchantIdentity` of `@agentweb/cap` for the other forms. Registry, contextIds, search cache, backoff and
   * outcomes (`merchantId`) all use it.
   */
  readonly id: string;
  /** The id the card claims (its profile id): an A2A card's first endpoint URL, an IETF `agent_id`. */
  readonly claimedId: string;
  /** Who the merchant is, from what the client verified: the card's origin, the endpoint called, its binding. */
  readonly identity: MerchantIdentity;
  /** What the client could not vouch for (an endpoint on another origin than the card); also sent as events. */
  readonly warnings: readonly MerchantIdentityWarning[];
  /**
   * Host (and port) of its agent card, e.g. `shop.example` (of its first endpoint when added as a profile);
   * `search({ merchants })` accepts it.
   */
  readonly domain: string;
  /** Its normalised agent profile. */
  readonly profile: AgentProfile;
  /** Where the card came from. */
  readonly cardUrl: string | undefined;
  /**
   * The CAP client, for calls this facade does not wrap. For a UCP merchant, an adapter that only searches (the
   * fan-out calls it like any CAP merchant); its other CAP skills refuse with `NotACapMerchantError`.
   */
  readonly client: MerchantClient;
  /**
   * The protocol the client speaks with this merchant: `cap` (an A2A agent card with the CAP extension) or `ucp` (a
   * business profile at `/.well-known/ucp`). A merchant that offers both is a CAP merchant (see docs/ucp.md).
   */
  readonly protocol: 'cap' | 'ucp';
  /** For a UCP merchant: its UCP client and what was negotiated. */
  readonly ucp?: UcpMerchantInfo;
}

/** Options every network method accepts. */
export interface CallOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** Options of `addMerchant`. */
export interface AddMerchantOptions extends CallOptions {
  /** Credentials for this merchant (override the client's `credentials`). */
  credentials?: A2AAuth;
  /** Refuse a card whose endpoint is on another origin (default: the client's `strict`). */
  strict?: boolean;
}

/** Options of `search` and `searchStream`. */
export interface SearchOptions extends CallOptions {
  /** Merchants to ask, by domain, id or card URL; unknown ones are discovered first. Default: every known merchant. */
  merchants?: readonly string[];
  /** CAP filter expression, e.g. `price < 100 AND brand = 'Acme'`. */
  filter?: string;
  /** Whole-search deadline in ms; what arrived by then is returned. */
  deadlineMs?: number;
  /** Results per merchant (default 10). */
  limit?: number;
  /** `keyword` (default) or `phrase`. */
  queryMode?: 'keyword' | 'phrase';
  /**
   * Send the user's contextIds (default true). While the context store cannot be read (its Redis is down) each
   * merchant is searched anonymously instead, with a `context-unavailable` warning on its outcome.
   */
  personalise?: boolean;
  /**
   * Fail each merchant (status `error`) when the user's context cannot be read, rather than search it anonymously
   * (default false).
   */
  requireContext?: boolean;
}

/** The result of `product()`. */
export interface ProductLookupResult {
  /** The merchant that answered. */
  merchantId: string;
  /** The product id asked for. */
  productId: string;
  /** The `cap:product_get` answer for that id. */
  product: NonNullable<ProductGetOutput['products'][number]>;
  /** How the id was found: given directly, or read from a product page. */
  source: 'id' | 'page';
  /** The product page fetch, when `source` is `page`. */
  page?: HttpProvenance;
}

/** Options of `product()`. */
export interface ProductOptions extends CallOptions {
  /** Merchant to ask when an id (not a page URL) is given; required when more than one merchant is known. */
  merchant?: string;
}

/** Where an AGIS service was loaded from, and what was found. */
export interface LoadedAgisService {
  /** The document's `service` string. */
  readonly service: string;
  /** The parsed document. */
  readonly document: AgisDocument;
  /** Base URL of the HTTP transitional binding, when known; `invokeIntent` needs it. */
  readonly baseUrl: string | undefined;
  /** Where the document came from (`inline` for a document passed in). */
  readonly source: string;
  /** The level-1 validation result; a non-conforming document still loads, with this to show why. */
  readonly validation: AgisValidationResult;
}

/** Options of `loadAgisService`. */
export interface LoadAgisServiceOptions extends CallOptions {
  /** Base URL of the HTTP binding (default: the origin the document or its well-known summary came from). */
  baseUrl?: string;
  /** Refuse documents that do not conform at level 1 (default false: load with warnings). */
  requireConformance?: boolean;
}

/** Options of `intent()`. */
export interface IntentOptions extends CallOptions {
  /** Most candidates returned (default 3). */
  topK?: number;
  /** The user's BCP 47 locale for numeric dates in this instruction; overrides the client's `locale`. */
  locale?: string;
}

/** The result of `intent()`. */
export interface IntentMatch {
  /** The instruction as given. */
  readonly instruction: string;
  /** Candidates, best first. */
  readonly candidates: readonly MatchCandidate[];
  /** True when no loaded endpoint serves the instruction. */
  readonly abstain: boolean;
}

/** What `confirm` is shown before an endpoint that needs confirmation is called. */
export interface ConfirmationRequest {
  /** The candidate about to be invoked. */
  candidate: MatchCandidate;
  /** The input that will be sent. */
  input: Record<string, unknown>;
  /** Why confirmation is needed (irreversible, low confidence), from the candidate's reasons. */
  reasons: readonly string[];
}

/** Options of `invokeIntent`. */
export interface InvokeIntentOptions extends CallOptions {
  /**
   * Called before any endpoint whose candidate `needsConfirmation`, or that is irreversible whatever the match
   * says; only `true` proceeds. Without it such endpoints are refused with `IntentConfirmationError`.
   */
  confirm?: (request: ConfirmationRequest) => boolean | Promise<boolean>;
  /** Which candidate to invoke (default 0, the best). */
  candidate?: number;
  /** Input fields merged over the extracted params (fill what the instruction did not say). */
  input?: Record<string, unknown>;
  /** Deadline of the call in ms. */
  timeoutMs?: number;
}

/** The public surface of the AgentWeb client; tools and adapters depend on this, not on the class. */
export interface AgentWebClient {
  /** The user this client acts for; the tools keep approvals per user. */
  readonly userId?: string;
  /**
   * Approvals shared beyond this client (from its `state`): the tools made from it keep their matches and approvals
   * there instead of in a memory store per tool list.
   */
  readonly approvals?: ApprovalStore | undefined;
  /** Finds the agent card of a domain or page URL (DNS TXT, link tag, well-known URIs), with the trace. */
  discover(domainOrUrl: string, options?: CallOptions & { requireCap?: boolean }): Promise<ResolveResult>;
  /** Discovers many domains with bounded concurrency; never rejects as a whole. */
  discoverMany(
    domains: Iterable<string>,
    options?: CallOptions & { requireCap?: boolean; concurrency?: number },
  ): Promise<ResolveManyOutcome[]>;
  /**
   * Checks out the user's cart at a UCP merchant: creates (or updates) the checkout session from the cart and returns
   * its state, totals and messages. Completes the purchase only with `confirm: true` and a `payment` instrument
   * from one of the merchant's payment handlers; otherwise hand the buyer `continueUrl`. The instrument is never
   * logged, cached or put in an error. Optional for hosts' own clients: the `checkout` tool reports a client
   * without it.
   */
  checkout?(merchant: string, options?: CheckoutOptions): Promise<CheckoutResult>;
  /** Adds a CAP merchant by domain, card URL or profile (discovering it when needed). */
  addMerchant(target: string | AgentProfile, options?: AddMerchantOptions): Promise<AgentWebMerchant>;
  /**
   * Finds a generic A2A agent by domain, origin or card URL (CAP not needed) to ask it things; follow-up turns
   * continue each user's conversation through the context store. Optional for hosts' own clients: the
   * `ask_agent` tool reports a client without it.
   */
  agent?(target: string | AgentProfile, options?: AgentOptions): Promise<AgentWebAgent>;
  /** The merchants added so far. */
  merchants(): readonly AgentWebMerchant[];
  /** Searches every (or the given) merchant at once; partial results at the deadline. */
  search(query: string, options?: SearchOptions): Promise<FanOutResult>;
  /** The same search, yielding each merchant's results as they arrive. */
  searchStream(query: string, options?: SearchOptions): AsyncIterable<FanOutChunk>;
  /** A product by id, or by product page URL (the id is read from the page and its merchant resolved). */
  product(idOrProductPageUrl: string, options?: ProductOptions): Promise<ProductLookupResult>;
  /** `cap:cart_manage` at one merchant. */
  cart(
    merchant: string,
    input: CartManageInput,
    options?: CapCallOptions,
  ): Promise<CapCallResult<CartManageOutput>>;
  /** `cap:order_status` at one merchant. */
  orderStatus(
    merchant: string,
    input: OrderStatusInput,
    options?: CapCallOptions,
  ): Promise<CapCallResult<OrderStatusOutput>>;
  /** `cap:user_preferences_set` at one merchant. */
  setPreferences(
    merchant: string,
    input: UserPreferencesSetInput,
    options?: CapCallOptions,
  ): Promise<CapCallResult<UserPreferencesSetOutput>>;
  /** Revokes consent at one merchant and forgets the stored contextId. */
  revokeConsent(merchant: string, options?: CapCallOptions): Promise<CapCallResult<UserPreferencesSetOutput>>;
  /** Loads an AGIS service from a domain (its `/.well-known/agis.json`), a document URL, or a document. */
  loadAgisService(
    source: string | AgisDocument,
    options?: LoadAgisServiceOptions,
  ): Promise<LoadedAgisService>;
  /** The AGIS services loaded so far. */
  agisServices(): readonly LoadedAgisService[];
  /** Routes an instruction to the loaded AGIS endpoints. */
  intent(instruction: string, options?: IntentOptions): Promise<IntentMatch>;
  /** Invokes a matched endpoint, asking `confirm` first when it needs confirmation. */
  invokeIntent(match: IntentMatch, options?: InvokeIntentOptions): Promise<AgisInvocationResult>;
  /** Closes what the client created (HTTP connections, DNS sockets). Idempotent. */
  close(): Promise<void>;
}
