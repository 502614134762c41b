import { isAgentWebError } from '@agentweb/core';
import { describe, expect, it } from 'vitest';
import { isCardValidationError } from '../errors.js';
import { AUTH_PUBLIC_TAG, CAP_EXTENSION_URI } from './a2a-card-schema.js';
import { a2aCardToProfile } from './a2a-card-to-profile.js';
import { checkA2ACard } from './check-a2a-card.js';
import { type CreateA2ACardOptions, createA2ACard, createCapSkill } from './create-a2a-card.js';

const base: CreateA2ACardOptions = {
  name: 'Harbor Table',
  description: 'Restaurant supplies merchant',
  url: 'https://harbor.example/a2a',
  version: '3.1.0',
  skills: [
    createCapSkill({ skill: 'product_search', public: true }),
    createCapSkill({ skill: 'cap:cart_manage', security: [{ oauth: ['cart'] }] }),
  ],
  cap: { queryModes: ['keyword', 'phrase'], required: false },
  securitySchemes: {
    oauth: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://id.harbor.example/authorize',
          tokenUrl: 'https://id.harbor.example/token',
          scopes: { cart: 'Manage the cart' },
          pkceRequired: true,
        },
      },
    },
    bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
  },
  security: [{ bearer: [] }, { oauth: ['cart'] }],
  additionalInterfaces: [{ url: 'https://harbor.example/rest', transport: 'HTTP+JSON' }],
  streaming: true,
  extendedCard: true,
};

describe('createA2ACard', () => {
  it('emits a 0.3.0 card by default that passes our check with no warnings', () => {
    const card = createA2ACard(base);
    const result = checkA2ACard(card);
    expect(result.version).toBe('0.3');
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(card.protocolVersion).toBe('0.3.0');
    expect(card.preferredTransport).toBe('JSONRPC');
    expect(card.supportsAuthenticatedExtendedCard).toBe(true);
    expect(card.capabilities.extensions?.[0]).toEqual({
      uri: CAP_EXTENSION_URI,
      description: 'Extension for Commerce Agent Protocol (CAP) support',
      required: false,
      params: { 'search-query-modes': ['keyword', 'phrase'] },
    });
    // pkceRequired is 1.0-only.
    expect(JSON.stringify(card.securitySchemes)).not.toContain('pkceRequired');
  });

  it('emits a 1.0 card', () => {
    const card = createA2ACard({ ...base, protocolVersion: '1.0', tenant: 'harbor' });
    const result = checkA2ACard(card);
    expect(result.version).toBe('1.0');
    expect(result.errors).toEqual([]);
    expect(card.supportedInterfaces).toEqual([
      {
        url: 'https://harbor.example/a2a',
        protocolBinding: 'JSONRPC',
        protocolVersion: '1.0',
        tenant: 'harbor',
      },
      { url: 'https://harbor.example/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ]);
    expect(card).not.toHaveProperty('url');
    expect(card.securitySchemes?.['bearer']).toEqual({
      httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' },
    });
    expect(card.securityRequirements).toEqual([
      { schemes: { bearer: { list: [] } } },
      { schemes: { oauth: { list: ['cart'] } } },
    ]);
    expect(card.capabilities.extendedAgentCard).toBe(true);
  });

  it('emits a hybrid card readable as both versions', () => {
    const card = createA2ACard({ ...base, protocolVersion: 'hybrid' });
    const result = checkA2ACard(card);
    expect(result.version).toBe('hybrid');
    expect(result.errors).toEqual([]);
    const profile = a2aCardToProfile(result.card, result.version);
    expect(profile.endpoints.map((e) => `${e.binding} ${e.protocolVersion} ${e.url}`)).toEqual([
      'JSONRPC 1.0 https://harbor.example/a2a',
      'HTTP+JSON 1.0 https://harbor.example/rest',
      'JSONRPC 0.3 https://harbor.example/a2a',
      'HTTP+JSON 0.3 https://harbor.example/rest',
    ]);
  });

  it.each(['0.3.0', '1.0', 'hybrid'] as const)(
    '%s profile carries the options through',
    (protocolVersion) => {
      const card = createA2ACard({ ...base, protocolVersion });
      const result = checkA2ACard(card);
      const p = a2aCardToProfile(result.card, result.version);
      expect(p.name).toBe('Harbor Table');
      expect(p.id).toBe('https://harbor.example/a2a');
      expect(p.cap).toEqual({
        supported: true,
        queryModes: ['keyword', 'phrase'],
        skills: ['cap:product_search', 'cap:cart_manage'],
        publicSkills: ['cap:product_search'],
        required: false,
      });
      expect(p.auth.required).toBe(true);
      expect(p.auth.requirements).toEqual([['bearer'], ['oauth']]);
      expect(p.auth.schemes.map((s) => s.type)).toEqual(['oauth2', 'bearer']);
      expect(p.skills[1]?.security).toEqual([['oauth']]);
      expect(p.capabilities).toEqual({ streaming: true, pushNotifications: false, extendedCard: true });
    },
  );

  it('throws CardValidationError for options that make an invalid card', () => {
    expect.assertions(2);
    try {
      createA2ACard({ ...base, url: '/relative', security: [{ ghost: [] }] });
    } catch (error) {
      expect(isCardValidationError(error)).toBe(true);
      // The main url is reported where it appears: `url` and its copy in additionalInterfaces.
      expect((error as { issues: { rule: string }[] }).issues.map((i) => i.rule)).toEqual([
        'a2a/url-absolute',
        'a2a/url-absolute',
        'a2a/security-undefined-scheme',
      ]);
    }
  });

  it('refuses the 1.0-only deviceCode flow on a 0.3 card', () => {
    const options: CreateA2ACardOptions = {
      ...base,
      securitySchemes: {
        device: {
          type: 'oauth2',
          flows: {
            deviceCode: {
              deviceAuthorizationUrl: 'https://id.example/d',
              tokenUrl: 'https://id.example/t',
              scopes: {},
            },
          },
        },
      },
      security: undefined,
      skills: [],
      cap: undefined,
    };
    expect(() => createA2ACard(options)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    try {
      createA2ACard(options);
    } catch (error) {
      expect(isAgentWebError(error)).toBe(true);
    }
    expect(checkA2ACard(createA2ACard({ ...options, protocolVersion: '1.0' })).errors).toEqual([]);
  });

  it('a minimal card without CAP or security', () => {
    const card = createA2ACard({
      name: 'n',
      description: 'd',
      url: 'https://a.example',
      version: '1',
      skills: [],
    });
    expect(card.capabilities).toEqual({ streaming: false, pushNotifications: false });
    expect(card).not.toHaveProperty('securitySchemes');
    expect(a2aCardToProfile(card, '0.3').cap).toBeNull();
  });
});

describe('createCapSkill', () => {
  it('prefixes the id, tags public skills, and uses JSON modes', () => {
    expect(createCapSkill({ skill: 'product_get', public: true, tags: ['catalog'] })).toEqual({
      id: 'cap:product_get',
      name: 'cap:product_get',
      description: 'CAP skill cap:product_get',
      tags: ['catalog', AUTH_PUBLIC_TAG],
      inputModes: ['application/json'],
      outputModes: ['application/json'],
    });
  });
});
