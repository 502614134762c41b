import type { AgentProfile } from '@agentweb/agentcard';
import { merchantHostKey } from '../fan-out/merchant-host.js';

/**
 * The key a merchant's backoff is shared under: its id and the host its calls go to (`shop-1@shop-1.example`).
 * An id is only what a card claims; with the host in the key, a card that claims a known merchant's id but lists
 * its own endpoints gets a backoff of its own, so its failures can never open the real merchant's circuit for
 * everyone who shares the backoffs (the instances of a fleet on Redis).
 */
export function merchantBackoffKey(merchant: { merchantId: string; profile: AgentProfile }): string {
  return `${merchant.merchantId}@${merchantHostKey(merchant)}`;
}
