import { createHttpClient } from '@agentweb/http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNooterraRegistryClient,
  isRegistryError,
  isRegistryFilterError,
  REGISTRY_DISCOVER_FILTER_NAMES,
  type RegistryDiscoverFilters,
} from '../src/registry/index.js';
import { makeCard, type RegistryDouble, startRegistryDouble } from './helpers/nooterra-registry-double.js';

const http = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: true,
  cache: false,
  timeoutMs: 5_000,
  retry: { limit: 2, baseDelayMs: 1 },
});

let double: RegistryDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

const CARDS = [
  makeCard('agt_travel', {
    host: { runtime: 'OpenClaw', endpoint: 'https://travel.example/a2a', protocols: ['a2a'] },
    tools: [
      {
        toolId: 'book',
        mcpToolName: 'Travel.Book',
        riskClass: 'financial',
        sideEffecting: true,
        pricing: { amountCents: 250 },
        requiresEvidenceKinds: ['hash'],
      },
      { toolId: 'search', riskClass: 'read', sideEffecting: false },
    ],
  }),
  makeCard('agt_code', { capabilities: ['code.review'] }),
  makeCard('agt_private', { visibility: 'private' }),
  makeCard('agt_suspended', { status: 'suspended' }),
];

const EVERY_FILTER: Required<RegistryDiscoverFilters> = {
  capability: 'capability://travel.booking@v2',
  executionCoordinatorDid: 'did:web:coord.example',
  toolId: 'book',
  toolMcpName: 'travel.book',
  toolRiskClass: 'financial',
  toolSideEffecting: true,
  toolMaxPriceCents: 300,
  toolRequiresEvidenceKind: 'hash',
  supportsPolicyTemplate: 'tpl_1',
  supportsEvidencePack: 'pack_1',
  status: 'active',
  visibility: 'public',
  runtime: 'openclaw',
  requireCapabilityAttestation: true,
  attestationMinLevel: 'attested',
  attestationIssuerAgentId: 'agt_issuer',
  includeAttestationMetadata: false,
  minTrustScore: 42.5,
  riskTier: 'guarded',
  includeReputation: false,
  reputationVersion: 'v1',
  reputationWindow: 'allTime',
  scoreStrategy: 'trust_weighted',
  requesterAgentId: 'agt_me',
  includeRoutingFactors: true,
  asOf: '2026-03-01T00:00:00.000Z',
  limit: 100,
  offset: 5,
};

