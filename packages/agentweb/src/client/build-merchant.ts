import { type A2AAuth, type CardCache, createA2AClient } from '@agentweb/a2a';
import { type AgentProfile, AgentProfileSchema } from '@agentweb/agentcard';
import { type ContextStore, createMerchantClient, merchantBackoffKey, merchantIdentity } from '@agentweb/cap';
import { raceAbort } from '@agentweb/core';
import { DEFAULT_MAX_CARD_BYTES, fetchAgentCard, isDiscoveryError, type Resolver } from '@agentweb/discovery';
import type { HttpClient } from '@agentweb/http';
import { lookupCredentials } from './credentials.js';
import { AgentWebInputError, CrossOriginEndpointError, NotACapMerchantError } from './errors.js';
import type { AddMerchantOptions, AgentWebMerchant, AgentWebOptions } from './types.js';

/** What building a merchant needs from the client. */
export interface MerchantDeps {
  http: HttpClient;
  cardCache: CardCache;
  contextStore: ContextStore;
  /** Makes a merchant's backoff from its backoff key (default: the merchant client's private one). */
  merchantBackoff: AgentWebOptions['merchantBackoff'];
  userId: string;
  credentials: AgentWebOptions['credentials'];
  /** Refuse a card whose endpoint is on another origin (the client's `strict`). */
  strict: boolean;
  /** Resolves a domain or page URL (the client's `discover`, which reports progress events). */
  discover(
    target: string,
    options: { signal?: AbortSignal; requireCap: boolean },
  ): ReturnType<Resolver['resolve']>;
}

/** A found card, before the merchant client is built. */
interface FoundCard {
  profile: AgentProfile;
  cardUrl: string | undefined;
}

/**
 * True for an http(s) URL that names a card document rather than a site: a `.json` path or a well-known agent
 * card path. Other URLs are treated as pages and discovered.
 */
export function isCardUrl(target: string): boolean {
  if (!/^https?:\/\//i.test(target)) return false;
  try {
    const { pathname } = new URL(target);
    return /\.json$/i.test(pathname) || /\/\.well-known\/agent/i.test(pathname);
  } catch {
    return false;
  }
}

/**
 * Finds a CAP merchant's card (from a profile, a card URL or by discovery) and builds its A2A and CAP clients.
 * The merchant is known by its verified identity (`merchantIdentity`: the card's origin, the endpoint called and
 * its binding), which keys its contextIds, search cache pages and backoff; the card's own id is kept as
 * `claimedId`.
 *
 * @throws NotACapMerchantError for a valid agent without CAP; AgentWebInputError for an unusable target;
 *   CrossOriginEndpointError under `strict` for an endpoint on another origin than the card; DiscoveryError or
 *   the @agentweb/http errors when nothing could be found.
 */
export async function buildMerchant(
  deps: MerchantDeps,
  target: string | AgentProfile,
  options: AddMerchantOptions = {},
): Promise<AgentWebMerchant> {
  const found = await findCard(deps, target, options.signal);
  const label = typeof target === 'string' ? target.trim() : found.profile.id;
  if (found.profile.cap?.supported !== true) throw new NotACapMerchantError(label, found.profile.id);
  const domain = domainOf(found);
  const auth: A2AAuth | undefined =
    options.credentials ??
    lookupCredentials(deps.credentials, { domain, profile: found.profile, cardUrl: found.cardUrl });
  const a2a = await createA2AClient({
    profile: found.profile,
    http: deps.http,
    cardCache: deps.cardCache,
    ...(auth === undefined ? {} : { auth }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const identity = merchantIdentity({
    endpoint: { url: a2a.endpoint.url, binding: a2a.binding },
    cardUrl: found.cardUrl,
    endpointIndex: Math.max(0, found.profile.endpoints.indexOf(a2a.endpoint.endpoint)),
  });
  if (identity.crossOrigin && (options.strict ?? deps.strict)) {
    await a2a.close();
    throw new CrossOriginEndpointError({
      cardUrl: found.cardUrl ?? identity.origin,
      endpointUrl: identity.endpoint.url,
      binding: identity.endpoint.binding,
    });
  }
  const backoff = deps.merchantBackoff?.(
    merchantBackoffKey({ merchantId: identity.key, profile: found.profile }),
  );
  const client = createMerchantClient({
    profile: found.profile,
    // Built for this merchant client alone: its close() releases the A2A client (a gRPC channel) too.
    a2a,
    closeA2A: true,
    contextStore: deps.contextStore,
    userId: deps.userId,
    ...(backoff === undefined ? {} : { backoff }),
    // The A2A client above carries the credentials; `true` tells the CAP client they exist (cache partition,
    // skills that need auth).
    ...(auth === undefined ? {} : { credentials: true as const }),
    // The verified identity, not the card's claim: contextIds, search cache pages and outcomes are keyed by it.
    merchantId: identity.key,
    ...(found.cardUrl === undefined ? {} : { agentCardUrl: found.cardUrl }),
  });
  return Object.freeze({
    id: identity.key,
    claimedId: found.profile.id,
    identity,
    warnings: identity.warnings,
    domain,
    profile: found.profile,
    cardUrl: found.cardUrl,
    client,
  });
}

async function findCard(
  deps: MerchantDeps,
  target: string | AgentProfile,
  signal: AbortSignal | undefined,
): Promise<FoundCard> {
  if (typeof target !== 'string') {
    const parsed = AgentProfileSchema.safeParse(target);
    if (!parsed.success) {
      throw new AgentWebInputError('target', `not an AgentProfile: ${parsed.error.issues[0]?.message ?? ''}`);
    }
    return { profile: parsed.data, cardUrl: undefined };
  }
  const text = target.trim();
  if (text === '') throw new AgentWebInputError('target', 'empty merchant name');
  if (isCardUrl(text)) return fetchCard(deps, text, signal);
  try {
    const result = await deps.discover(text, { requireCap: true, ...(signal ? { signal } : {}) });
    return { profile: result.profile, cardUrl: result.provenance.source };
  } catch (error) {
    // With requireCap the resolver reports a non-CAP card as a `no-cap` step; say so plainly.
    if (isDiscoveryError(error) && error.trace.some((step) => step.outcome === 'no-cap')) {
      throw new NotACapMerchantError(text, undefined, error);
    }
    throw error;
  }
}

async function fetchCard(
  deps: MerchantDeps,
  url: string,
  signal: AbortSignal | undefined,
): Promise<FoundCard> {
  // Through the shared card cache, so adding the same card twice (or per user) fetches it once. The fetch is
  // shared by concurrent callers, so it runs on none of their signals (the HTTP deadline bounds it); each caller
  // stops waiting at its own.
  const load = deps.cardCache.getOrLoad(url, async () => {
    const fetched = await fetchAgentCard(url, { http: deps.http, maxBytes: DEFAULT_MAX_CARD_BYTES });
    return {
      entry: { card: fetched.parsed.card, parsed: fetched.parsed, url: fetched.provenance.finalUrl },
      ttlMs: fetched.maxAgeSeconds === undefined ? undefined : fetched.maxAgeSeconds * 1000,
    };
  });
  const cached = await raceAbort(load, signal);
  return { profile: cached.parsed.profile, cardUrl: cached.url };
}

function domainOf(found: FoundCard): string {
  const url = found.cardUrl ?? found.profile.endpoints[0]?.url;
  if (url !== undefined) {
    try {
      return new URL(url).host.toLowerCase();
    } catch {
      // A profile endpoint that is not a URL falls through to the id.
    }
  }
  return found.profile.id;
}
