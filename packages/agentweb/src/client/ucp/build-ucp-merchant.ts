import type { AgentProfile } from '@agentweb/agentcard';
import type { ContextStore, MerchantBackoff } from '@agentweb/cap';
import type { HttpClient } from '@agentweb/http';
import type { UcpClient, UcpSession } from '@agentweb/ucp';
import { urlHost } from '../endpoint-hosts.js';
import type { AgentWebMerchant } from '../types.js';
import type { AgentWebUcpOptions } from './ucp-client-options.js';
import { lookupUcpCredentials } from './ucp-credentials.js';
import { createUcpMerchantClient } from './ucp-merchant-client.js';

/** What building a UCP merchant needs from the client. */
export interface UcpMerchantDeps {
  http: HttpClient;
  ucp: AgentWebUcpOptions;
  contextStore: ContextStore;
  merchantBackoff: ((merchantId: string) => MerchantBackoff) | undefined;
  userId: string;
  strict: boolean;
  /** Scheme for a bare domain (`https`; the client's `discovery.defaultScheme`). */
  defaultScheme: 'http' | 'https';
}

/** A UCP merchant as found: its client and the session it negotiated. */
export interface FoundUcpMerchant {
  client: UcpClient;
  session: UcpSession;
  businessUrl: string;
  /** True when the platform's credentials are sent to this business (`ucp.credentials`). */
  authenticated: boolean;
}

/** The business origin a target names: a URL's origin, or `<defaultScheme>://<domain>`. */
export function businessOriginOf(target: string, defaultScheme: 'http' | 'https'): string {
  const withScheme = /^https?:\/\//i.test(target) ? target : `${defaultScheme}://${target}`;
  return new URL(withScheme).origin;
}

/**
 * Reads a business's UCP profile (`/.well-known/ucp`) and negotiates with it. The UCP package is imported here,
 * on first use, so a client that never meets a UCP merchant never loads it.
 *
 * @throws the `@agentweb/ucp` errors (`UcpDocumentError`, `UcpNotSupportedError`) or the `@agentweb/http` ones
 *   (404, network) when the business serves no usable profile.
 */
export async function findUcpMerchant(
  deps: UcpMerchantDeps,
  target: string,
  signal: AbortSignal | undefined,
): Promise<FoundUcpMerchant> {
  const { createUcpClient } = await import('@agentweb/ucp');
  const businessUrl = businessOriginOf(target, deps.defaultScheme);
  const auth = lookupUcpCredentials(deps.ucp.credentials, businessUrl);
  const client = createUcpClient({
    profileUrl: deps.ucp.profileUrl,
    businessUrl,
    http: deps.http,
    strict: deps.strict,
    ...(deps.ucp.transport === undefined ? {} : { transport: deps.ucp.transport }),
    ...(auth === undefined ? {} : { auth }),
  });
  const session = await client.connect(signal === undefined ? {} : { signal });
  return { client, session, businessUrl, authenticated: auth !== undefined };
}

/**
 * A UCP merchant in the client's merchant model: keyed by its business profile URL (the origin that vouches for
 * it), with a synthetic profile (name, no A2A endpoints, `cap: null`) and a search adapter the fan-out calls like
 * any CAP merchant.
 */
export function ucpMerchantOf(deps: UcpMerchantDeps, found: FoundUcpMerchant): AgentWebMerchant {
  const { client, session, businessUrl } = found;
  const id = client.businessProfileUrl;
  const domain = urlHost(businessUrl) ?? businessUrl;
  const capabilities = session.capabilities.map((c) => c.name);
  const profile: AgentProfile = {
    id,
    name: domain,
    description: `UCP merchant (${session.version}, ${session.transport})`,
    version: session.version,
    endpoints: [],
    skills: [],
    auth: { required: false, schemes: [], requirements: [] },
    cap: null,
    pricing: null,
    capabilities: { streaming: false, pushNotifications: false, extendedCard: false },
    source: { format: 'a2a', version: 'ucp' },
  };
  const hostKey = urlHost(session.endpoint) ?? domain;
  const backoff = deps.merchantBackoff?.(`${id}@${hostKey}`);
  const search = createUcpMerchantClient({
    merchantId: id,
    profile,
    hostKey,
    ucp: client,
    canSearch: capabilities.includes('dev.ucp.shopping.catalog.search'),
    backoff,
    contextStore: deps.contextStore,
    userId: deps.userId,
    authenticated: found.authenticated,
  });
  return Object.freeze({
    id,
    claimedId: id,
    protocol: 'ucp' as const,
    identity: {
      key: id,
      origin: new URL(businessUrl).origin,
      cardUrl: undefined,
      endpoint: { url: session.endpoint, binding: `UCP ${session.transport.toUpperCase()}` },
      crossOrigin: urlHost(session.endpoint) !== urlHost(businessUrl),
      warnings: [],
    },
    warnings: [],
    domain,
    profile,
    cardUrl: undefined,
    client: search,
    ucp: Object.freeze({
      client,
      version: session.version,
      transport: session.transport,
      capabilities,
      paymentHandlers: session.paymentHandlers.map((h) => h.id),
      warnings: session.warnings,
    }),
  });
}
