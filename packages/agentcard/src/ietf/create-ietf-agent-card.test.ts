import { describe, expect, it } from 'vitest';
import { AgentProfileSchema } from '../agent-profile.js';
import { CardValidationError, isCardValidationError } from '../errors.js';
import { decodeUlidTime, isUlid } from '../ulid.js';
import { ietfCardFormat } from './check-ietf-card.js';
import { createIetfAgentCard } from './create-ietf-agent-card.js';

const minimal = {
  name: 'Summariser',
  capabilities: [{ id: 'text.summarise', description: 'Summarise text' }],
  endpoint: { protocol: 'https' as const, url: 'https://agents.example/summarise' },
};

describe('createIetfAgentCard', () => {
  it('fills in a fresh ULID and version 1.0.0', () => {
    const before = Date.now();
    const card = createIetfAgentCard(minimal);
    expect(isUlid(card.agent_id)).toBe(true);
    expect(decodeUlidTime(card.agent_id)).toBeGreaterThanOrEqual(before);
    expect(decodeUlidTime(card.agent_id)).toBeLessThanOrEqual(Date.now());
    expect(card).toEqual({
      agent_id: card.agent_id,
      name: 'Summariser',
      version: '1.0.0',
      capabilities: [{ id: 'text.summarise', description: 'Summarise text' }],
      endpoint: { protocol: 'https', url: 'https://agents.example/summarise' },
    });
    expect(createIetfAgentCard(minimal).agent_id).not.toBe(card.agent_id);
  });

  it('writes every option under the draft field names', () => {
    const card = createIetfAgentCard({
      name: 'ResearchAnalyst',
      version: '1.2.0',
      agentId: '01HZQK3P8EMXR9V7T5N2W4J6C0',
      capabilities: [
        {
          id: 'text.summarise',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object' },
          tags: ['nlp'],
        },
      ],
      endpoint: { protocol: 'http', url: 'http://a.example', auth: { scheme: 'api_key', header: 'X-Key' } },
      pricing: { baseCostJoules: 2.854e-21, perTokenJoules: 0 },
      metadata: { 'pacr:trust_tier': 'basic', framework: 'crewai' },
      goalSubscriptions: [{ goalId: '01HZQK3P8EMXR9V7T5N2W4J6C1', description: 'Q3', priority: 0.8 }],
    });
    expect(card).toEqual({
      agent_id: '01HZQK3P8EMXR9V7T5N2W4J6C0',
      name: 'ResearchAnalyst',
      version: '1.2.0',
      capabilities: [
        {
          id: 'text.summarise',
          input_schema: { type: 'object' },
          output_schema: { type: 'object' },
          tags: ['nlp'],
        },
      ],
      endpoint: { protocol: 'http', url: 'http://a.example', auth: { scheme: 'api_key', header: 'X-Key' } },
      pricing: { base_cost_joules: 2.854e-21, per_token_joules: 0 },
      metadata: { 'pacr:trust_tier': 'basic', framework: 'crewai' },
      goal_subscriptions: [{ goal_id: '01HZQK3P8EMXR9V7T5N2W4J6C1', description: 'Q3', priority: 0.8 }],
    });
    const check = ietfCardFormat.check(card, { strict: true });
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
    expect(AgentProfileSchema.parse(ietfCardFormat.toProfile(card, check.version)).auth.schemes).toEqual([
      { id: 'api_key', type: 'apiKey', in: 'header', name: 'X-Key' },
    ]);
  });

  it('throws a CardValidationError listing every problem in the options', () => {
    let caught: unknown;
    try {
      createIetfAgentCard({
        name: '',
        version: 'v1',
        capabilities: [{ id: 'Bad' }, { id: 'ok' }],
        endpoint: { protocol: 'https', url: 'http://a.example' },
        pricing: { baseCostJoules: 1e-30 },
        goalSubscriptions: [{ goalId: 'g', priority: 2 }],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CardValidationError);
    if (!isCardValidationError(caught)) throw new Error('expected a CardValidationError');
    expect(caught.format).toBe('ietf');
    expect(caught.issues.map((i) => i.rule)).toEqual([
      'ietf-agentcard/2.2',
      'ietf-agentcard/2',
      'ietf-agentcard/4',
      'ietf-agentcard/2.5.2',
      'ietf-agentcard/7',
      'ietf-agentcard/2.8',
    ]);
  });

  it('refuses an agentId that is no real ULID, and an empty capability list', () => {
    expect(() => createIetfAgentCard({ ...minimal, agentId: '8ZZZZZZZZZZZZZZZZZZZZZZZZZ' })).toThrow(
      /ulid-range/,
    );
    expect(() => createIetfAgentCard({ ...minimal, capabilities: [] })).toThrow(/ietf-agentcard\/3/);
  });

  it('does not share arrays or objects with the options', () => {
    const tags = ['a'];
    const metadata = { framework: 'x' };
    const card = createIetfAgentCard({ ...minimal, capabilities: [{ id: 'a', tags }], metadata });
    tags.push('b');
    metadata.framework = 'y';
    expect(card.capabilities[0]?.tags).toEqual(['a']);
    expect(card.metadata?.['framework']).toBe('x');
  });
});
