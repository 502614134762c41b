import type { AgentProfile } from '@agentweb/agentcard';
import { buildMerchant, type MerchantDeps } from '../build-merchant.js';
import { isCardUrl } from '../find-card.js';
import type { AddMerchantOptions, AgentWebMerchant } from '../types.js';
import { findUcpMerchant, type UcpMerchantDeps, ucpMerchantOf } from './build-ucp-merchant.js';

/** What detecting a merchant's protocol needs: the CAP deps, and the UCP ones when the client has `ucp`. */
export interface DetectDeps {
  cap: MerchantDeps;
  ucp: UcpMerchantDeps | undefined;
}

/**
 * Adds a merchant by the protocol it speaks. With the client's `ucp` option, a domain or origin is tried both ways
 * at once (CAP discovery and `/.well-known/ucp`), so a UCP-only merchant costs no extra round trip. The rule when
 * both answer: **CAP wins**. A CAP merchant's key, contextIds, credentials and backoff are tied to its verified
 * agent card, and CAP offers what UCP search lacks (a filter language, per-user context); choosing by whichever
 * answered first would let the same domain flip protocol between runs and orphan the user's cart. A card URL or a
 * profile is CAP by definition; without `ucp`, nothing is probed for UCP.
 *
 * @throws the CAP error (NotACapMerchantError, DiscoveryError, ...) when neither protocol is found, with the UCP
 *   error as its `cause` when the CAP one has none.
 */
export async function detectMerchant(
  deps: DetectDeps,
  target: string | AgentProfile,
  options: AddMerchantOptions,
): Promise<AgentWebMerchant> {
  if (deps.ucp === undefined || typeof target !== 'string' || isCardUrl(target.trim())) {
    return buildMerchant(deps.cap, target, options);
  }
  const ucpDeps = deps.ucp;
  const name = target.trim();
  const [cap, ucp] = await Promise.allSettled([
    buildMerchant(deps.cap, name, options),
    findUcpMerchant(ucpDeps, name, options.signal),
  ]);
  if (cap.status === 'fulfilled') {
    if (ucp.status === 'fulfilled') await ucp.value.client.close();
    return cap.value;
  }
  if (ucp.status === 'fulfilled') return ucpMerchantOf(ucpDeps, ucp.value);
  options.signal?.throwIfAborted();
  throw cap.reason;
}
