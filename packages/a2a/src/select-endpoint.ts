import type { AgentEndpoint, AgentProfile } from '@agentweb/agentcard';
import { checkOptions, is, type OptionRule } from '@agentweb/core';
import { A2A_BINDINGS, type A2ABinding, bindingOf } from './binding.js';
import { type A2ADialect, dialectOfVersion } from './dialect.js';
import { NoSupportedEndpointError } from './errors.js';

/** The endpoint the client talks to. */
export interface SelectedEndpoint {
  /** The endpoint URL (for gRPC, possibly a `host:port` target). */
  url: string;
  /** Dialect spoken there. */
  dialect: A2ADialect;
  /** The binding used there. */
  binding: A2ABinding;
  /** 1.0 tenant to send with every call, when declared. */
  tenant?: string;
  /** The card's entry. */
  endpoint: AgentEndpoint;
}

/** Options of {@link selectEndpoint}. */
export interface SelectEndpointOptions {
  /** Only this dialect. */
  dialect?: A2ADialect;
  /**
   * Only these bindings, in this order of preference (the card's order decides between endpoints of one
   * binding). Default: every binding this client implements, in the card's order.
   */
  bindings?: readonly A2ABinding[];
}

/** `bindings`: a non-empty list of binding names this client implements. */
export const BINDINGS_RULE: OptionRule = is.custom(
  `a non-empty array of ${A2A_BINDINGS.join(', ')}`,
  (v) => Array.isArray(v) && v.length > 0 && v.every((b) => typeof b === 'string' && bindingOf(b) === b),
);

function checkBindings(bindings: readonly unknown[]): readonly A2ABinding[] {
  checkOptions('selectEndpoint', { bindings }, { bindings: BINDINGS_RULE });
  return bindings as readonly A2ABinding[];
}

/**
 * Picks the endpoint to call. Without `bindings`, the first endpoint in the card's preference order (1.0
 * `supportedInterfaces`; 0.3 `url` + `preferredTransport`, then `additionalInterfaces`) whose binding this
 * client implements (JSON-RPC, HTTP+JSON, gRPC) in a dialect it speaks. With `bindings`, the first binding of
 * that list the card offers, and within it the card's order. For the hybrid card of a dual-version server the
 * profile lists the 1.0 interfaces first, so 1.0 wins unless `dialect: '0.3'` is asked for.
 *
 * @throws NoSupportedEndpointError naming what the card offers, when nothing fits.
 */
export function selectEndpoint(
  profile: AgentProfile,
  options: A2ADialect | SelectEndpointOptions = {},
): SelectedEndpoint {
  const { dialect, bindings } =
    typeof options === 'string' ? { dialect: options, bindings: undefined } : options;
  const wanted = bindings === undefined ? undefined : checkBindings(bindings);
  const usable: SelectedEndpoint[] = [];
  for (const endpoint of profile.endpoints) {
    const binding = bindingOf(endpoint.binding);
    if (binding === undefined || (wanted !== undefined && !wanted.includes(binding))) continue;
    const d = dialectOfVersion(endpoint.protocolVersion);
    if (d === undefined || (dialect !== undefined && d !== dialect)) continue;
    const out: SelectedEndpoint = { url: endpoint.url, dialect: d, binding, endpoint };
    if (endpoint.tenant !== undefined && endpoint.tenant !== '') out.tenant = endpoint.tenant;
    usable.push(out);
  }
  const chosen =
    wanted === undefined ? usable[0] : wanted.map((b) => usable.find((e) => e.binding === b)).find((e) => e);
  if (chosen) return chosen;
  const unknown = [
    ...new Set(profile.endpoints.map((e) => e.binding).filter((b) => bindingOf(b) === undefined)),
  ];
  const parts = [
    `this client speaks ${(wanted ?? A2A_BINDINGS).join(', ')} in A2A 0.3 and 1.0`,
    ...(dialect ? [`wanted dialect ${dialect}`] : []),
    ...(unknown.length > 0 ? [`unknown binding${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`] : []),
  ];
  throw new NoSupportedEndpointError({
    offered: profile.endpoints.map((e) => `${e.binding}@${e.protocolVersion || '?'} ${e.url}`),
    detail: parts.join('; '),
  });
}
