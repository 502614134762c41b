import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentProfileSchema } from '../agent-profile.js';
import { nooterraCardFormat } from './check-nooterra-card.js';
import type { NooterraAgentCard } from './nooterra-card-schema.js';
import { normalizeNooterraCard } from './normalize-nooterra-card.js';

const SHA = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/** A public, Nooterra Verified travel agent with typed tools, as the card builder stores it. */
function verifiedTravelCard(): Record<string, unknown> {
  return {
    schemaVersion: 'AgentCard.v1',
    agentId: 'agt_travel_1',
    tenantId: 'tenant_acme',
    displayName: 'Acme Travel Booker',
    description: 'Searches and books flights and hotels.',
    status: 'active',
    visibility: 'public',
    capabilities: ['capability://travel.booking@v2', 'travel.search'],
    executionCoordinatorDid: 'did:web:coordinator.acme.example',
    host: { runtime: 'openclaw', endpoint: 'https://agents.acme.example/travel', protocols: ['mcp', 'http'] },
    priceHint: { amountCents: 250, currency: 'USD', unit: 'task' },
    attestations: [
      {
        type: 'program.nooterra_verified',
        level: 'collaboration',
        issuer: 'Nooterra Verified',
        credentialRef: 'artifacts/gates/nooterra-verified-collaboration-gate.json',
        proofHash: SHA,
        issuedAt: '2026-01-01T00:00:00.000Z',
        expiresAt: null,
      },
    ],
    tools: [
      {
        schemaVersion: 'ToolDescriptor.v1',
        toolId: 'travel.book_flight',
        mcpToolName: 'book_flight',
        name: 'Book flight',
        description: 'Books a flight and charges the traveller.',
        riskClass: 'financial',
        sideEffecting: true,
        pricing: { amountCents: 150, currency: 'USD', unit: 'call' },
        requiresEvidenceKinds: ['execution_attestation', 'verification_report'],
        metadata: null,
      },
      {
        schemaVersion: 'ToolDescriptor.v1',
        toolId: 'travel.search_flights',
        mcpToolName: 'search_flights',
        riskClass: 'read',
        sideEffecting: false,
        requiresEvidenceKinds: [],
      },
    ],
    policyCompatibility: {
      schemaVersion: 'AgentCardPolicyCompatibility.v1',
      supportsPolicyTemplates: ['travel.standard'],
      supportsEvidencePacks: ['receipts.v1'],
    },
    tags: ['program:nooterra-verified', 'program:nooterra-verified:collaboration'],
    metadata: {
      nooterraVerified: {
        schemaVersion: 'NooterraVerifiedListing.v1',
        label: 'Nooterra Verified',
        level: 'collaboration',
        gateReportSchemaVersion: 'NooterraVerifiedGateReport.v1',
        gateReportRef: 'artifacts/gates/nooterra-verified-collaboration-gate.json',
        gateReportSha256: SHA,
      },
    },
    identityRef: { schemaVersion: 'AgentIdentity.v1', keyId: 'key_travel_1' },
    publish: {
      schemaVersion: 'AgentCardPublish.v1',
      algorithm: 'ed25519',
      signerKeyId: 'key_travel_1',
      signedAt: '2026-02-01T10:00:00.000Z',
      payloadHash: SHA,
      signature: 'c2lnbmF0dXJl',
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    revision: 3,
  };
}

/** The smallest card Nooterra's builder emits: every optional field null or empty. */
function minimalTenantCard(): Record<string, unknown> {
  return {
    schemaVersion: 'AgentCard.v1',
    agentId: 'agt_min',
    tenantId: 'tenant_default',
    displayName: 'Minimal',
    description: null,
    status: 'suspended',
    visibility: 'tenant',
    capabilities: [],
    host: null,
    priceHint: null,
    attestations: [],
    tags: [],
    metadata: null,
    identityRef: { schemaVersion: 'AgentIdentity.v1', keyId: null },
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    revision: 0,
  };
}

const strict = { strict: true };

describe('nooterraCardFormat.check', () => {
  it('accepts realistic cards', () => {
    for (const card of [verifiedTravelCard(), minimalTenantCard()]) {
      const result = nooterraCardFormat.check(card, strict);
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([]);
      expect(result.version).toBe('AgentCard.v1');
    }
  });

  it('keeps unknown fields at every level', () => {
    const card = verifiedTravelCard();
    card['futureField'] = { x: 1 };
    (card['host'] as Record<string, unknown>)['region'] = 'eu';
    const result = nooterraCardFormat.check(card, strict);
    expect(result.errors).toEqual([]);
    expect(result.card['futureField']).toEqual({ x: 1 });
    expect(result.card.host?.['region']).toBe('eu');
  });

  it('reports every problem at once', () => {
    const card = {
      ...verifiedTravelCard(),
      status: 'paused',
      description: 'x'.repeat(2001),
      host: { runtime: 'r'.repeat(65), endpoint: 'ftp://agents.example', protocols: [] },
      priceHint: { amountCents: -1 },
      executionCoordinatorDid: 'no-colon',
      tags: ['t'.repeat(65)],
      revision: 1.5,
      capabilities: ['capability://System.audit', 'capability://system.audit', ''],
      tools: [
        { toolId: 'a', riskClass: 'dangerous', requiresEvidenceKinds: ['photo'] },
        { toolId: 'b' },
        { toolId: 'a' },
      ],
    };
    const { errors } = nooterraCardFormat.check(card, strict);
    const found = errors.map((e) => `${e.rule} ${JSON.stringify(e.path)}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'nooterra/invalid_value ["status"]',
        'nooterra/too_big ["description"]',
        'nooterra/too_big ["host","runtime"]',
        'nooterra/invalid_format ["host","endpoint"]',
        'nooterra/too_small ["priceHint","amountCents"]',
        'nooterra/invalid_format ["executionCoordinatorDid"]',
        'nooterra/too_big ["tags",0]',
        'nooterra/invalid_type ["revision"]',
        'nooterra/invalid_value ["tools",0,"riskClass"]',
        'nooterra/invalid_value ["tools",0,"requiresEvidenceKinds",0]',
        'nooterra/CAPABILITY_IDENTIFIER_URI_ASCII_LOWERCASE_REQUIRED ["capabilities",0]',
        'nooterra/CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED ["capabilities",1]',
        'nooterra/CAPABILITY_IDENTIFIER_REQUIRED ["capabilities",2]',
        'nooterra/tool-id-duplicate ["tools",2,"toolId"]',
      ]),
    );
    for (const error of errors) expect(error.message.length).toBeGreaterThan(0);
  });

  it('names the first tool when a toolId repeats, ignoring surrounding spaces', () => {
    const card = { ...verifiedTravelCard(), tools: [{ toolId: 'x' }, { toolId: ' x ' }] };
    const { errors } = nooterraCardFormat.check(card, strict);
    expect(errors).toEqual([
      {
        path: ['tools', 1, 'toolId'],
        rule: 'nooterra/tool-id-duplicate',
        message: 'tools[1].toolId: toolId "x" is already used by tools[0]',
      },
    ]);
  });

  it('downgrades capability policy failures to warnings when not strict, but not empty entries', () => {
    const card = { ...verifiedTravelCard(), capabilities: ['capability://root.x', '  '] };
    const { errors, warnings } = nooterraCardFormat.check(card, { strict: false });
    expect(errors.map((e) => e.rule)).toEqual(['nooterra/CAPABILITY_IDENTIFIER_REQUIRED']);
    expect(warnings.map((e) => e.rule)).toEqual(['nooterra/CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED']);
  });

  it('warns when createdAt is after updatedAt', () => {
    const card = {
      ...verifiedTravelCard(),
      createdAt: '2026-03-01T00:00:00Z',
      updatedAt: '2026-02-01T00:00:00Z',
    };
    const { errors, warnings } = nooterraCardFormat.check(card, strict);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({ path: ['createdAt'], rule: 'nooterra/created-after-updated' }),
    ]);
  });

  it('rejects unreadable timestamps and a wrong schemaVersion', () => {
    const card = {
      ...minimalTenantCard(),
      schemaVersion: 'AgentCard.v2',
      createdAt: 'yesterday',
      updatedAt: 42,
    };
    const rules = nooterraCardFormat.check(card, strict).errors.map((e) => `${e.rule} ${e.path.join('.')}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        'nooterra/invalid_value schemaVersion',
        'nooterra/custom createdAt',
        'nooterra/invalid_type updatedAt',
      ]),
    );
  });

  it('reports hostile shapes as issues and never throws', () => {
    const huge = 'x'.repeat(10_000_000);
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 10_000; i++) {
      const next: Record<string, unknown> = {};
      cursor['a'] = next;
      cursor = next;
    }
    // [input, whether it must produce errors]; a huge endpoint path or deep metadata is odd but not invalid.
    const inputs: [unknown, boolean][] = [
      [null, true],
      [undefined, true],
      [[], true],
      [[verifiedTravelCard()], true],
      ['AgentCard.v1', true],
      [42, true],
      [{}, true],
      [JSON.parse('{"__proto__":{"polluted":true},"schemaVersion":"AgentCard.v1"}'), true],
      [
        {
          ...verifiedTravelCard(),
          capabilities: [huge, `capability://${huge}`],
          displayName: huge,
          createdAt: huge,
        },
        true,
      ],
      [{ ...verifiedTravelCard(), tools: [null, 1, [], { toolId: huge }, { toolId: huge }] }, true],
      [{ ...verifiedTravelCard(), description: huge, tags: [huge] }, true],
      [{ ...verifiedTravelCard(), capabilities: null, tools: 'x', attestations: {} }, true],
      [{ ...verifiedTravelCard(), host: { endpoint: `https://a.example/${huge}` } }, false],
      [{ ...verifiedTravelCard(), metadata: deep }, false],
    ];
    const started = performance.now();
    for (const [input, invalid] of inputs) {
      const result = nooterraCardFormat.check(input as Record<string, unknown>, strict);
      expect(result.errors.length > 0).toBe(invalid);
    }
    expect(performance.now() - started).toBeLessThan(5000);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reports a throwing getter instead of throwing', () => {
    const card = verifiedTravelCard();
    Object.defineProperty(card, 'displayName', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const { errors } = nooterraCardFormat.check(card, strict);
    expect(errors).toEqual([expect.objectContaining({ rule: 'nooterra/unreadable', path: [] })]);
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ schemaVersion: fc.constant('AgentCard.v1'), capabilities: fc.array(fc.jsonValue()) }),
          fc.jsonValue().map((v) => ({ ...verifiedTravelCard(), tools: v })),
        ),
        (input) => {
          const result = nooterraCardFormat.check(input as Record<string, unknown>, strict);
          expect(Array.isArray(result.errors)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('normalizeNooterraCard', () => {
  it('produces the stored form without touching the input', () => {
    const input = {
      ...verifiedTravelCard(),
      capabilities: [' travel.search ', 'capability://travel.booking@v2', '', 'travel.search'],
      tags: ['b', ' a', 'b', '   '],
      host: { runtime: 'node', endpoint: 'https://x.example', protocols: ['mcp', ' http', 'mcp'] },
      priceHint: { amountCents: 10, currency: 'eur' },
      attestations: [{ type: 'self' }],
      tools: [
        { toolId: 'z.tool', sideEffecting: false, pricing: { amountCents: 1, currency: 'gbp' } },
        {
          toolId: 'a.tool',
          riskClass: 'action',
          sideEffecting: true,
          requiresEvidenceKinds: ['hash', 'artifact', 'hash'],
        },
      ],
    } as unknown as NooterraAgentCard;
    const before = structuredClone(input);
    const out = normalizeNooterraCard(input);
    expect(input).toEqual(before);
    expect(out.capabilities).toEqual(['capability://travel.booking@v2', 'travel.search']);
    expect(out.tags).toEqual(['a', 'b']);
    expect(out.host?.protocols).toEqual(['http', 'mcp']);
    expect(out.priceHint).toEqual({ amountCents: 10, currency: 'EUR', unit: 'task' });
    expect(out.attestations).toEqual([{ type: 'self', level: 'self_claim' }]);
    expect(out.tools?.map((t) => t.toolId)).toEqual(['a.tool', 'z.tool']);
    expect(out.tools?.[0]).toMatchObject({
      schemaVersion: 'ToolDescriptor.v1',
      sideEffecting: true,
      requiresEvidenceKinds: ['artifact', 'hash'],
    });
    expect(out.tools?.[1]).toMatchObject({
      sideEffecting: false,
      requiresEvidenceKinds: [],
      pricing: { amountCents: 1, currency: 'GBP', unit: 'call' },
    });
    expect(nooterraCardFormat.check(out, strict).errors).toEqual([]);
  });

  it('lower-cases risk classes and evidence kinds and keeps only a literal true as side-effecting', () => {
    const card = {
      ...verifiedTravelCard(),
      tools: [
        {
          toolId: 't',
          riskClass: 'READ',
          sideEffecting: 'true',
          requiresEvidenceKinds: ['HASH', 'Artifact'],
        },
      ],
    } as unknown as NooterraAgentCard;
    expect(normalizeNooterraCard(card).tools?.[0]).toMatchObject({
      riskClass: 'read',
      sideEffecting: false,
      requiresEvidenceKinds: ['artifact', 'hash'],
    });
  });

  it('is idempotent', () => {
    const once = normalizeNooterraCard(verifiedTravelCard() as NooterraAgentCard);
    expect(normalizeNooterraCard(once)).toEqual(once);
  });
});

describe('nooterraCardFormat.toProfile', () => {
  it('maps a card with tools', () => {
    const { card, version } = nooterraCardFormat.check(verifiedTravelCard(), strict);
    const profile = nooterraCardFormat.toProfile(card, version);
    expect(AgentProfileSchema.parse(profile)).toEqual(profile);
    expect(profile).toEqual({
      id: 'agt_travel_1',
      name: 'Acme Travel Booker',
      description: 'Searches and books flights and hotels.',
      version: '3',
      endpoints: [{ url: 'https://agents.acme.example/travel', binding: 'mcp', protocolVersion: '' }],
      skills: [
        {
          id: 'travel.book_flight',
          name: 'Book flight',
          description: 'Books a flight and charges the traveller.',
          tags: [
            'risk:financial',
            'side-effecting',
            'mcp:book_flight',
            'evidence:execution_attestation',
            'evidence:verification_report',
          ],
          inputModes: [],
          outputModes: [],
        },
        {
          id: 'travel.search_flights',
          name: 'search_flights',
          description: '',
          tags: ['risk:read', 'mcp:search_flights'],
          inputModes: [],
          outputModes: [],
        },
      ],
      auth: { required: false, schemes: [], requirements: [] },
      cap: null,
      pricing: { amountCents: 250, currency: 'USD', unit: 'task' },
      capabilities: { streaming: false, pushNotifications: false, extendedCard: false },
      source: { format: 'nooterra', version: 'AgentCard.v1' },
    });
  });

  it('lists capabilities as skills when there are no tools, and needs auth for non-public cards', () => {
    const card = {
      ...minimalTenantCard(),
      capabilities: ['travel.search', 'capability://travel.booking'],
      host: { endpoint: 'http://localhost:8080/agent', protocols: [] },
      priceHint: { amountCents: 0, currency: 'eur', unit: null },
    };
    const checked = nooterraCardFormat.check(card, strict);
    expect(checked.errors).toEqual([]);
    const profile = nooterraCardFormat.toProfile(checked.card, checked.version);
    expect(AgentProfileSchema.parse(profile)).toEqual(profile);
    expect(profile.skills.map((s) => [s.id, s.tags])).toEqual([
      ['travel.search', ['nooterra:capability']],
      ['capability://travel.booking', ['nooterra:capability']],
    ]);
    expect(profile.endpoints).toEqual([
      { url: 'http://localhost:8080/agent', binding: 'http', protocolVersion: '' },
    ]);
    expect(profile.auth.required).toBe(true);
    expect(profile.pricing).toEqual({ amountCents: 0, currency: 'EUR', unit: 'task' });
    expect(profile.version).toBe('0');
    expect(profile.description).toBe('');
  });

  it('has no endpoints or pricing when the card declares none', () => {
    const checked = nooterraCardFormat.check(minimalTenantCard(), strict);
    const profile = nooterraCardFormat.toProfile(checked.card, checked.version);
    expect(profile.endpoints).toEqual([]);
    expect(profile.pricing).toBeNull();
    expect(profile.skills).toEqual([]);
  });
});
