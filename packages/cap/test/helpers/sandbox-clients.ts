import { type A2AAuth, type A2ADialect, createA2AClient } from '@agentweb/a2a';
import { type AgentProfile, parseAgentCard } from '@agentweb/agentcard';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';
import type { Sandbox, SandboxMerchant } from '@agentweb/sandbox';
import { createMerchantBackoff } from '../../src/backoff/index.js';
import type { ContextStore } from '../../src/context/index.js';
import { createMemoryContextStore } from '../../src/context/index.js';
import { createMerchantClient } from '../../src/merchant/index.js';
import type { MerchantClient } from '../../src/merchant/merchant-types.js';

/** One sandbox merchant as a user discovers it: the card fetched over HTTP, parsed into a profile. */
export interface DiscoveredMerchant {
  merchant: SandboxMerchant;
  profile: AgentProfile;
  cardUrl: string;
}

/** An HTTP client that may reach the sandbox hosts (loopback, plain http) through the sandbox's resolver. */
export function sandboxHttp(
  sandbox: Sandbox,
  options: { timeoutMs?: number; maxBodyBytes?: number } = {},
): HttpClient {
  return createHttpClient({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    connector: createLoopbackOnlyConnector(),
    timeoutMs: options.timeoutMs ?? 5_000,
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
  });
}

/** Fetches and parses every merchant's agent card, as a user agent would after discovery. */
export async function discoverMerchants(sandbox: Sandbox, http: HttpClient): Promise<DiscoveredMerchant[]> {
  return Promise.all(
    sandbox.merchants.map(async (merchant) => {
      const { data } = await http.getJson(merchant.cardUrl);
      return { merchant, profile: parseAgentCard(data).profile, cardUrl: merchant.cardUrl };
    }),
  );
}

/** Options of {@link clientFor}. */
export interface ClientForOptions {
  http: HttpClient;
  contextStore?: ContextStore;
  userId?: string;
  auth?: A2AAuth;
  dialect?: A2ADialect;
  rateLimitRetries?: number;
  maxRetryWaitMs?: number;
}

/** A merchant client built from a discovered profile and an A2A client over `http`. */
export async function clientFor(
  found: DiscoveredMerchant,
  options: ClientForOptions,
): Promise<MerchantClient> {
  const a2a = await createA2AClient({
    profile: found.profile,
    http: options.http,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.dialect ? { dialect: options.dialect } : {}),
  });
  return createMerchantClient({
    profile: found.profile,
    a2a,
    contextStore: options.contextStore ?? createMemoryContextStore(),
    userId: options.userId ?? 'user-1',
    merchantId: found.merchant.domain,
    agentCardUrl: found.cardUrl,
    backoff: createMerchantBackoff({ random: () => 0, baseDelayMs: 10 }),
    ...(options.auth ? { credentials: true as const } : {}),
    ...(options.rateLimitRetries !== undefined ? { rateLimitRetries: options.rateLimitRetries } : {}),
    ...(options.maxRetryWaitMs !== undefined ? { maxRetryWaitMs: options.maxRetryWaitMs } : {}),
  });
}
