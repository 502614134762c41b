import type { AgentProfile } from '@agentweb/agentcard';
import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A card advertised an http(s) endpoint whose scheme differs from the scheme the card was fetched over. */
export class EndpointSchemeError extends AgentWebError {
  /** Where the card was fetched from (after redirects). */
  readonly cardUrl: string;
  /** The offending endpoint URL. */
  readonly endpointUrl: string;

  constructor(options: { cardUrl: string; endpointUrl: string }) {
    const fetched = new URL(options.cardUrl).protocol.replace(':', '');
    const declared = new URL(options.endpointUrl).protocol.replace(':', '');
    super({
      code: 'ENDPOINT_SCHEME_MISMATCH',
      message: `Card fetched over ${fetched} from ${options.cardUrl} declares a ${declared} endpoint ${options.endpointUrl}`,
    });
    this.name = 'EndpointSchemeError';
    this.cardUrl = options.cardUrl;
    this.endpointUrl = options.endpointUrl;
  }
}

/** True when `error` is an {@link EndpointSchemeError} from any copy of AgentWeb. */
export const isEndpointSchemeError = createErrorGuard<EndpointSchemeError>('EndpointSchemeError');

/**
 * Refuses a card whose http(s) endpoints use another scheme than the card's own URL: an https card pointing at
 * http would downgrade every call, and an http card naming https endpoints cannot vouch for them. Endpoints
 * with other schemes (grpc, stdio) are left alone.
 */
export function checkEndpointScheme(profile: AgentProfile, cardUrl: string): void {
  const fetchedOver = new URL(cardUrl).protocol;
  for (const endpoint of profile.endpoints) {
    let protocol: string;
    try {
      protocol = new URL(endpoint.url).protocol;
    } catch {
      continue;
    }
    if ((protocol === 'http:' || protocol === 'https:') && protocol !== fetchedOver) {
      throw new EndpointSchemeError({ cardUrl, endpointUrl: endpoint.url });
    }
  }
}
