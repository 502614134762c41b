import type { AgentProfile } from '@agentweb/agentcard';
import { merchantHostKey } from '../fan-out/merchant-host.js';

/**
 * The key a merchant's backoff is shared under: its id and the host its calls go to (`shop-1@shop-1.example`).
 * Pass the merchant's verified identity as `merchantId` (`merchantIdentity(...).key`, as the `AgentWeb` client
 * does): a card's own id is only a claim, and a card served from another origin can name a known merchant's
 * endpoint under another binding, so `id@host` alone would let its failing calls open that merchant's circuit
 * for everyone who shares the backoffs (the instances of a fleet on Redis). The identity key carries the card's
 * origin whenever the endpoint is on another one.
 */
export function merchantBackoffKey(merchant: { merchantId: string; profile: AgentProfile }): string {
  return `${merchant.merchantId}@${merchantHostKey(merchant)}`;
}
