import type { A2AWarning } from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
import { type ContextStore, createMerchantClient, merchantBackoffKey } from '@agentweb/cap';
import { isDiscoveryError } from '@agentweb/discovery';
import { connectCard } from './connect-card.js';
import { NotACapMerchantError } from './errors.js';
import { type FindCardDeps, type FoundCard, findCard } from './find-card.js';
import type { AddMerchantOptions, AgentWebMerchant, AgentWebOptions } from './types.js';

/** What building a merchant needs from the client. */
export interface MerchantDeps extends FindCardDeps {
  contextStore: ContextStore;
  /** Makes a merchant's backoff from its backoff key (default: the merchant client's private one). */
  merchantBackoff: AgentWebOptions['merchantBackoff'];
  userId: string;
  credentials: AgentWebOptions['credentials'];
  /** Refuse a card whose endpoint is on another origin (the client's `strict`). */
  strict: boolean;
  /** Told of each departure from the A2A protocol the merchant's A2A client reads past (`merchant:warning`). */
  onWarning?: (merchantId: string, domain: string, warning: A2AWarning) => void;
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
  const found = await findMerchantCard(deps, target, options.signal);
  const label = typeof target === 'string' ? target.trim() : found.profile.id;
  if (found.profile.cap?.supported !== true) throw new NotACapMerchantError(label, found.profile.id);
  // The merchant's id is its verified identity, known once its A2A client is built; the client reads nothing
  // before that (the card was read by discovery), so a warning without it is reported under the card's id.
  let named: { id: string; domain: string } | undefined;
  const { onWarning } = deps;
  const { a2a, identity, domain, authenticated, cardWarnings } = await connectCard(deps, found, {
    credentials: options.credentials,
    signal: options.signal,
    strict: options.strict ?? deps.strict,
    ...(onWarning === undefined
      ? {}
      : {
          onWarning: (warning: A2AWarning) =>
            onWarning(named?.id ?? found.profile.id, named?.domain ?? label, warning),
        }),
  });
  named = { id: identity.key, domain };
  for (const warning of cardWarnings) onWarning?.(identity.key, domain, warning);
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
    ...(authenticated ? { credentials: true as const } : {}),
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
    protocol: 'cap' as const,
  });
}

async function findMerchantCard(
  deps: MerchantDeps,
  target: string | AgentProfile,
  signal: AbortSignal | undefined,
): Promise<FoundCard> {
  try {
    return await findCard(deps, target, { signal, requireCap: true, field: 'target' });
  } catch (error) {
    // With requireCap the resolver reports a non-CAP card as a `no-cap` step; say so plainly.
    if (
      typeof target === 'string' &&
      isDiscoveryError(error) &&
      error.trace.some((step) => step.outcome === 'no-cap')
    ) {
      throw new NotACapMerchantError(target.trim(), undefined, error);
    }
    throw error;
  }
}
