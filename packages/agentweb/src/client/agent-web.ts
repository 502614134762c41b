import { type A2AWarning, type CardCache, createCardCache } from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
import type { AgisDocument, AgisInvocationResult, IntentMatcher } from '@agentweb/agis';
import {
  type CapCallOptions,
  type CapCallResult,
  type CartManageInput,
  type CartManageOutput,
  type ContextStore,
  createMemoryContextStore,
  createSearchCache,
  type FanOutChunk,
  type FanOutResult,
  type FanOutSearchOptions,
  fanOutSearch,
  fanOutSearchStream,
  type MerchantBackoff,
  type MerchantClient,
  type OrderStatusInput,
  type OrderStatusOutput,
  type SearchCacheStore,
  type UserPreferencesSetInput,
  type UserPreferencesSetOutput,
} from '@agentweb/cap';
import { type ApprovalStore, checkOptions, InvalidOptionError, is, raceAbort } from '@agentweb/core';
import {
  createResolver,
  EXTRACTION_POOL_RULE,
  type ResolveManyOutcome,
  type ResolveResult,
  type Resolver,
  resolveMany,
} from '@agentweb/discovery';
import { createHttpClient, HTTP_CLIENT_RULE, type HttpClient } from '@agentweb/http';
import type { AgentWebState } from '../state/agent-web-state.js';
import { deferredState, type FullState } from '../state/deferred-state.js';
import type { AgentOptions, AgentWebAgent } from './agent-types.js';
import { buildAgent } from './agent-web-agent.js';
import { isAgisService } from './agis-service-identity.js';
import { createEventEmitter, type EventEmitter } from './emit-event.js';
import {
  AgentWebInputError,
  ClientClosedError,
  isClientClosedError,
  isNotACapMerchantError,
  NoAgisServicesError,
  NoMerchantsError,
  UnknownMerchantError,
} from './errors.js';
import { MerchantRegistry } from './merchant-registry.js';
import { openRedisState } from './open-redis-state.js';
import { lookupProduct } from './product-lookup.js';
import { REDIS_OPTION_RULES } from './redis-options.js';
import { type NamedTargets, searchFailureOutcome } from './search-targets.js';
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
import { detectMerchant } from './ucp/detect-merchant.js';
import type { CheckoutOptions, CheckoutResult } from './ucp/ucp-checkout-types.js';
import { UCP_OPTION_RULE } from './ucp/ucp-option-rule.js';

const DEFAULT_SEARCH_DEADLINE_MS = 5000;
/** Domains discovered at once by `discoverMany` when `concurrency` is not set. */
const DEFAULT_DISCOVERY_CONCURRENCY = 16;
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
 * added so far. Discover agents, search and shop across CAP merchants, and route instructions to AGIS endpoints.
 */
