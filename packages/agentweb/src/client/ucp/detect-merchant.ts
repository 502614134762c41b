import type { AgentProfile } from '@agentweb/agentcard';
import { buildMerchant, type MerchantDeps } from '../build-merchant.js';
import { isCardUrl } from '../card-url.js';
import type { AddMerchantOptions, AgentWebMerchant } from '../types.js';
import { findUcpMerchant, type UcpMerchantDeps, ucpMerchantOf } from './build-ucp-merchant.js';
import { withBothProbeFailures } from './probe-failures.js';

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
 * answered first would let the same domain flip protocol between runs and orphan the user's cart. The UCP probe
 * is aborted as soon as the CAP card is found. A card URL or a
 * profile is CAP by definition; without `ucp`, nothing is probed for UCP.
 *
 * @throws the CAP error (NotACapMerchantError, DiscoveryError, ...) when neither protocol is found, its message
 *   saying why the UCP probe failed too, and both failures in its `probes` (`MerchantProbeFailure`).
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
  // CAP wins, so once a CAP card is found the UCP probe is abandoned (aborted), never waited for: a merchant whose
  // other paths are slow costs nothing more than before.
  const probe = new AbortController();
  const stopProbe = () => probe.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stopProbe, { once: true });
  const ucp = findUcpMerchant(ucpDeps, name, probe.signal);
  ucp.catch(() => undefined);
  try {
    const merchant = await buildMerchant(deps.cap, name, options);
    probe.abort(new DOMException('a CAP card was found', 'AbortError'));
    void ucp.then((found) => found.client.close()).catch(() => undefined);
    return merchant;
  } catch (capError) {
    options.signal?.throwIfAborted();
    let found: Awaited<typeof ucp>;
    try {
      found = await ucp;
    } catch (ucpError) {
      throw withBothProbeFailures(capError, ucpError);
    }
    return ucpMerchantOf(ucpDeps, found);
  } finally {
    options.signal?.removeEventListener('abort', stopProbe);
  }
}
