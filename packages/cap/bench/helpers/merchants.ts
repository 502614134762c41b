import { createA2AClient } from '@agentweb/a2a';
import { parseAgentCard } from '@agentweb/agentcard';
import type { HttpClient } from '@agentweb/http';
import { createMemoryContextStore } from '../../src/context/index.js';
import { createMerchantClient, type MerchantClient } from '../../src/merchant/index.js';
import { type RawRequest, rawSearchRequest } from './raw-requests.js';

/** Discovered merchants: a CAP client and the matching bare request for each. */
export interface BenchMerchants {
  clients: MerchantClient[];
  raw: RawRequest[];
}

/** Fetches each card (which also warms the merchant up), parses it and builds a client and a bare request. */
export async function discover(
  cardUrls: readonly string[],
  http: HttpClient,
  input: Record<string, unknown>,
): Promise<BenchMerchants> {
  const contextStore = createMemoryContextStore();
  const found = await Promise.all(
    cardUrls.map(async (cardUrl) => {
      const { profile } = parseAgentCard((await http.getJson(cardUrl)).data);
      const a2a = await createA2AClient({ profile, http });
      const client = createMerchantClient({
        profile,
        a2a,
        contextStore,
        userId: 'bench',
        merchantId: cardUrl,
        agentCardUrl: cardUrl,
      });
      return { client, raw: rawSearchRequest(profile, input) };
    }),
  );
  return { clients: found.map((f) => f.client), raw: found.map((f) => f.raw) };
}
