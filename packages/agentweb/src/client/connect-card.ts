import {
  type A2AAuth,
  type A2AClient,
  type A2AWarning,
  type CardCache,
  createA2AClient,
} from '@agentweb/a2a';
import { type MerchantIdentity, merchantIdentity } from '@agentweb/cap';
import type { HttpClient } from '@agentweb/http';
import { cardDepartures } from './card-departures.js';
import { lookupCredentials } from './credentials.js';
import { CrossOriginEndpointError } from './errors.js';
import { domainOf, type FoundCard } from './find-card.js';
import type { AgentWebOptions } from './types.js';

/** What connecting to a found card needs from the client. */
export interface ConnectDeps {
  http: HttpClient;
  cardCache: CardCache;
  credentials: AgentWebOptions['credentials'];
}

/** An A2A client for a found card, with the identity of what it calls. */
export interface ConnectedCard {
  a2a: A2AClient;
  /** The verified identity: card origin, endpoint called and binding (keys contexts, caches, backoffs). */
  identity: MerchantIdentity;
  /** The host the card speaks for. */
  domain: string;
  /** Whether credentials were given or found (the CAP client partitions its cache by it). */
  authenticated: boolean;
  /** What the card left out that was filled in (`card-skills-missing`, ...); empty under `strict`. */
  cardWarnings: readonly A2AWarning[];
}

/**
 * Builds the A2A client of a found card (with the caller's credentials, else the client's looked up by domain or
 * card URL) and its verified identity. Under `strict` an endpoint on another origin than the card is refused, and
 * the A2A client refuses every departure from the protocol instead of warning.
 *
 * @throws CrossOriginEndpointError under `strict` for an endpoint on another origin than the card;
 *   CardValidationError under `strict` for a card the A2A client would have to repair.
 */
export async function connectCard(
  deps: ConnectDeps,
  found: FoundCard,
  options: {
    credentials?: A2AAuth | undefined;
    signal?: AbortSignal | undefined;
    strict: boolean;
    /** Told of each departure from the protocol the A2A client reads past (never under `strict`). */
    onWarning?: ((warning: A2AWarning) => void) | undefined;
  },
): Promise<ConnectedCard> {
  const domain = domainOf(found);
  const cardWarnings = cardDepartures(found.card, options.strict);
  const auth =
    options.credentials ??
    lookupCredentials(deps.credentials, { domain, profile: found.profile, cardUrl: found.cardUrl });
  // Lenient unless strict: what a sloppy but honest agent sends is read, and each departure reaches the caller.
  const a2a = await createA2AClient({
    profile: found.profile,
    strict: options.strict,
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
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
  if (identity.crossOrigin && options.strict) {
    await a2a.close();
    throw new CrossOriginEndpointError({
      cardUrl: found.cardUrl ?? identity.origin,
      endpointUrl: identity.endpoint.url,
      binding: identity.endpoint.binding,
    });
  }
  return { a2a, identity, domain, authenticated: auth !== undefined, cardWarnings };
}
