import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  A2A_CARD_SCHEMAS,
  type A2AAgentCard,
  A2ACardV03Schema,
  CapExtensionParamsSchema,
  isA2ACardOfVersion,
} from './a2a-card-schema.js';
import { checkA2ACard } from './check-a2a-card.js';

describe('A2A card schemas', () => {
  it.each(Object.entries(A2A_CARD_SCHEMAS))(
    'z.toJSONSchema works on the %s card schema',
    (_version, schema) => {
      const json = z.toJSONSchema(schema) as { type?: string; properties?: Record<string, unknown> };
      expect(json.type).toBe('object');
      expect(json.properties).toHaveProperty('skills');
      expect(json.properties).toHaveProperty('capabilities');
    },
  );

  it('z.toJSONSchema works on the CAP params schema', () => {
    expect(z.toJSONSchema(CapExtensionParamsSchema)).toMatchObject({
      type: 'object',
      properties: { 'search-query-modes': { type: 'array' } },
    });
  });

  it('loose objects keep unknown fields at every level', () => {
    const parsed = A2ACardV03Schema.parse({
      name: 'n',
      description: 'd',
      url: 'https://a.example',
      version: '1',
      capabilities: { extensions: [{ uri: 'u', extra: 1 }], extra: 2 },
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [{ id: 's', name: 's', description: 'd', tags: [], extra: 3 }],
      extra: 4,
    });
    expect(parsed.extra).toBe(4);
    expect(parsed.capabilities.extra).toBe(2);
    expect(parsed.capabilities.extensions?.[0]?.['extra']).toBe(1);
    expect(parsed.skills[0]?.['extra']).toBe(3);
  });

  it('isA2ACardOfVersion narrows with the version check() reported', () => {
    const result = checkA2ACard({
      name: 'n',
      description: 'd',
      supportedInterfaces: [{ url: 'https://a.example', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      version: '1',
      capabilities: {},
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
    });
    const card: A2AAgentCard = result.card;
    if (isA2ACardOfVersion(card, result.version, '1.0')) {
      expect(card.supportedInterfaces[0]?.protocolBinding).toBe('JSONRPC');
    } else {
      expect.unreachable('expected a 1.0 card');
    }
    expect(isA2ACardOfVersion(card, result.version, '0.3')).toBe(false);
  });
});
