import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from './nooterra-card-schema.js';
import {
  AGENT_CARD_STREAM_EVENT_NAMES,
  AgentCardDiscoveryResultSchema,
  AgentCardStreamErrorSchema,
  AgentCardStreamEventSchema,
  AgentCardStreamReadySchema,
  NooterraAgentCardSchema,
  ToolDescriptorSchema,
} from './nooterra-card-schema.js';

const card = {
  schemaVersion: 'AgentCard.v1',
  agentId: 'agt_td_order_a_1',
  tenantId: 'tenant_default',
  displayName: 'Order A',
  description: null,
  status: 'active',
  visibility: 'public',
  capabilities: ['travel.booking'],
  host: { runtime: 'node', endpoint: 'https://a.example/agent', protocols: ['http'] },
  priceHint: null,
  attestations: [],
  tools: [
    { schemaVersion: 'ToolDescriptor.v1', toolId: 'book', sideEffecting: true, requiresEvidenceKinds: [] },
  ],
  tags: [],
  metadata: null,
  identityRef: { schemaVersion: 'AgentIdentity.v1', keyId: null },
  createdAt: '2026-02-28T00:00:00.000Z',
  updatedAt: '2026-02-28T00:00:00.000Z',
  revision: 0,
};

describe('nooterra schemas', () => {
  const exported: [string, z.ZodType][] = [];
  for (const [name, value] of Object.entries(schemas) as [string, unknown][]) {
    if (value instanceof z.ZodType) exported.push([name, value]);
  }

  it('exports the schemas the discovery package needs', () => {
    expect(exported.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'NooterraAgentCardSchema',
        'ToolDescriptorSchema',
        'AgentCardDiscoveryResultSchema',
        'AgentCardStreamEventSchema',
        'AgentCardStreamUpsertSchema',
        'AgentCardStreamRemovedSchema',
        'AgentCardStreamErrorSchema',
      ]),
    );
  });

  it.each(exported)('%s converts to JSON Schema', (_name, schema) => {
    for (const io of ['input', 'output'] as const) {
      const json = z.toJSONSchema(schema, { io });
      expect(json).toBeTypeOf('object');
      expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    }
  });

  it('keeps unknown card fields open in JSON Schema', () => {
    const json = z.toJSONSchema(NooterraAgentCardSchema) as {
      additionalProperties?: unknown;
      required?: string[];
    };
    expect(json.additionalProperties).not.toBe(false);
    expect(json.required).toEqual(
      expect.arrayContaining([
        'schemaVersion',
        'agentId',
        'tenantId',
        'capabilities',
        'createdAt',
        'revision',
      ]),
    );
  });

  it('accepts a tool with only a toolId and rejects a foreign schemaVersion', () => {
    expect(ToolDescriptorSchema.safeParse({ toolId: 't' }).success).toBe(true);
    expect(ToolDescriptorSchema.safeParse({ toolId: 't', schemaVersion: 'ToolDescriptor.v2' }).success).toBe(
      false,
    );
    expect(ToolDescriptorSchema.safeParse({ toolId: '  ' }).success).toBe(false);
    expect(ToolDescriptorSchema.safeParse({ toolId: 't', pricing: { amountCents: 2 ** 53 } }).success).toBe(
      false,
    );
  });

  it('parses an AgentCardDiscoveryResult.v1 body', () => {
    const body = {
      ok: true,
      schemaVersion: 'AgentCardDiscoveryResult.v1',
      scope: 'public',
      reputationVersion: 'v2',
      reputationWindow: '30d',
      scoreStrategy: 'balanced',
      total: 2,
      limit: 50,
      offset: 0,
      results: [
        {
          rank: 1,
          rankingScore: 87.5,
          riskTier: 'low',
          agentCard: card,
          reputation: { trustScore: 90 },
          capabilityAttestation: null,
          routingFactors: null,
        },
      ],
      excludedAttestationCandidates: [
        {
          agentId: 'agt_td_plain_subject_1',
          capability: 'travel.booking',
          reasonCode: 'CAPABILITY_ATTESTATION_MISSING',
        },
      ],
    };
    const parsed = AgentCardDiscoveryResultSchema.parse(body);
    expect(parsed.results[0]?.agentCard.agentId).toBe('agt_td_order_a_1');
    expect(
      AgentCardDiscoveryResultSchema.safeParse({ ...body, results: [{ ...body.results[0], rank: 0 }] })
        .success,
    ).toBe(false);
    expect(AgentCardDiscoveryResultSchema.safeParse({ ...body, scope: 'global' }).success).toBe(false);
  });

  it('parses the stream events', () => {
    const upsert = AgentCardStreamEventSchema.parse({
      schemaVersion: 'AgentCardStreamEvent.v1',
      type: 'AGENT_CARD_UPSERT',
      scope: 'public',
      cursor: '2026-02-28T00%3A00%3A00.000Z|tenant_default|agt_td_order_a_1',
      updatedAt: card.updatedAt,
      tenantId: card.tenantId,
      agentId: card.agentId,
      agentCard: card,
    });
    expect(upsert.type).toBe('AGENT_CARD_UPSERT');
    const removed = AgentCardStreamEventSchema.parse({
      schemaVersion: 'AgentCardStreamEvent.v1',
      type: 'AGENT_CARD_REMOVED',
      scope: 'public',
      cursor: 'c2',
      removedAt: '2026-02-28T00:00:00.001Z',
      tenantId: card.tenantId,
      agentId: card.agentId,
      reasonCode: 'NO_LONGER_VISIBLE',
    });
    expect(removed.type === 'AGENT_CARD_REMOVED' && removed.reasonCode).toBe('NO_LONGER_VISIBLE');
    expect(AgentCardStreamEventSchema.safeParse({ ...removed, type: 'AGENT_CARD_UPSERT' }).success).toBe(
      false,
    );
    expect(
      AgentCardStreamErrorSchema.parse({
        ok: false,
        code: 'PUBLIC_AGENT_CARD_STREAM_READ_FAILED',
        message: 'x',
      }).code,
    ).toBe('PUBLIC_AGENT_CARD_STREAM_READ_FAILED');
    expect(
      AgentCardStreamReadySchema.parse({ ok: true, scope: 'public', sinceCursor: null, query: {} }).ok,
    ).toBe(true);
    expect(Object.values(AGENT_CARD_STREAM_EVENT_NAMES)).toEqual([
      'agent_cards.ready',
      'agent_card.upsert',
      'agent_card.removed',
      'agent_cards.error',
    ]);
  });
});
