import { type A2AWarning, type CardCache, createCardCache } from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
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
import { raceAbort } from '@agentweb/core';
import {
  createResolver,
  type ResolveManyOutcome,
  type ResolveResult,
  type Resolver,
  resolveMany,
} from '@agentweb/discovery';
import type { HttpClient } from '@agentweb/http';
import type { AgentWebState } from '../state/agent-web-state.js';
import type { AgentOptions, AgentWebAgent } from './agent-types.js';
import { buildAgent } from './agent-web-agent.js';
import type { EventEmitter } from './emit-event.js';
import {
  AgentWebInputError,
  ClientClosedError,
  isClientClosedError,
  isNotACapMerchantError,
  NoMerchantsError,
  UnknownMerchantError,
} from './errors.js';
import type { MerchantRegistry } from './merchant-registry.js';
import { lookupProduct } from './product-lookup.js';
import { type NamedTargets, searchFailureOutcome } from './search-targets.js';
import type {
  AddMerchantOptions,
  AgentWebMerchant,
  AgentWebOptions,
  CallOptions,
  ProductLookupResult,
  ProductOptions,
  SearchOptions,
} from './types.js';
import { detectMerchant } from './ucp/detect-merchant.js';
import type { CheckoutOptions, CheckoutResult } from './ucp/ucp-checkout-types.js';

/** Domains discovered at once by `discoverMany` when `concurrency` is not set. */
const DEFAULT_DISCOVERY_CONCURRENCY = 16;

/** What the client shell hands the runtime it loads on first use. */
export interface AgentWebRuntimeDeps {
  options: AgentWebOptions;
  http: HttpClient;
  /** The caller's `state`, or the Redis state the client opened. */
  state: AgentWebState | undefined;
  emit: EventEmitter;
  userId: string;
  registry: MerchantRegistry;
  searchDeadlineMs: number;
  /** The caller's `concurrency`; unset, searches use the fan-out defaults and discovery its own. */
  concurrency: number | undefined;
  perHostConcurrency: number | undefined;
  /** True once the client's `close()` has been called. */
  isClosing(): boolean;
}

/**
 * The working half of `AgentWeb`: the resolver, caches and stores, discovery, merchants, search and shopping.
 * Loaded on a client's first call (with `@agentweb/cap`, `@agentweb/discovery`, `@agentweb/a2a` and zod behind it),
 * so importing `agentweb` and constructing a client stay cheap.
 */
export class AgentWebRuntime {
  readonly #deps: AgentWebRuntimeDeps;
  readonly #resolver: Resolver;
  readonly #cardCache: CardCache;
  readonly #searchCache: SearchCacheStore;
  readonly #contextStore: ContextStore;
  readonly #merchantBackoff: ((merchantId: string) => MerchantBackoff) | undefined;
  readonly #pendingAdds = new Map<string, Promise<AgentWebMerchant>>();
  /** Generic agents still open, closed with the client. */
  readonly #agents = new Set<AgentWebAgent>();