export class AgentWeb implements AgentWebClient {
  readonly #http: HttpClient;
  readonly #ownsHttp: boolean;
  readonly #resolver: Resolver;
  readonly #cardCache: CardCache;
  readonly #searchCache: SearchCacheStore;
  readonly #registry: MerchantRegistry;
  readonly #contextStore: ContextStore;
  /**
   * The Redis state this client opened from `redis`, and so closes: usable at once, made when `@agentweb/redis` has
   * been imported (#ready).
   */
  readonly #ownedState: FullState | undefined;
  /** Settles when the state is made; a failure to make it (package missing, bad setting) rejects every call. */
  readonly #ready: Promise<unknown> | undefined;
  readonly #merchantBackoff: ((merchantId: string) => MerchantBackoff) | undefined;
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
  readonly #pendingAdds = new Map<string, Promise<AgentWebMerchant>>();
  /** Generic agents still open, closed with the client. */
  readonly #agents = new Set<AgentWebAgent>();
  #services: LoadedAgisService[] = [];
  #matcher: IntentMatcher | undefined;
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
    // Opened before the stores that live on it; closed again if anything below refuses the options.
    const making = options.redis === undefined ? undefined : openRedisState(options.redis);
    // Handled here too, so a client that is never used does not leave an unhandled rejection behind.
    making?.catch(() => undefined);
    this.#ready = making;
    this.#ownedState = making === undefined ? undefined : deferredState(making);
    const state: AgentWebState | undefined = options.state ?? this.#ownedState;
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
      this.#resolver = createResolver({
        allowHttp: options.allowHttp ?? false,
        // One deadline for the caller: a discovery run (DNS, link tag, every well-known URI) ends within the
        // client's timeoutMs unless discovery.timeoutMs says otherwise.
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...options.discovery,
        http: this.#http,
        ...(options.dns === undefined ? {} : { dns: options.dns }),
      });
      this.#cardCache = createCardCache();
      this.#searchCache = options.searchCache ?? state?.searchCache ?? createSearchCache();
      this.#registry = new MerchantRegistry(maxMerchants);
      this.#contextStore = options.contextStore ?? state?.contextStore ?? createMemoryContextStore();
      this.approvals = state?.approvals;
      this.#merchantBackoff = options.merchantBackoff ?? state?.merchantBackoff;
    } catch (error) {
      void this.#ownedState?.close();
      throw error;
    }
  }

  /** The HTTP client every call goes through (the one given, or the one this client made). */
  get http(): HttpClient {
    return this.#http;
  }

  async discover(
    domainOrUrl: string,
    options: CallOptions & { requireCap?: boolean } = {},
  ): Promise<ResolveResult> {
    await this.#open('discover');
    return this.#discover(domainOrUrl, options);
  }

  async discoverMany(
    domains: Iterable<string>,
    options: CallOptions & { requireCap?: boolean; concurrency?: number } = {},
  ): Promise<ResolveManyOutcome[]> {
    await this.#open('discoverMany');
    // Through #discover so every domain reports its own start/done events with the mechanism that found it.
    return resolveMany({ resolve: (target, call) => this.#discover(target, call ?? {}) }, domains, {
      concurrency: options.concurrency ?? this.#concurrency ?? DEFAULT_DISCOVERY_CONCURRENCY,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.requireCap === undefined ? {} : { requireCap: options.requireCap }),
    });
  }

  async addMerchant(
    target: string | AgentProfile,
    options: AddMerchantOptions = {},
  ): Promise<AgentWebMerchant> {
    await this.#open('addMerchant');
    options.signal?.throwIfAborted();
    const cap = {
      http: this.#http,
      cardCache: this.#cardCache,
      contextStore: this.#contextStore,
      merchantBackoff: this.#merchantBackoff,
      userId: this.userId,
      credentials: this.#options.credentials,
      strict: this.#options.strict ?? false,
      onWarning: (merchantId: string, domain: string, warning: A2AWarning) =>
        this.#emit({ type: 'merchant:warning', merchantId, domain, warning }),
      discover: (name: string, call: { signal?: AbortSignal; requireCap: boolean }) =>
        this.#discover(name, call),
    };
    const ucp = this.#options.ucp;
    const merchant = await detectMerchant(
      {
        cap,
        ucp:
          ucp === undefined
            ? undefined
            : {
                http: this.#http,
                ucp,
                contextStore: this.#contextStore,
                merchantBackoff: this.#merchantBackoff,
                userId: this.userId,
                strict: cap.strict,
                defaultScheme: this.#options.discovery?.defaultScheme ?? 'https',
              },
      },
      target,
      options,
    );
    this.#assertOpen('addMerchant');
    this.#registry.add(merchant);
    this.#emit({ type: 'merchant:added', merchantId: merchant.id, domain: merchant.domain });
    for (const warning of merchant.warnings) {
      this.#emit({ type: 'merchant:warning', merchantId: merchant.id, domain: merchant.domain, warning });
    }
    return merchant;
  }

  async agent(target: string | AgentProfile, options: AgentOptions = {}): Promise<AgentWebAgent> {
    await this.#open('agent');
    options.signal?.throwIfAborted();
    const agent = await buildAgent(
      {
        http: this.#http,
        cardCache: this.#cardCache,
        contextStore: this.#contextStore,
        userId: this.userId,
        credentials: this.#options.credentials,
        strict: this.#options.strict ?? false,
        // An AID record for A2A (`_agent._a2a.<domain>`) is asked first: this looks for an agent, not a merchant.
        discover: (name, call) => this.#discover(name, { ...call, aidProtocol: 'a2a' }),
        onClose: (closed) => this.#agents.delete(closed),
        onWarning: (found, warning) =>
          this.#emit({ type: 'agent:warning', agentId: found.id, domain: found.domain, warning }),
      },
      target,
      options,
    );
    if (this.#closing !== undefined) {
      await agent.close();
      throw new ClientClosedError('agent');
    }
    this.#agents.add(agent);
    return agent;
  }

  merchants(): readonly AgentWebMerchant[] {
    return this.#registry.list();
  }

  async search(query: string, options: SearchOptions = {}): Promise<FanOutResult> {
    await this.#open('search');
    const targets = await this.#searchTargets(options, 'search');
    const started = performance.now();
    this.#emit({ type: 'search:start', query, merchants: targets.clients.length });
    const result = await fanOutSearch(this.#fanOutOptions(query, targets.clients, options));
    for (const outcome of result.outcomes) this.#emitOutcome(outcome);
    const failed = targets.failures.map((failure) => searchFailureOutcome(failure));
    for (const outcome of failed) this.#emitOutcome(outcome);
    const merged: FanOutResult = { ...result, outcomes: [...result.outcomes, ...failed] };
    this.#emit({
      type: 'search:done',
      query,
      products: merged.products.length,
      elapsedMs: performance.now() - started,
      deadlineReached: merged.deadlineReached,
    });
    return merged;
  }

  async *searchStream(
    query: string,
    options: SearchOptions = {},
  ): AsyncGenerator<FanOutChunk, void, undefined> {
    await this.#open('searchStream');
    const targets = await this.#searchTargets(options, 'searchStream');
    const started = performance.now();
    this.#emit({ type: 'search:start', query, merchants: targets.clients.length });
    let products = 0;
    let deadlineReached = false;
    try {
      for await (const chunk of fanOutSearchStream(this.#fanOutOptions(query, targets.clients, options))) {
        products += chunk.products.length;
        if (chunk.outcome.reason === 'deadline') deadlineReached = true;
        this.#emitOutcome(chunk.outcome);
        yield chunk;
      }
      let index = targets.clients.length;
      for (const failure of targets.failures) {
        const outcome = searchFailureOutcome(failure);
        this.#emitOutcome(outcome);
        yield { index: index++, products: [], outcome };
      }
    } finally {
      // Also when the consumer breaks out early, so every search:start has its search:done.
      this.#emit({
        type: 'search:done',
        query,
        products,
        elapsedMs: performance.now() - started,
        deadlineReached,
      });
    }
  }

  async product(idOrProductPageUrl: string, options: ProductOptions = {}): Promise<ProductLookupResult> {
    await this.#open('product');
    if (typeof idOrProductPageUrl !== 'string' || idOrProductPageUrl.trim() === '') {
      throw new AgentWebInputError('idOrProductPageUrl', 'expected a product id or a product page URL');
    }
    options.signal?.throwIfAborted();
    return lookupProduct(
      {
        http: this.#http,
        // A merchant already known on the page's host is used as is; otherwise its site is discovered.
        merchantForPage: (pageUrl, signal) => this.#merchantNamed(new URL(pageUrl).origin, signal),
        merchantForId: (name, signal) =>
          name === undefined
            ? Promise.resolve(this.#onlyMerchant('product'))
            : this.#merchantNamed(name, signal),
        ...(this.#options.extractionPool === undefined
          ? {}
          : { extractionPool: this.#options.extractionPool }),
        ...(this.#options.offThreadChars === undefined
          ? {}
          : { offThreadChars: this.#options.offThreadChars }),
      },
      idOrProductPageUrl,
      options,
    );
  }

  async cart(
    merchant: string,
    input: CartManageInput,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<CartManageOutput>> {
    const client = await this.#clientFor('cart', merchant, options.signal);
    return client.cartManage(input, options);
  }

  async checkout(merchant: string, options: CheckoutOptions = {}): Promise<CheckoutResult> {
    await this.#open('checkout');
    options.signal?.throwIfAborted();
    const found = await this.#merchantNamed(merchant, options.signal);
    const { checkoutUcp } = await import('./ucp/ucp-checkout.js');
    return checkoutUcp({ contextStore: this.#contextStore, userId: this.userId }, found, options);
  }

  async orderStatus(
    merchant: string,
    input: OrderStatusInput,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<OrderStatusOutput>> {
    const client = await this.#clientFor('orderStatus', merchant, options.signal);
    return client.orderStatus(input, options);
  }

  async setPreferences(
    merchant: string,
    input: UserPreferencesSetInput,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<UserPreferencesSetOutput>> {
    const client = await this.#clientFor('setPreferences', merchant, options.signal);
    return client.setUserPreferences(input, options);
  }

  async revokeConsent(
    merchant: string,
    options: CapCallOptions = {},
  ): Promise<CapCallResult<UserPreferencesSetOutput>> {
    const client = await this.#clientFor('revokeConsent', merchant, options.signal);
    return client.revokeConsent(options);
  }

  async loadAgisService(
    source: string | AgisDocument,
    options: LoadAgisServiceOptions = {},
  ): Promise<LoadedAgisService> {
    await this.#open('loadAgisService');
    options.signal?.throwIfAborted();
    // AGIS (parser, matcher, lexicon) loads on first use: a search-only user never pays for it.
    const { loadAgis } = await import('./load-agis.js');
    const loaded = await loadAgis(
      {
        http: this.#http,
        embedder: this.#options.embedder,
        defaultScheme: this.#options.discovery?.defaultScheme ?? 'https',
      },
      source,
      options,
    );
    this.#assertOpen('loadAgisService');
    const namespace = loaded.document.vocabulary.namespace;
    // Loading a service again replaces it, so a refreshed document wins.
    this.#services = [...this.#services.filter((s) => !isAgisService(s, loaded.service, namespace)), loaded];
    this.#matcher = undefined;
    this.#emit({
      type: 'agis:loaded',
      service: loaded.service,
      endpoints: loaded.document.endpoints.length,
      conforms: loaded.validation.conforms,
    });
    return loaded;
  }

  agisServices(): readonly LoadedAgisService[] {
    return [...this.#services];
  }

  async intent(instruction: string, options: IntentOptions = {}): Promise<IntentMatch> {
    await this.#open('intent');
    if (typeof instruction !== 'string' || instruction.trim() === '') {
      throw new AgentWebInputError('instruction', 'expected a non-empty instruction');
    }
    options.signal?.throwIfAborted();
    if (this.#services.length === 0) throw new NoAgisServicesError();
    const { createIntentMatcher } = await import('@agentweb/agis');
    this.#matcher ??= createIntentMatcher({
      services: this.#services.map((s) => s.document),
      ...(this.#options.embedder ? { embedder: this.#options.embedder } : {}),
      ...(this.#options.now ? { now: this.#options.now } : {}),
      ...(this.#options.locale === undefined ? {} : { locale: this.#options.locale }),
    });
    const result = await this.#matcher.match(instruction, {
      ...(options.topK === undefined ? {} : { topK: options.topK }),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const top = result.candidates[0];
    this.#emit({
      type: 'intent:matched',
      instruction,
      abstain: result.abstain,
      ...(top ? { top: `${top.method} ${top.path}` } : {}),
    });
    return { instruction, candidates: result.candidates, abstain: result.abstain };
  }

  async invokeIntent(match: IntentMatch, options: InvokeIntentOptions = {}): Promise<AgisInvocationResult> {
    await this.#open('invokeIntent');
    const { invokeIntentMatch } = await import('./invoke-intent.js');
    return invokeIntentMatch(
      { http: this.#http, services: this.#services, emit: this.#emit },
      match,
      options,
    );
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      // The resolver closes only what it made (its DNS resolver); the HTTP client is closed here when it is ours.
      await this.#resolver.close();
      // Merchants over gRPC hold a channel each. Merchants replaced or dropped earlier were left open for callers
      // still holding them.
      await this.#registry.closeClients();
      await Promise.all([...this.#agents].map((agent) => agent.close()));
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
  async #open(method: string): Promise<void> {
    this.#assertOpen(method);
    await this.#ready;
  }

  async #discover(
    target: string,
    options: CallOptions & { requireCap?: boolean; aidProtocol?: string },
  ): Promise<ResolveResult> {
    const started = performance.now();
    this.#emit({ type: 'discover:start', target });
    try {
      const result = await this.#resolver.resolve(target, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.requireCap === undefined ? {} : { requireCap: options.requireCap }),
        ...(options.aidProtocol === undefined ? {} : { aidProtocol: options.aidProtocol }),
      });
      this.#emit({
        type: 'discover:done',
        target,
        ok: true,
        mechanism: result.provenance.mechanism,
        elapsedMs: performance.now() - started,
      });
      return result;
    } catch (error) {
      this.#emit({ type: 'discover:done', target, ok: false, elapsedMs: performance.now() - started });
      throw error;
    }
  }

  /** A known merchant, or one discovered and added; concurrent requests for one name share the work. */
  async #ensureMerchant(name: string, signal: AbortSignal | undefined): Promise<AgentWebMerchant> {
    const known = this.#registry.find(name);
    if (known !== undefined) return known;
    const key = name.trim().toLowerCase();
    let pending = this.#pendingAdds.get(key);
    if (pending === undefined) {
      // Shared by every caller, so it runs on none of their signals; each caller stops waiting at its own.
      pending = this.addMerchant(name.trim()).finally(() => this.#pendingAdds.delete(key));
      this.#pendingAdds.set(key, pending);
    }
    return raceAbort(pending, signal);
  }

  /** The merchant a name refers to, discovering it when unknown; failures become UnknownMerchantError. */
  async #merchantNamed(name: string, signal: AbortSignal | undefined): Promise<AgentWebMerchant> {
    if (typeof name !== 'string' || name.trim() === '') {
      throw new AgentWebInputError('merchant', 'expected a merchant domain, id or card URL');
    }
    try {
      return await this.#ensureMerchant(name, signal);
    } catch (error) {
      if (signal?.aborted && error === signal.reason) throw error;
      if (isNotACapMerchantError(error) || isClientClosedError(error)) throw error;
      throw new UnknownMerchantError(name, this.#registry.domains(), error);
    }
  }

  async #clientFor(
    method: string,
    merchant: string,
    signal: AbortSignal | undefined,
  ): Promise<MerchantClient> {
    await this.#open(method);
    signal?.throwIfAborted();
    return (await this.#merchantNamed(merchant, signal)).client;
  }

  #onlyMerchant(operation: string): AgentWebMerchant {
    const all = this.#registry.list();
    if (all.length !== 1 || all[0] === undefined)
      throw new NoMerchantsError(operation, this.#registry.domains());
    return all[0];
  }

  async #searchTargets(options: SearchOptions, operation: string): Promise<NamedTargets> {
    options.signal?.throwIfAborted();
    if (options.merchants === undefined) {
      const all = this.#registry.list();
      if (all.length === 0) throw new NoMerchantsError(operation, []);
      return { clients: all.map((m) => m.client), failures: [] };
    }
    // A single string would spread into its characters, each then "discovered" as a merchant.
    if (typeof options.merchants === 'string' || !isIterable(options.merchants)) {
      throw new AgentWebInputError('merchants', 'expected an array of merchant domains, ids or card URLs');
    }
    const names = [...options.merchants];
    if (names.some((name) => typeof name !== 'string')) {
      throw new AgentWebInputError('merchants', 'every merchant must be a domain, id or card URL string');
    }
    if (names.length === 0)
      throw new AgentWebInputError('merchants', 'name at least one merchant, or omit the option');
    const settled = await Promise.allSettled(names.map((name) => this.#merchantNamed(name, options.signal)));
    const clients: MerchantClient[] = [];
    const seen = new Set<string>();
    const failures: NamedTargets['failures'] = [];
    settled.forEach((outcome, i) => {
      const name = names[i] ?? '';
      if (outcome.status === 'rejected') {
        failures.push({ name, error: outcome.reason });
      } else if (!seen.has(outcome.value.id)) {
        seen.add(outcome.value.id);
        clients.push(outcome.value.client);
      }
    });
    options.signal?.throwIfAborted();
    if (clients.length === 0) {
      const first = failures[0];
      throw first?.error ?? new NoMerchantsError(operation, this.#registry.domains());
    }
    return { clients, failures };
  }

  #fanOutOptions(query: string, clients: MerchantClient[], options: SearchOptions): FanOutSearchOptions {
    return {
      query,
      merchants: clients,
      cache: this.#searchCache,
      ...(this.#concurrency === undefined ? {} : { concurrency: this.#concurrency }),
      ...(this.#perHostConcurrency === undefined ? {} : { perHostConcurrency: this.#perHostConcurrency }),
      deadlineMs: options.deadlineMs ?? this.#searchDeadlineMs,
      ...(options.filter === undefined ? {} : { filter: options.filter }),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      ...(options.queryMode === undefined ? {} : { queryMode: options.queryMode }),
      ...(options.personalise === undefined ? {} : { personalise: options.personalise }),
      ...(options.requireContext === undefined ? {} : { requireContext: options.requireContext }),
      ...(options.signal ? { signal: options.signal } : {}),
    };
  }

  #emitOutcome(outcome: FanOutResult['outcomes'][number]): void {
    this.#emit({
      type: 'search:merchant',
      merchantId: outcome.merchantId,
      status: outcome.status,
      products: outcome.products,
      elapsedMs: outcome.elapsedMs,
    });
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

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.iterator in value;
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
