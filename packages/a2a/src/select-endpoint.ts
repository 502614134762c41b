import type { AgentEndpoint, AgentProfile } from '@agentweb/agentcard';
import { type A2ADialect, dialectOfVersion } from './dialect.js';
import { NoSupportedEndpointError } from './errors.js';

/** The endpoint the client talks to. */
export interface SelectedEndpoint {
  /** JSON-RPC URL. */
  url: string;
  /** Dialect spoken there. */
  dialect: A2ADialect;
  /** 1.0 tenant to send with every call, when declared. */
  tenant?: string;
  /** The card's entry. */
  endpoint: AgentEndpoint;
}

/**
 * Picks the first endpoint, in the card's preference order, that uses the JSON-RPC binding in a dialect this
 * client speaks (and, when `dialect` is given, that dialect). For the hybrid card of a dual-version server the
 * profile lists the 1.0 interfaces first, so 1.0 wins unless `dialect: '0.3'` is asked for.
 */
export function selectEndpoint(profile: AgentProfile, dialect?: A2ADialect): SelectedEndpoint {
  for (const endpoint of profile.endpoints) {
    if (endpoint.binding.toUpperCase() !== 'JSONRPC') continue;
    const d = dialectOfVersion(endpoint.protocolVersion);
    if (d === undefined || (dialect !== undefined && d !== dialect)) continue;
    const out: SelectedEndpoint = { url: endpoint.url, dialect: d, endpoint };
    if (endpoint.tenant !== undefined && endpoint.tenant !== '') out.tenant = endpoint.tenant;
    return out;
  }
  throw new NoSupportedEndpointError({
    offered: profile.endpoints.map((e) => `${e.binding}@${e.protocolVersion || '?'} ${e.url}`),
    detail: dialect ? `wanted JSONRPC in dialect ${dialect}` : 'this client speaks JSONRPC 0.3 and 1.0',
  });
}