  constructor(deps: AgentWebRuntimeDeps) {
    this.#deps = deps;
    const { options, state } = deps;
    this.#resolver = createResolver({
      allowHttp: options.allowHttp ?? false,
      // One deadline for the caller: a discovery run (DNS, link tag, every well-known URI) ends within the
      // client's timeoutMs unless discovery.timeoutMs says otherwise.
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...options.discovery,
      http: deps.http,
      ...(options.dns === undefined ? {} : { dns: options.dns }),
    });
    this.#cardCache = createCardCache();
    this.#searchCache = options.searchCache ?? state?.searchCache ?? createSearchCache();
    this.#contextStore = options.contextStore ?? state?.contextStore ?? createMemoryContextStore();
    this.#merchantBackoff = options.merchantBackoff ?? state?.merchantBackoff;
  }

  discover(domainOrUrl: string, options: CallOptions & { requireCap?: boolean }): Promise<ResolveResult> {
    return this.#discover(domainOrUrl, options);
  }

  discoverMany(
    domains: Iterable<string>,
    options: CallOptions & { requireCap?: boolean; concurrency?: number },
  ): Promise<ResolveManyOutcome[]> {
    // Through #discover so every domain reports its own start/done events with the mechanism that found it.
    return resolveMany({ resolve: (target, call) => this.#discover(target, call ?? {}) }, domains, {
      concurrency: options.concurrency ?? this.#deps.concurrency ?? DEFAULT_DISCOVERY_CONCURRENCY,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.requireCap === undefined ? {} : { requireCap: options.requireCap }),
    });
  }

  async addMerchant(target: string | AgentProfile, options: AddMerchantOptions): Promise<AgentWebMerchant> {
    this.#assertOpen('addMerchant');
    options.signal?.throwIfAborted();
    const { options: clientOptions, http, emit, userId } = this.#deps;
    const cap = {
      http,
      cardCache: this.#cardCache,
      contextStore: this.#contextStore,
      merchantBackoff: this.#merchantBackoff,
      userId,
      credentials: clientOptions.credentials,
      strict: clientOptions.strict ?? false,
      onWarning: (merchantId: string, domain: string, warning: A2AWarning) =>
        emit({ type: 'merchant:warning', merchantId, domain, warning }),
      discover: (name: string, call: { signal?: AbortSignal; requireCap: boolean }) =>
        this.#discover(name, call),
    };
    const ucp = clientOptions.ucp;
    const merchant = await detectMerchant(
      {
        cap,
        ucp:
          ucp === undefined
            ? undefined
            : {
                http,
                ucp,
                contextStore: this.#contextStore,
                merchantBackoff: this.#merchantBackoff,
                userId,
                strict: cap.strict,
                defaultScheme: clientOptions.discovery?.defaultScheme ?? 'https',
              },
      },
      target,
      options,
    );
    this.#assertOpen('addMerchant');
    this.#deps.registry.add(merchant);
    emit({ type: 'merchant:added', merchantId: merchant.id, domain: merchant.domain });
    for (const warning of merchant.warnings) {
      emit({ type: 'merchant:warning', merchantId: merchant.id, domain: merchant.domain, warning });
    }
    return merchant;
  }

  async agent(target: string | AgentProfile, options: AgentOptions): Promise<AgentWebAgent> {
    options.signal?.throwIfAborted();
    const { options: clientOptions, emit } = this.#deps;
    const agent = await buildAgent(
      {
        http: this.#deps.http,
        cardCache: this.#cardCache,
        contextStore: this.#contextStore,
        userId: this.#deps.userId,
        credentials: clientOptions.credentials,
        strict: clientOptions.strict ?? false,
        // An AID record for A2A (`_agent._a2a.<domain>`) is asked first: this looks for an agent, not a merchant.
        discover: (name, call) => this.#discover(name, { ...call, aidProtocol: 'a2a' }),
        onClose: (closed) => this.#agents.delete(closed),
        onWarning: (found, warning) =>
          emit({ type: 'agent:warning', agentId: found.id, domain: found.domain, warning }),
      },
      target,
      options,
    );
    if (this.#deps.isClosing()) {
      await agent.close();
      throw new ClientClosedError('agent');
    }
    this.#agents.add(agent);
    return agent;
  }

  async search(query: string, options: SearchOptions): Promise<FanOutResult> {
    const { emit } = this.#deps;
    const targets = await this.#searchTargets(options, 'search');
    const started = performance.now();
    emit({ type: 'search:start', query, merchants: targets.clients.length });
    const result = await fanOutSearch(this.#fanOutOptions(query, targets.clients, options));
    for (const outcome of result.outcomes) this.#emitOutcome(outcome);
    const failed = targets.failures.map((failure) => searchFailureOutcome(failure));
    for (const outcome of failed) this.#emitOutcome(outcome);
    const merged: FanOutResult = { ...result, outcomes: [...result.outcomes, ...failed] };
    emit({
      type: 'search:done',
      query,
      products: merged.products.length,
      elapsedMs: performance.now() - started,
      deadlineReached: merged.deadlineReached,
    });
    return merged;
  }

  async *searchStream(query: string, options: SearchOptions): AsyncGenerator<FanOutChunk, void, undefined> {
    const { emit } = this.#deps;
    const targets = await this.#searchTargets(options, 'searchStream');
    const started = performance.now();
    emit({ type: 'search:start', query, merchants: targets.clients.length });
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
      emit({ type: 'search:done', query, products, elapsedMs: performance.now() - started, deadlineReached });
    }
  }

  product(idOrProductPageUrl: string, options: ProductOptions): Promise<ProductLookupResult> {
    if (typeof idOrProductPageUrl !== 'string' || idOrProductPageUrl.trim() === '') {
      throw new AgentWebInputError('idOrProductPageUrl', 'expected a product id or a product page URL');
    }
    options.signal?.throwIfAborted();
    const { options: clientOptions } = this.#deps;
    return lookupProduct(
      {
        http: this.#deps.http,
        // A merchant already known on the page's host is used as is; otherwise its site is discovered.
        merchantForPage: (pageUrl, signal) => this.#merchantNamed(new URL(pageUrl).origin, signal),
        merchantForId: (name, signal) =>
          name === undefined
            ? Promise.resolve(this.#onlyMerchant('product'))
            : this.#merchantNamed(name, signal),
        ...(clientOptions.extractionPool === undefined
          ? {}
          : { extractionPool: clientOptions.extractionPool }),
        ...(clientOptions.offThreadChars === undefined
          ? {}
          : { offThreadChars: clientOptions.offThreadChars }),
      },
      idOrProductPageUrl,
      options,
    );
  }

  async cart(
    merchant: string,
    input: CartManageInput,
    options: CapCallOptions,
  ): Promise<CapCallResult<CartManageOutput>> {
    return (await this.#clientFor(merchant, options.signal)).cartManage(input, options);
  }

  async checkout(merchant: string, options: CheckoutOptions): Promise<CheckoutResult> {
    options.signal?.throwIfAborted();
    const found = await this.#merchantNamed(merchant, options.signal);
    const { checkoutUcp } = await import('./ucp/ucp-checkout.js');
    return checkoutUcp({ contextStore: this.#contextStore, userId: this.#deps.userId }, found, options);
  }

  async orderStatus(
    merchant: string,
    input: OrderStatusInput,
    options: CapCallOptions,
  ): Promise<CapCallResult<OrderStatusOutput>> {
    return (await this.#clientFor(merchant, options.signal)).orderStatus(input, options);
  }

  async setPreferences(
    merchant: string,
    input: UserPreferencesSetInput,
    options: CapCallOptions,
  ): Promise<CapCallResult<UserPreferencesSetOutput>> {
    return (await this.#clientFor(merchant, options.signal)).setUserPreferences(input, options);
  }

  async revokeConsent(
    merchant: string,
    options: CapCallOptions,
  ): Promise<CapCallResult<UserPreferencesSetOutput>> {
    return (await this.#clientFor(merchant, options.signal)).revokeConsent(options);
  }

  /** Closes what the runtime opened: the resolver's own DNS resolver, merchants' gRPC channels, open agents. */
  async close(): Promise<void> {
    // The resolver closes only what it made (its DNS resolver); the HTTP client belongs to the shell.
    await this.#resolver.close();
    // Merchants over gRPC hold a channel each. Merchants replaced or dropped earlier were left open for callers
    // still holding them.
    await this.#deps.registry.closeClients();
    await Promise.all([...this.#agents].map((agent) => agent.close()));
  }

  #assertOpen(method: string): void {
    if (this.#deps.isClosing()) throw new ClientClosedError(method);
  }

  async #discover(
    target: string,
    options: CallOptions & { requireCap?: boolean; aidProtocol?: string },
  ): Promise<ResolveResult> {
    const { emit } = this.#deps;
    const started = performance.now();
    emit({ type: 'discover:start', target });
    try {
      const result = await this.#resolver.resolve(target, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.requireCap === undefined ? {} : { requireCap: options.requireCap }),
        ...(options.aidProtocol === undefined ? {} : { aidProtocol: options.aidProtocol }),
      });
      emit({
        type: 'discover:done',
        target,
        ok: true,
        mechanism: result.provenance.mechanism,
        elapsedMs: performance.now() - started,
      });
      return result;
    } catch (error) {
      emit({ type: 'discover:done', target, ok: false, elapsedMs: performance.now() - started });
      throw error;
    }
  }

  /** A known merchant, or one discovered and added; concurrent requests for one name share the work. */
  async #ensureMerchant(name: string, signal: AbortSignal | undefined): Promise<AgentWebMerchant> {
    const known = this.#deps.registry.find(name);
    if (known !== undefined) return known;
    const key = name.trim().toLowerCase();
    let pending = this.#pendingAdds.get(key);
    if (pending === undefined) {
      // Shared by every caller, so it runs on none of their signals; each caller stops waiting at its own.
      pending = this.addMerchant(name.trim(), {}).finally(() => this.#pendingAdds.delete(key));
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
      throw new UnknownMerchantError(name, this.#deps.registry.domains(), error);
    }
  }

  async #clientFor(merchant: string, signal: AbortSignal | undefined): Promise<MerchantClient> {
    signal?.throwIfAborted();
    return (await this.#merchantNamed(merchant, signal)).client;
  }

  #onlyMerchant(operation: string): AgentWebMerchant {
    const all = this.#deps.registry.list();
    if (all.length !== 1 || all[0] === undefined)
      throw new NoMerchantsError(operation, this.#deps.registry.domains());
    return all[0];
  }

  async #searchTargets(options: SearchOptions, operation: string): Promise<NamedTargets> {
    options.signal?.throwIfAborted();
    const { registry } = this.#deps;
    if (options.merchants === undefined) {
      const all = registry.list();
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
      throw first?.error ?? new NoMerchantsError(operation, registry.domains());
    }
    return { clients, failures };
  }

  #fanOutOptions(query: string, clients: MerchantClient[], options: SearchOptions): FanOutSearchOptions {
    const { concurrency, perHostConcurrency, searchDeadlineMs } = this.#deps;
    return {
      query,
      merchants: clients,
      cache: this.#searchCache,
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(perHostConcurrency === undefined ? {} : { perHostConcurrency }),
      deadlineMs: options.deadlineMs ?? searchDeadlineMs,
      ...(options.filter === undefined ? {} : { filter: options.filter }),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      ...(options.queryMode === undefined ? {} : { queryMode: options.queryMode }),
      ...(options.personalise === undefined ? {} : { personalise: options.personalise }),
      ...(options.requireContext === undefined ? {} : { requireContext: options.requireContext }),
      ...(options.signal ? { signal: options.signal } : {}),
    };
  }

  #emitOutcome(outcome: FanOutResult['outcomes'][number]): void {
    this.#deps.emit({
      type: 'search:merchant',
      merchantId: outcome.merchantId,
      status: outcome.status,
      products: outcome.products,
      elapsedMs: outcome.elapsedMs,
    });
  }
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.iterator in value;
}
