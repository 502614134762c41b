import type { AgentWebClient } from '../client/types.js';

/**
 * Maps merchant ids to the domains the model should use. For A2A cards the id is an endpoint URL, which is
 * noisy for a model and not what `search_products` or `manage_cart` are best called with; the domain is.
 */
export function merchantLabeller(client: AgentWebClient): (merchantId: string) => string {
  const domains = new Map<string, string>();
  for (const merchant of client.merchants()) domains.set(merchant.id, merchant.domain);
  return (merchantId) => domains.get(merchantId) ?? merchantId;
}
