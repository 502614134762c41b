import { parseGrpcTarget, selectEndpoint } from '@agentweb/a2a';
import type { MerchantClient } from '../merchant/merchant-types.js';

/**
 * The host a merchant's calls go to, as the key of its per-host pool: `host[:port]` of the endpoint the A2A client
 * picks from its card (`selectEndpoint`: the card's preference order, unknown bindings skipped), the host of a gRPC
 * target in any of its forms (`dns:///host:port` has no URL host). A merchant without a usable endpoint gets a key
 * of its own: its call fails at once with a typed error, so it holds no host's slot for long.
 */
export function merchantHostKey(
  merchant: Pick<MerchantClient, 'merchantId' | 'profile'> & { readonly hostKey?: string },
): string {
  // A merchant reached by another protocol (UCP) has no A2A endpoint on its profile and names its host itself.
  if (typeof merchant.hostKey === 'string' && merchant.hostKey !== '') return merchant.hostKey.toLowerCase();
  try {
    const { url, binding } = selectEndpoint(merchant.profile);
    if (binding === 'GRPC') return parseGrpcTarget(url, false).authority.toLowerCase();
    const host = new URL(url).host.toLowerCase();
    if (host !== '') return host;
  } catch {
    // No endpoint this client can call, or an unparsable one: the call fails with a typed error; here it only
    // needs a key.
  }
  return `merchant:${String(merchant?.merchantId)}`;
}
