import type { A2AAuth } from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
import { endpointsOnHost, stripPort, urlHost } from './endpoint-hosts.js';
import type { AgentWebOptions } from './types.js';

/** What a merchant is known by when its credentials are looked up. */
export interface CredentialsKey {
  /** `host[:port]` of the card (or of the first endpoint). */
  domain: string;
  /** The merchant's profile. */
  profile: AgentProfile;
  /** The card URL, when known. */
  cardUrl: string | undefined;
}

/**
 * Finds the credentials for a merchant: the function's answer, or the map's entry under the domain, the bare
 * host name, the merchant id or the card URL (first hit wins).
 *
 * A profile's id and endpoints are the card's own claims, so a map key is only used when it names where the
 * credentials will go: the domain when the card was fetched from it (the card's host vouches for its endpoints)
 * or, for a profile given without a card, when every endpoint is on that domain; the id only when it is an
 * http(s) URL on the host of every endpoint (an A2A id is its endpoint URL). Otherwise any card could claim
 * `shop.example` as its id, or as its first endpoint, and be handed shop.example's token.
 */
export function lookupCredentials(
  source: AgentWebOptions['credentials'],
  key: CredentialsKey,
): A2AAuth | undefined {
  if (source === undefined) return undefined;
  if (typeof source === 'function') return source({ domain: key.domain, profile: key.profile });
  const domainVouched = key.cardUrl !== undefined || endpointsOnHost(key.profile, key.domain);
  const idHost = urlHost(key.profile.id);
  const idVouched = idHost !== undefined && endpointsOnHost(key.profile, idHost);
  const names = [
    ...(domainVouched ? [key.domain, stripPort(key.domain)] : []),
    ...(idVouched ? [key.profile.id] : []),
    key.cardUrl,
  ];
  for (const name of names) {
    if (name !== undefined && Object.hasOwn(source, name)) return source[name];
  }
  return undefined;
}
