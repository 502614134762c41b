import type { AgentProfile } from '@agentweb/agentcard';
import type { AgisDocument, AgisInvocationResult } from '@agentweb/agis';
import type {
  CapCallOptions,
  CapCallResult,
  CartManageInput,
  CartManageOutput,
  FanOutChunk,
  FanOutResult,
  OrderStatusInput,
  OrderStatusOutput,
  UserPreferencesSetInput,
  UserPreferencesSetOutput,
} from '@agentweb/cap';
import { type ApprovalStore, checkOptions, InvalidOptionError, is } from '@agentweb/core';
import type { ResolveManyOutcome, ResolveResult } from '@agentweb/discovery';
import { checkResolverOptions, EXTRACTION_POOL_RULE } from '@agentweb/discovery/options';
import { createHttpClient, HTTP_CLIENT_RULE, type HttpClient } from '@agentweb/http';
import type { AgentWebState } from '../state/agent-web-state.js';
import { deferredState, type FullState } from '../state/deferred-state.js';
import type { AgentOptions, AgentWebAgent } from './agent-types.js';
import type { AgentWebRuntime } from './agent-web-runtime.js';
import { AgisServices } from './agis-services.js';
import { createEventEmitter, type EventEmitter } from './emit-event.js';
import { AgentWebInputError, ClientClosedError } from './errors.js';
import { MerchantRegistry } from './merchant-registry.js';
import { openRedisState } from './open-redis-state.js';
import { REDIS_OPTION_RULES } from './redis-options.js';
import type {
  AddMerchantOptions,
  AgentWebClient,
  AgentWebMerchant,
  AgentWebOptions,
  CallOptions,
  IntentMatch,
  IntentOptions,
  InvokeIntentOptions,
  LoadAgisServiceOptions,
  LoadedAgisService,
  ProductLookupResult,
  ProductOptions,
  SearchOptions,
} from './types.js';
import type { CheckoutOptions, CheckoutResult } from './ucp/ucp-checkout-types.js';
import { UCP_OPTION_RULE } from './ucp/ucp-option-rule.js';

const DEFAULT_SEARCH_DEADLINE_MS = 5000;
const DEFAULT_MAX_MERCHANTS = 1000;

/**
 * Option types checked by the constructor (`InvalidOptionError`); `userId`, `searchDeadlineMs`, `concurrency` and
 * `maxMerchants` keep their `AgentWebInputError` checks, and the resolver and HTTP client check what they are given.
 */
const OPTION_RULES = {
  http: HTTP_CLIENT_RULE,
  fetch: is.function,
  lookup: is.function,
  allowHttp: is.boolean,
  allowPrivateNetwork: is.boolean,
  timeoutMs: is.timerMs,
  dns: { ...is.methods('resolveTxt'), expected: 'a DNS resolver (from createDnsResolver) or { resolveTxt }' },
  discovery: is.object,
  contextStore: is.methods('get', 'set', 'delete'),
  merchantBackoff: is.function,
  state: is.shape(
    {
      contextStore: is.methods('get', 'set', 'delete'),
      approvals: is.methods('putMatch', 'getMatch', 'propose', 'consume'),
      merchantBackoff: is.function,
      searchCache: is.methods('get', 'set'),
      httpCache: is.methods('get', 'store', 'refresh', 'isFresh', 'ttlSeconds'),
      close: is.function,
    },
    'an AgentWeb state (from createRedisState, or an object of stores)',
  ),
  redis: is.shape(REDIS_OPTION_RULES, 'Redis options ({ url } or { client }, as createRedisState takes)'),
  searchCache: {
    ...is.methods('get', 'set'),
    expected: 'a search cache (from createSearchCache or createRedisSearchCache)',
  },
  httpCache: {
    ...is.methods('get', 'store', 'refresh', 'isFresh', 'ttlSeconds'),
    expected: 'an HTTP cache store (an HttpCache or createRedisHttpCache)',
  },
  credentials: {
    ...is.anyOf(is.object, is.function),
    expected: 'a map of credentials by merchant or a function',
  },
  onEvent: is.function,
  strict: is.boolean,
  embedder: { ...is.methods('embed'), expected: 'an embedder ({ embed(texts) })' },
  now: is.function,
  locale: is.string,
  extractionPool: EXTRACTION_POOL_RULE,
  offThreadChars: is.nonNegativeInteger,
  ucp: UCP_OPTION_RULE,
};

