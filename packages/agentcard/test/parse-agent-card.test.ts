import { describe, expect, it } from 'vitest';
import {
  AgentProfileSchema,
  CardValidationError,
  createA2ACard,
  createIetfAgentCard,
  isCardValidationError,
  parseAgentCard,
  safeParseAgentCard,
} from '../src/index.js';

describe('parseAgentCard', () => {
  const a2a = createA2ACard({
    name: 'Shoe Shop',
    description: 'Sells shoes',
    url: 'https://shoes.example/a2a',
    version: '2.1.0',
    skills: [
      { id: 'cap:product_search', name: 'Search', description: 'Search the catalog', tags: ['auth:public'] },
      { id: 'cap:cart_manage', name: 'Cart', description: 'Manage the cart', tags: [] },
    ],
    cap: { queryModes: ['keyword', 'phrase'] },
  });
  const ietf = createIetfAgentCard({
    name: 'Summariser',
    capabilities: [{ id: 'text.summarise', description: 'Summarise text' }],
    endpoint: { protocol: 'https', url: 'https://agents.example/summarise' },
  });
  const nooterra = {
    schemaVersion: 'AgentCard.v1',
    agentId: 'agt_travel_1',
    tenantId: 'tenant_a',
    displayName: 'Travel Booker',
    status: 'active',
    visibility: 'public',
    capabilities: ['capability://travel.booking@v2'],
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-02T00:00:00.000Z',
    revision: 1,
    host: { runtime: 'node', endpoint: 'https://travel.example/agent', protocols: ['mcp'] },
  };

  it('tells the three formats apart and normalizes each into a profile', () => {
    const fromA2A = parseAgentCard(a2a);
    expect(fromA2A.format).toBe('a2a');
    expect(fromA2A.profile.endpoints[0]?.url).toBe('https://shoes.example/a2a');
    expect(fromA2A.profile.cap).toMatchObject({
      supported: true,
      queryModes: ['keyword', 'phrase'],
      publicSkills: ['cap:product_search'],
    });

    const fromIetf = parseAgentCard(JSON.stringify(ietf));
    expect(fromIetf.format).toBe('ietf');
    expect(fromIetf.profile.id).toBe(ietf.agent_id);
    expect(fromIetf.profile.skills.map((s) => s.id)).toEqual(['text.summarise']);

    const fromNooterra = parseAgentCard(nooterra);
    expect(fromNooterra.format).toBe('nooterra');
    expect(fromNooterra.version).toBe('AgentCard.v1');
    expect(fromNooterra.profile.id).toBe('agt_travel_1');
    expect(fromNooterra.profile.name).toBe('Travel Booker');

    for (const parsed of [fromA2A, fromIetf, fromNooterra]) {
      expect(AgentProfileSchema.parse(parsed.profile)).toEqual(parsed.profile);
      expect(parsed.profile.source).toEqual({ format: parsed.format, version: parsed.version });
    }
  });

  it('accepts the IETF embedded-JSON-string form', () => {
    const embedded = JSON.stringify(JSON.stringify(ietf));
    expect(parseAgentCard(embedded).profile.id).toBe(ietf.agent_id);
  });

  it('reads a card as the format the caller names, and reports every problem', () => {
    const result = safeParseAgentCard(
      {
        ...ietf,
        agent_id: 'not-a-ulid',
        version: 'v1',
        capabilities: [{ id: 'Bad Id' }, { id: 'ok.id' }, {}],
      },
      { format: 'ietf' },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.format).toBe('ietf');
    const rules = result.issues.map((i) => i.rule);
    expect(rules).toContain('ietf-agentcard/1');
    expect(rules).toContain('ietf-agentcard/2');
    expect(result.issues.filter((i) => i.rule === 'ietf-agentcard/4').map((i) => i.path)).toEqual([
      ['capabilities', 0, 'id'],
      ['capabilities', 2, 'id'],
    ]);
    // Naming the wrong format gives that format's errors, not a guess.
    const asNooterra = safeParseAgentCard(ietf, { format: 'nooterra' });
    expect(asNooterra.ok).toBe(false);
  });

  it('throws a CardValidationError whose message names the rule and the path', () => {
    let caught: unknown;
    try {
      parseAgentCard({ ...ietf, endpoint: { protocol: 'ftp', url: 'ftp://x' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CardValidationError);
    expect(isCardValidationError(caught)).toBe(true);
    if (!isCardValidationError(caught)) return;
    expect(caught.code).toBe('CARD_VALIDATION_FAILED');
    expect(caught.format).toBe('ietf');
    expect(caught.issues.map((i) => i.rule)).toContain('ietf-agentcard/5');
    expect(caught.message).toContain('ietf-agentcard/5 at endpoint.protocol');
  });

  it('strict: false turns IETF section 2 MUSTs into warnings', () => {
    const longName = 'n'.repeat(129);
    expect(safeParseAgentCard({ ...ietf, name: longName }).ok).toBe(false);
    const lenient = parseAgentCard({ ...ietf, name: longName }, { strict: false });
    expect(lenient.warnings.map((w) => w.rule)).toContain('ietf-agentcard/2.2');
  });
});
