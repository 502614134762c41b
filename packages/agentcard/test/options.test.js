// Plain JavaScript on purpose: these calls are what an untyped caller can write, and no TypeScript type may
// stop them before the SDK's own checks do.
import { invalidOption } from '@agentweb/core/test';
import { describe, expect, it } from 'vitest';
import { createA2ACard, createCapSkill, createIetfAgentCard } from '../src/index.js';

const card = {
  name: 'Shop',
  description: 'A shop',
  url: 'https://shop.test/a2a',
  version: '1.0.0',
  skills: [createCapSkill({ skill: 'product_search', public: true })],
};

describe('card builders', () => {
  it.each([
    ['createA2ACard', () => createA2ACard(), 'options'],
    ['createA2ACard', () => createA2ACard({ ...card, skills: undefined }), 'skills'],
    ['createA2ACard', () => createA2ACard({ ...card, skills: 'cap:product_search' }), 'skills'],
    ['createA2ACard', () => createA2ACard({ ...card, extensions: { uri: 'x' } }), 'extensions'],
    ['createA2ACard', () => createA2ACard({ ...card, protocolVersion: '0.2' }), 'protocolVersion'],
    ['createCapSkill', () => createCapSkill({}), 'skill'],
    ['createCapSkill', () => createCapSkill({ skill: 5 }), 'skill'],
    ['createCapSkill', () => createCapSkill({ skill: 'product_get', tags: 'auth:public' }), 'tags'],
    ['createIetfAgentCard', () => createIetfAgentCard({ name: 'A', endpoint: {} }), 'capabilities'],
    [
      'createIetfAgentCard',
      () => createIetfAgentCard({ name: 'A', capabilities: [], endpoint: 'x' }),
      'endpoint',
    ],
    [
      'createIetfAgentCard',
      () => createIetfAgentCard({ name: 'A', capabilities: [], endpoint: {}, goalSubscriptions: {} }),
      'goalSubscriptions',
    ],
  ])('%s refuses a missing or wrong option', (callee, call, option) => {
    expect(call).toThrow(expect.objectContaining(invalidOption(callee, option)));
  });

  it('leaves field values to the card validation, which names the field', () => {
    expect(() => createA2ACard({ ...card, url: 'relative/path' })).toThrow(
      expect.objectContaining({ name: 'CardValidationError' }),
    );
    expect(createA2ACard(card).skills[0].id).toBe('cap:product_search');
  });
});