/**
 * The AgentWeb client: one HTTP policy, one resolver, shared bounded caches, and the merchants and AGIS services
 * added so far. Discover agents, search and shop across CAP and UCP merchants, and route instructions to AGIS
 * endpoints. Constructing one checks every option but loads little: discovery, the merchant clients and their
 * schemas load on the first call that needs them (`agent-web-runtime.ts`), AGIS on the first AGIS call.
 */
export class AgentWeb implements AgentWebClient {
  readonly #http: HttpClient;
  readonly #ownsHttp: boolean;
  readonly #registry: MerchantRegistry;
  /**
   * The Redis state this client opened from `redis`, and so closes: usable at once, made when `@agentweb/redis` has
   * been imported (#ready).
   */
  readonly #ownedState: FullState | undefined;
  /** Settles when the state is made; a failure to make it (package missing, bad setting) rejects every call. */
  readonly #ready: Promise<unknown> | undefined;
  readonly #state: AgentWebState | undefined;
  /** The user this client acts for. */
  readonly userId: string;
  /**
   * The approvals store of this client's `state` (or `redis`), which the tools made from it share; `undefined`
   * without one (each tool list then keeps its own in memory). Data properties rather than getters, so a host's
   * wrapper made with `Object.create(client)` reads them too.
   */
  readonly approvals: ApprovalStore | undefined;
  readonly #options: AgentWebOptions;
  readonly #emit: EventEmitter;
  readonly #searchDeadlineMs: number;
  /** The caller's `concurrency`; unset, searches use the fan-out defaults and discovery its own. */
  readonly #concurrency: number | undefined;
  readonly #perHostConcurrency: number | undefined;
  readonly #agis: AgisServices;
  /** The working half, loaded by the first call that needs it; a failure to load it rejects every such call. */
  #runtime: Promise<AgentWebRuntime> | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: AgentWebOptions = {}) {
    checkOptions('new AgentWeb', options, OPTION_RULES);
    checkStateOptions(options);
    this.#options = options;
    this.#searchDeadlineMs = positive(
      'searchDeadlineMs',
      options.searchDeadlineMs,
      DEFAULT_SEARCH_DEADLINE_MS,
    );
    this.#concurrency =
      options.concurrency === undefined ? undefined : positiveInt('concurrency', options.concurrency, 1);
    this.#perHostConcurrency =
      options.perHostConcurrency === undefined
        ? undefined
        : positiveInt('perHostConcurrency', options.perHostConcurrency, 1);
    const maxMerchants = positiveInt('maxMerchants', options.maxMerchants, DEFAULT_MAX_MERCHANTS);
    const userId = options.userId ?? 'default';
    if (typeof userId !== 'string' || userId.trim() === '') {
      throw new AgentWebInputError('userId', 'must be a non-empty string');
    }
    this.userId = userId;
    this.#emit = createEventEmitter(options.onEvent);
    if (options.http !== undefined && options.httpCache !== undefined) {
      // The given client has its own cache; silently ignoring this one would leave a shared store unused.
      throw new InvalidOptionError({
        callee: 'new AgentWeb',
        option: 'httpCache',
        expected: 'undefined when http is given (pass the store to createHttpClient({ cache }) instead)',
        received: 'a cache store',
      });
    }
    // The resolver is made on first use; its options are refused now, as when it was made here.
    checkResolverOptions(
      {
        allowHttp: options.allowHttp ?? false,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...options.discovery,
        ...(options.dns === undefined ? {} : { dns: options.dns }),
      },
      'createResolver',
    );
    // Opened before the stores that live on it; closed again if anything below refuses the options.
    const making = options.redis === undefined ? undefined : openRedisState(options.redis);
    // Handled here too, so a client that is never used does not leave an unhandled rejection behind.
    making?.catch(() => undefined);
    this.#ready = making;
    this.#ownedState = making === undefined ? undefined : deferredState(making);
    const state: AgentWebState | undefined = options.state ?? this.#ownedState;
    this.#state = state;
    try {
      this.#ownsHttp = options.http === undefined;
      // A state's HTTP cache serves the client built here; a client passed as `http` keeps its own cache.
      const httpCache = options.httpCache ?? state?.httpCache;
      this.#http =
        options.http ??
        createHttpClient({
          ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
          ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          allowHttp: options.allowHttp ?? false,
          allowPrivateNetwork: options.allowPrivateNetwork ?? false,
          ...(httpCache === undefined ? {} : { cache: httpCache }),
        });
      this.#registry = new MerchantRegistry(maxMerchants);
      this.approvals = state?.approvals;
    } catch (error) {
      void this.#ownedState?.close();
      throw error;
    }
    this.#agis = new AgisServices({
      http: this.#http,
      options,
      emit: this.#emit,
      assertOpen: (method) => this.#assertOpen(method),
    });
  }

  /** The HTTP client every call goes through (the one given, or the one this client made). */
  get http(): HttpClient {
    return this.#http;
  }

  async discover(
    domainOrUrl: string,
    options: CallOptions & { requireCap?: boolean } = {},
  ): Promise<ResolveResult> {
    return (await this.#open('discover')).discover(domainOrUrl, options);
  }

  async discoverMany(
    domains: Iterable<string>,
    options: CallOptions & { requireCap?: boolean; concurrency?: number } = {},
  ): Promise<ResolveManyOutcome[]> {
    return (await this.#open('discoverMany')).discoverMany(domains, options);
  }

  async addMerchant(
    target: string | AgentProfile,
    options: AddMerchantOptions = {},
  ): Promise<AgentWebMerchant> {
    return (await this.#open('addMerchant')).addMerchant(target, options);
  }

  async agent(target: string | AgentProfile, options: AgentOptions = {}): Promise<AgentWebAgent> {
    return (await this.#open('agent')).agent(target, options);
  }

  merchants(): readonly AgentWebMerchant[] {
    return this.#registry.list();
  }

  async search(query: string, options: SearchOptions = {}): Promise<FanOutResult> {
    return (await this.#open('search')).search(query, options);
  }

  async *searchStream(
    query: string,
    options: SearchOptions = {},
  ): AsyncGenerator<FanOutChunk, void, undefined> {
    yield* (await this.#open('searchStream')).searchStream(query, options);
  }

  async product(idOrProductPageUrl: string, options: ProductOptions = {}): Promise<ProductLookupResult> {
    return (await this.#open('product')).product(idOrProductPageUrl, options);
  }

  async cart(
    merchant: string,
    input: CartManageInput,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<CartManageOutput>> {
    return (await this.#open('cart')).cart(merchant, input, options);
  }

  async checkout(merchant: string, options: CheckoutOptions = {}): Promise<CheckoutResult> {
    return (await this.#open('checkout')).checkout(merchant, options);
  }

  async orderStatus(
    merchant: string,
    input: OrderStatusInput,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<OrderStatusOutput>> {
    return (await this.#open('orderStatus')).orderStatus(merchant, input, options);
  }

  async setPreferences(
    merchant: string,
    input: UserPreferencesSetInput,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<UserPreferencesSetOutput>> {
    return (await this.#open('setPreferences')).setPreferences(merchant, input, options);
  }

  async revokeConsent(
    merchant: string,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<UserPreferencesSetOutput>> {
    return (await this.#open('revokeConsent')).revokeConsent(merchant, options);
  }

  async loadAgisService(
    source: string | AgisDocument,
    options: LoadAgisServiceOptions = {},
  ): Promise<LoadedAgisService> {
    await this.#openState('loadAgisService');
    return this.#agis.load(source, options);
  }

  agisServices(): readonly LoadedAgisService[] {
    return this.#agis.list();
  }

  async intent(instruction: string, options: IntentOptions = {}): Promise<IntentMatch> {
    await this.#openState('intent');
    return this.#agis.intent(instruction, options);
  }

  async invokeIntent(match: IntentMatch, options: InvokeIntentOptions = {}): Promise<AgisInvocationResult> {
    await this.#openState('invokeIntent');
    return this.#agis.invoke(match, options);
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      // A runtime still loading is waited for, so what it opens is closed too; one that failed to load opened nothing.
      const runtime = await this.#runtime?.catch(() => undefined);
      await runtime?.close();
      if (this.#ownsHttp) await this.#http.close();
      // A state the caller gave is the caller's to close (other clients may share it); one made from `redis` is ours.
      await this.#ownedState?.close();
    })();
    return this.#closing;
  }

  #assertOpen(method: string): void {
    if (this.#closing !== undefined) throw new ClientClosedError(method);
  }

  /** Refuses a closed client, then waits for its state (a failure to make it is the call's). */
  async #openState(method: string): Promise<void> {
    this.#assertOpen(method);
    await this.#ready;
    this.#assertOpen(method);
  }

  /** {@link #openState}, then the runtime, loaded by the first call that needs it. */
  async #open(method: string): Promise<AgentWebRuntime> {
    await this.#openState(method);
    this.#runtime ??= import('./agent-web-runtime.js').then(
      ({ AgentWebRuntime }) =>
        new AgentWebRuntime({
          options: this.#options,
          http: this.#http,
          state: this.#state,
          emit: this.#emit,
          userId: this.userId,
          registry: this.#registry,
          searchDeadlineMs: this.#searchDeadlineMs,
          concurrency: this.#concurrency,
          perHostConcurrency: this.#perHostConcurrency,
          isClosing: () => this.#closing !== undefined,
        }),
    );
    const runtime = await this.#runtime;
    this.#assertOpen(method);
    return runtime;
  }
}

/** `state`, `redis`, `contextStore` and `merchantBackoff` name one place for each piece of state at most. */
function checkStateOptions(options: AgentWebOptions): void {
  const refuse = (option: string, expected: string, received: string) => {
    throw new InvalidOptionError({ callee: 'new AgentWeb', option, expected, received });
  };
  if (options.redis !== undefined) {
    if (options.state !== undefined)
      refuse('redis', 'either redis or state, not both', 'both redis and state');
    if (options.contextStore !== undefined)
      refuse('contextStore', 'no contextStore with redis (contextIds go to Redis)', 'both');
    if (options.merchantBackoff !== undefined)
      refuse('merchantBackoff', 'no merchantBackoff with redis (backoffs go to Redis)', 'both');
    if (options.redis.url === undefined && options.redis.client === undefined)
      refuse('redis.url', 'a redis:// URL (or give redis.client)', 'undefined');
  }
  if (options.contextStore !== undefined && options.state?.contextStore !== undefined)
    refuse('contextStore', 'no contextStore when state has one', 'both');
  if (options.merchantBackoff !== undefined && options.state?.merchantBackoff !== undefined)
    refuse('merchantBackoff', 'no merchantBackoff when state has one', 'both');
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
    throw new AgentWebInputError(name, `must be a positive number, got ${String(value)}`);
  }
  return v;
}

function positiveInt(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) {
    throw new AgentWebInputError(name, `must be a positive integer, got ${String(value)}`);
  }
  return v;
}
