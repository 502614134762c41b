import type { A2AAuth } from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
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
 */
export function lookupCredentials(
  source: AgentWebOptions['credentials'],
  key: CredentialsKey,
): A2AAuth | undefined {
  if (source === undefined) return undefined;
  if (typeof source === 'function') return source({ domain: key.domain, profile: key.profile });
  const names = [key.domain, key.domain.replace(/:\d+$/, ''), key.profile.id, key.cardUrl];
  for (const name of names) {
    if (name !== undefined && Object.hasOwn(source, name)) return source[name];
  }
  return undefined;
}
