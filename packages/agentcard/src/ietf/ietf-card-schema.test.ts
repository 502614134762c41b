import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countCodePoints, IetfAgentCardSchema, urlSuitsProtocol } from './ietf-card-schema.js';

const card = {
  agent_id: '01HZQK3P8EMXR9V7T5N2W4J6C0',
  name: 'ResearchAnalyst',
  version: '1.2.0',
  capabilities: [{ id: 'text.summarise', input_schema: { type: 'object' }, tags: ['a'] }],
  endpoint: { protocol: 'https', url: 'https://agents.example.com/a', auth: { scheme: 'bearer' } },
  pricing: { base_cost_joules: 2.854e-21, per_token_joules: 1.4e-24 },
  metadata: { 'pacr:trust_tier': 'established' },
  goal_subscriptions: [{ goal_id: 'g1', priority: 0.8 }],
};

type JsonNode = { [key: string]: unknown };

/** Every schema node that describes an object property, found by walking `properties`. */
function propertyNodes(node: unknown, path = '$'): [string, JsonNode][] {
  if (typeof node !== 'object' || node === null) return [];
  const out: [string, JsonNode][] = [];
  const record = node as JsonNode;
  const properties = record['properties'];
  if (typeof properties === 'object' && properties !== null) {
    for (const [key, child] of Object.entries(properties)) {
      out.push([`${path}.${key}`, child as JsonNode]);
    }
  }
  for (const [key, child] of Object.entries(record)) {
    if (!Array.isArray(child)) {
      out.push(...propertyNodes(child, `${path}.${key}`));
      continue;
    }
    child.forEach((c: unknown, i) => {
      out.push(...propertyNodes(c, `${path}.${key}[${i}]`));
    });
  }
  return out;
}

describe('IetfAgentCardSchema', () => {
  it('parses a valid card and keeps unknown fields at every level', () => {
    const withExtras = {
      ...card,
      x_top: 1,
      capabilities: [{ id: 'a', x_cap: true }],
      endpoint: { ...card.endpoint, x_ep: 'y', auth: { scheme: 'bearer', x_auth: 1 } },
      pricing: { base_cost_joules: 0, x_price: 2 },
      metadata: { 'vendor:thing': [1] },
      goal_subscriptions: [{ goal_id: 'g', x_goal: 1 }],
    };
    expect(IetfAgentCardSchema.parse(withExtras)).toEqual(withExtras);
  });

  it('rejects what the draft forbids', () => {
    const bad: Record<string, unknown>[] = [
      { agent_id: '01HZQK3P8EMXR9V7T5N2W4J6C' },
      { version: '1.0' },
      { capabilities: [] },
      { capabilities: [{ id: 'Bad' }] },
      { endpoint: { protocol: 'ftp', url: 'ftp://a' } },
      { endpoint: { protocol: 'https', url: 'not a uri' } },
      { endpoint: { protocol: 'https', url: 'http://a.example' } },
      { pricing: { base_cost_joules: 1e-30 } },
      { pricing: { per_token_joules: -1 } },
      { metadata: { 'pacr:trust_tier': 'Verified' } },
      { name: '' },
      { name: '😀'.repeat(129) },
      { goal_subscriptions: [{ priority: 0.5 }] },
    ];
    for (const patch of bad) {
      expect(IetfAgentCardSchema.safeParse({ ...card, ...patch }).success, JSON.stringify(patch)).toBe(false);
    }
    expect(IetfAgentCardSchema.safeParse({ ...card, name: '😀'.repeat(128) }).success).toBe(true);
  });

  it('exports to JSON Schema with a description on every property', () => {
    const jsonSchema = z.toJSONSchema(IetfAgentCardSchema) as JsonNode;
    expect(jsonSchema['required']).toEqual(['agent_id', 'name', 'version', 'capabilities', 'endpoint']);
    expect(jsonSchema['additionalProperties']).toEqual({});
    const nodes = propertyNodes(jsonSchema);
    expect(nodes.length).toBeGreaterThan(20);
    for (const [path, node] of nodes) {
      expect(typeof node['description'], path).toBe('string');
    }
    const properties = jsonSchema['properties'] as Record<string, JsonNode>;
    expect(properties['name']).toMatchObject({ minLength: 1, maxLength: 128 });
    expect(properties['agent_id']?.['pattern']).toBe('^[0-9A-HJKMNP-TV-Z]{26}$');
  });
});

describe('helpers', () => {
  it('countCodePoints counts astral characters once', () => {
    expect(countCodePoints('😀a')).toBe(2);
    expect('😀a'.length).toBe(3);
  });

  it('urlSuitsProtocol follows the documented scheme table', () => {
    expect(urlSuitsProtocol('https', 'https://a')).toBe(true);
    expect(urlSuitsProtocol('https', 'http://a')).toBe(false);
    expect(urlSuitsProtocol('http', 'https://a')).toBe(true);
    expect(urlSuitsProtocol('grpc', 'grpcs://a')).toBe(true);
    expect(urlSuitsProtocol('grpc', 'mcp://a')).toBe(false);
    expect(urlSuitsProtocol('mcp', 'anything:x')).toBe(true);
    expect(urlSuitsProtocol('stdio', 'stdio:')).toBe(true);
  });
});