describe('Nooterra registry discover', () => {
  it('sends every documented filter under its documented name', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const result = await client.discover(EVERY_FILTER);
    expect(result.results).toEqual([]);
    const sent = double.requests[0]?.query;
    expect([...(sent?.keys() ?? [])].sort()).toEqual([...REGISTRY_DISCOVER_FILTER_NAMES].sort());
    expect(Object.fromEntries(sent ?? [])).toEqual({
      ...Object.fromEntries(Object.entries(EVERY_FILTER).map(([k, v]) => [k, String(v)])),
    });
    expect(REGISTRY_DISCOVER_FILTER_NAMES).toHaveLength(28);
  });

  it('returns typed hits the registry selected, over the public endpoint', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const result = await client.discover({
      toolMcpName: 'TRAVEL.BOOK',
      toolMaxPriceCents: 250,
      runtime: 'openclaw',
    });
    expect(result.schemaVersion).toBe('AgentCardDiscoveryResult.v1');
    expect(result.scope).toBe('public');
    expect(result.results.map((hit) => hit.agentCard.agentId)).toEqual(['agt_travel']);
    expect(result.skipped).toEqual([]);
    expect(result.provenance.status).toBe(200);
    expect(double.requests[0]?.path).toBe('/public/agent-cards/discover');
    expect(double.requests[0]?.headers['x-nooterra-protocol']).toBe('1.0');
    expect(double.requests[0]?.headers['x-proxy-tenant-id']).toBeUndefined();
  });

  it('uses the tenant endpoint with bearer and tenant headers, and allows non-public visibility there', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    const client = createNooterraRegistryClient({
      baseUrl: double.url,
      http,
      apiKey: 'k_1',
      tenantId: 'tenant_a',
    });
    const result = await client.discover({ visibility: 'private' }, { scope: 'tenant' });
    expect(result.results.map((hit) => hit.agentCard.agentId)).toEqual(['agt_private']);
    const request = double.requests[0];
    expect(request?.path).toBe('/agent-cards/discover');
    expect(request?.headers.authorization).toBe('Bearer k_1');
    expect(request?.headers['x-proxy-tenant-id']).toBe('tenant_a');
  });

  it.each<[RegistryDiscoverFilters, string, string]>([
    [
      { capability: 'capability://system.audit' },
      'capability',
      'CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED',
    ],
    [{ capability: 'https://travel.booking' }, 'capability', 'CAPABILITY_IDENTIFIER_URI_SCHEME_INVALID'],
    [{ visibility: 'tenant' }, 'visibility', 'VISIBILITY_NOT_PUBLIC'],
    [{ limit: 0 }, 'limit', 'RANGE_INVALID'],
    [{ limit: 101 }, 'limit', 'RANGE_INVALID'],
    [{ limit: 2.5 }, 'limit', 'TYPE_INVALID'],
    [{ offset: -1 }, 'offset', 'RANGE_INVALID'],
    [{ minTrustScore: 101 }, 'minTrustScore', 'RANGE_INVALID'],
    [{ toolRiskClass: 'dangerous' as never }, 'toolRiskClass', 'ENUM_INVALID'],
    [{ scoreStrategy: 'random' as never }, 'scoreStrategy', 'ENUM_INVALID'],
    [{ requireCapabilityAttestation: true }, 'requireCapabilityAttestation', 'CAPABILITY_REQUIRED'],
    [{ executionCoordinatorDid: 'no-colon' }, 'executionCoordinatorDid', 'TYPE_INVALID'],
    [{ asOf: 'yesterday' }, 'asOf', 'TIMESTAMP_INVALID'],
    [{ toolId: '   ' }, 'toolId', 'VALUE_REQUIRED'],
    [{ includeReputation: 'yes' as never }, 'includeReputation', 'TYPE_INVALID'],
    [{ capabilty: 'x' } as never, 'capabilty', 'UNKNOWN_FILTER'],
  ])('refuses %j before any request', async (filters, filter, reason) => {
    double = await startRegistryDouble({ cards: CARDS });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const error = await client.discover(filters).catch((e: unknown) => e);
    expect(isRegistryFilterError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'REGISTRY_FILTER_INVALID', filter, reason });
    expect(double.requests).toHaveLength(0);
  });

  it('refuses tenant scope without credentials, and sends them when given', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    const anonymous = createNooterraRegistryClient({ baseUrl: double.url, http });
    const error = await anonymous.discover({}, { scope: 'tenant' }).catch((e: unknown) => e);
    expect(isRegistryError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'REGISTRY_CREDENTIALS_REQUIRED' });
    expect(double.requests).toHaveLength(0);
    const keyed = createNooterraRegistryClient({ baseUrl: double.url, http, apiKey: 'k' });
    expect((await keyed.discover({}, { scope: 'tenant' })).scope).toBe('tenant');
  });

  it('turns a registry SCHEMA_INVALID body into a RegistryError with code, status and details', async () => {
    double = await startRegistryDouble({ cards: CARDS, refuseParam: 'riskTier' });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const error = await client.discover({ riskTier: 'high' }).catch((e: unknown) => e);
    expect(isRegistryError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'SCHEMA_INVALID',
      status: 400,
      registryMessage: 'invalid query',
      details: { message: 'riskTier is not supported' },
    });
    expect(double.requests).toHaveLength(1);
  });

  it('maps a refused stream cursor to SCHEMA_INVALID without reconnecting', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    // The double refuses a stream cursor it does not know: the same {error, code, details} path.
    const error = await client
      .stream({}, { sinceCursor: '2020-01-01|t|unknown', reconnect: { maxAttempts: 0 } })
      .next()
      .catch((e: unknown) => e);
    expect(isRegistryError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'SCHEMA_INVALID', status: 400, details: { message: 'bad cursor' } });
  });

  it('honours Retry-After on 429 through the http client, then succeeds', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    double.rateLimitNext(1, 0);
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const result = await client.discover({ capability: 'code.review' });
    expect(result.results.map((hit) => hit.agentCard.agentId)).toEqual(['agt_code']);
    expect(double.requests).toHaveLength(2);
  });

  it('surfaces a persistent 429 as AGENT_CARD_PUBLIC_DISCOVERY_RATE_LIMITED with retryAfterMs', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    double.rateLimitNext(10, 7);
    const noRetry = createHttpClient({
      allowHttp: true,
      allowPrivateNetwork: true,
      retry: false,
      cache: false,
    });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http: noRetry });
    const error = await client.discover().catch((e: unknown) => e);
    expect(isRegistryError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'AGENT_CARD_PUBLIC_DISCOVERY_RATE_LIMITED',
      status: 429,
      retryAfterMs: 7_000,
    });
  });

  it('keeps the valid hits and reports a malformed one in skipped', async () => {
    double = await startRegistryDouble({
      cards: CARDS,
      extraHits: [{ rank: 9, rankingScore: 500, riskTier: 'low', agentCard: { agentId: 'agt_bad' } }],
    });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const result = await client.discover();
    expect(result.results.map((hit) => hit.agentCard.agentId)).toEqual(['agt_travel', 'agt_code']);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]).toMatchObject({ index: 2, agentId: 'agt_bad' });
    expect(result.skipped[0]?.issues.length).toBeGreaterThan(0);
  });

  it('rejects with signal.reason when aborted', async () => {
    double = await startRegistryDouble({ cards: CARDS });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const reason = new Error('stop');
    await expect(client.discover({}, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});

describe('registry client options', () => {
  it('refuses a bad base URL, header value or scope with a typed error', async () => {
    expect(() => createNooterraRegistryClient({ baseUrl: 'not a url', http })).toThrow(
      expect.objectContaining({ code: 'REGISTRY_CONFIG_INVALID' }),
    );
    expect(() => createNooterraRegistryClient({ baseUrl: 'https://r.test', apiKey: 'a\nb', http })).toThrow(
      expect.objectContaining({ code: 'REGISTRY_CONFIG_INVALID' }),
    );
    const client = createNooterraRegistryClient({ baseUrl: 'https://r.test', http });
    await expect(client.discover({}, { scope: 'galaxy' as unknown as 'public' })).rejects.toMatchObject({
      code: 'REGISTRY_CONFIG_INVALID',
    });
  });
});
