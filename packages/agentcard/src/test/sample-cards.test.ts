import { describe, expect, it } from 'vitest';
import { parseAgentCard } from '../index.js';
import { sampleCapMerchantCard, sampleIetfCard, sampleNooterraCard } from './index.js';

describe('sample cards', () => {
  it('are valid in strict mode, with no warnings, in every format and dialect', () => {
    for (const [card, format, version] of [
      [sampleCapMerchantCard(), 'a2a', '0.3'],
      [sampleCapMerchantCard({ protocolVersion: '1.0' }), 'a2a', '1.0'],
      [sampleCapMerchantCard({ protocolVersion: 'hybrid' }), 'a2a', 'hybrid'],
      [sampleIetfCard(), 'ietf', 'draft-aevum-agentcard-00'],
      [sampleNooterraCard(), 'nooterra', 'AgentCard.v1'],
    ] as const) {
      const parsed = parseAgentCard(card);
      expect(parsed.format).toBe(format);
      expect(parsed.version).toBe(version);
      expect(parsed.warnings).toEqual([]);
    }
  });

  it('describe a CAP merchant whose public skills are search, get and preferences', () => {
    const { profile } = parseAgentCard(sampleCapMerchantCard({ url: 'https://a.example/rpc' }));
    expect(profile.endpoints[0]?.url).toBe('https://a.example/rpc');
    expect(profile.cap).toEqual({
      supported: true,
      queryModes: ['keyword', 'phrase'],
      skills: [
        'cap:product_search',
        'cap:product_get',
        'cap:cart_manage',
        'cap:order_status',
        'cap:user_preferences_set',
      ],
      publicSkills: ['cap:product_search', 'cap:product_get', 'cap:user_preferences_set'],
      required: false,
    });
  });

  it('return fresh objects', () => {
    const a = sampleCapMerchantCard();
    a.name = 'changed';
    expect(sampleCapMerchantCard().name).toBe('Sample Shop');
  });
});
