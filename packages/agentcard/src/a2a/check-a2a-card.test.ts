import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentProfileSchema, type AuthScheme } from '../agent-profile.js';
import { AUTH_PUBLIC_TAG, CAP_EXTENSION_URI } from './a2a-card-schema.js';
import { a2aCardToProfile } from './a2a-card-to-profile.js';
import { a2aCardFormat, checkA2ACard } from './check-a2a-card.js';

const CAP_EXT = {
  uri: CAP_EXTENSION_URI,
  description: 'Extension for Commerce Agent Protocol (CAP) support',
  params: { 'search-query-modes': ['keyword', 'phrase'] },
};

/** CAP draft-01's own example, completed the way `agent.json`-era merchants publish it. */
function v02Card(): Record<string, unknown> {
  return {
    name: 'Example Merchant Agent',
    description: 'A merchant that supports CAP',
    url: 'https://api.example.com/a2a/v1',
    version: '1.0',
    authentication: { schemes: ['Bearer'] },
    capabilities: { extensions: [structuredClone(CAP_EXT)] },
    skills: [
      { id: 'cap:product_search', name: 'Product Search', description: 'Search', tags: [AUTH_PUBLIC_TAG] },
      { id: 'cap:cart_manage', name: 'Cart', description: 'Cart', tags: [] },
      { id: 'weather', name: 'Weather', description: 'Not CAP', tags: [AUTH_PUBLIC_TAG] },
    ],
  };
}

function v03Card(): Record<string, unknown> {
  return {
    name: 'Northwind',
    description: 'Outdoor gear',
    url: 'https://shop.example/a2a/jsonrpc',
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3.0',
    additionalInterfaces: [
      { url: 'https://shop.example/a2a/jsonrpc', transport: 'JSONRPC' },
      { url: 'https://shop.example/a2a/rest', transport: 'HTTP+JSON' },
    ],
    version: '2.4.1',
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extensions: [{ ...structuredClone(CAP_EXT), required: true }],
    },
    securitySchemes: { bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' } },
    security: [{ bearer: [] }],
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json', 'text/plain'],
    skills: [
      {
        id: 'cap:product_get',
        name: 'Product Get',
        description: 'Get products',
        tags: [AUTH_PUBLIC_TAG],
        security: [{}],
      },
      {
        id: 'cap:order_status',
        name: 'Order Status',
        description: 'Orders',
        tags: [],
        outputModes: ['application/json'],
        security: [{ bearer: [] }],
      },
    ],
    supportsAuthenticatedExtendedCard: true,
  };
}

function v10Card(): Record<string, unknown> {
  return {
    name: 'Ledgerline',
    description: 'Banking agent',
    supportedInterfaces: [
      { url: 'https://bank.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
      {
        url: 'https://bank.example/rest',
        protocolBinding: 'HTTP+JSON',
        protocolVersion: '1.0',
        tenant: 'acme',
      },
      { url: 'https://bank.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    version: '1.0.0',
    capabilities: { streaming: false, pushNotifications: true, extensions: [], extendedAgentCard: true },
    securitySchemes: { key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } } },
    securityRequirements: [{ schemes: { key: { list: [] } } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'balance',
        name: 'Balance',
        description: 'Balance',
        tags: [],
        examples: [],
        inputModes: ['application/json'],
        securityRequirements: [{ schemes: { key: { list: ['read'] } } }],
      },
    ],
  };
}

function hybridCard(): Record<string, unknown> {
  return {
    ...v10Card(),
    url: 'https://bank.example/a2a',
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3',
    additionalInterfaces: [{ url: 'https://bank.example/legacy-rest', transport: 'HTTP+JSON' }],
    supportsAuthenticatedExtendedCard: false,
    capabilities: { streaming: false, pushNotifications: true, extensions: [] },
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    security: [{ key: [] }],
    securityRequirements: undefined,
    skills: [
      { id: 'balance', name: 'Balance', description: 'Balance', tags: [], security: [{ key: ['read'] }] },
    ],
  };
}

const strict = { strict: true };
const lenient = { strict: false };
const rules = (issues: { rule: string }[]) => issues.map((i) => i.rule);

describe('checkA2ACard: valid cards of every version', () => {
  it.each([
    ['0.2', v02Card],
    ['0.3', v03Card],
    ['1.0', v10Card],
    ['hybrid', hybridCard],
  ])('%s card passes with no errors', (version, make) => {
    const input = make();
    const result = a2aCardFormat.check(input, strict);
    expect(result.version).toBe(version);
    expect(result.errors).toEqual([]);
    expect(result.card).toBe(input);
    const profile = a2aCardFormat.toProfile(result.card, result.version);
    expect(AgentProfileSchema.safeParse(profile).success).toBe(true);
  });

  it('keeps unknown fields on the card', () => {
    const input = { ...v03Card(), 'x-vendor': { deep: [1] } };
    expect(checkA2ACard(input).card).toHaveProperty('x-vendor', { deep: [1] });
  });
});

describe('a2aCardToProfile', () => {
  it('0.2 CAP merchant: endpoint, legacy Bearer auth, CAP support', () => {
    const p = a2aCardToProfile(v02Card() as never, '0.2');
    expect(p.id).toBe('https://api.example.com/a2a/v1');
    expect(p.endpoints).toEqual([
      { url: 'https://api.example.com/a2a/v1', binding: 'JSONRPC', protocolVersion: '0.2' },
    ]);
    expect(p.auth).toEqual({
      required: true,
      schemes: [{ id: 'Bearer', type: 'bearer', scheme: 'Bearer' }],
      requirements: [['Bearer']],
    });
    expect(p.cap).toEqual({
      supported: true,
      queryModes: ['keyword', 'phrase'],
      skills: ['cap:product_search', 'cap:cart_manage'],
      publicSkills: ['cap:product_search'],
      required: false,
    });
    expect(p.skills[0]).toMatchObject({ inputModes: [], outputModes: [], tags: [AUTH_PUBLIC_TAG] });
    expect(p.source).toEqual({ format: 'a2a', version: '0.2' });
    expect(p.pricing).toBeNull();
  });

  it('0.2 card declaring its protocolVersion keeps it on the endpoint', () => {
    const p = a2aCardToProfile({ ...v02Card(), protocolVersion: '0.2.6' } as never, '0.2');
    expect(p.endpoints[0]?.protocolVersion).toBe('0.2.6');
  });

  it('0.3: url first with preferredTransport, then additionalInterfaces without duplicates', () => {
    const p = a2aCardToProfile(v03Card() as never, '0.3');
    expect(p.endpoints).toEqual([
      { url: 'https://shop.example/a2a/jsonrpc', binding: 'JSONRPC', protocolVersion: '0.3.0' },
      { url: 'https://shop.example/a2a/rest', binding: 'HTTP+JSON', protocolVersion: '0.3.0' },
    ]);
    expect(p.capabilities).toEqual({ streaming: true, pushNotifications: false, extendedCard: true });
    expect(p.cap?.required).toBe(true);
    expect(p.cap?.publicSkills).toEqual(['cap:product_get']);
    expect(p.skills[0]?.security).toEqual([[]]);
    expect(p.skills[1]).toMatchObject({
      inputModes: ['application/json'],
      outputModes: ['application/json'],
      security: [['bearer']],
    });
    expect(p.auth.required).toBe(true);
    expect(p.auth.requirements).toEqual([['bearer']]);
  });

  it('0.3 without preferredTransport or protocolVersion defaults to JSONRPC and 0.3.0', () => {
    const card = v03Card();
    delete card['preferredTransport'];
    delete card['protocolVersion'];
    delete card['additionalInterfaces'];
    expect(a2aCardToProfile(card as never, '0.3').endpoints).toEqual([
      { url: 'https://shop.example/a2a/jsonrpc', binding: 'JSONRPC', protocolVersion: '0.3.0' },
    ]);
  });

  it('1.0: supportedInterfaces order, binding, version and tenant ("" means none)', () => {
    const p = a2aCardToProfile(v10Card() as never, '1.0');
    expect(p.endpoints).toEqual([
      { url: 'https://bank.example/a2a', binding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://bank.example/rest', binding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 'acme' },
      { url: 'https://bank.example/a2a', binding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
    expect(p.id).toBe('https://bank.example/a2a');
    expect(p.capabilities).toEqual({ streaming: false, pushNotifications: true, extendedCard: true });
    expect(p.skills[0]).toMatchObject({
      inputModes: ['application/json'],
      outputModes: ['text/plain'],
      security: [['key']],
    });
    expect(p.cap).toBeNull();
  });

  it('hybrid: supportedInterfaces first, then 0.3 endpoints not already listed', () => {
    const p = a2aCardToProfile(hybridCard() as never, 'hybrid');
    expect(p.endpoints.map((e) => [e.url, e.binding, e.protocolVersion])).toEqual([
      ['https://bank.example/a2a', 'JSONRPC', '1.0'],
      ['https://bank.example/rest', 'HTTP+JSON', '1.0'],
      ['https://bank.example/a2a', 'JSONRPC', '0.3'],
      // The card's url (0.3 JSONRPC) is already listed above; only the extra legacy interface is new.
      ['https://bank.example/legacy-rest', 'HTTP+JSON', '0.3'],
    ]);
    expect(p.auth).toEqual({
      required: true,
      schemes: [{ id: 'key', type: 'apiKey', in: 'header', name: 'X-API-Key' }],
      requirements: [['key']],
    });
    expect(p.skills[0]?.security).toEqual([['key']]);
    expect(p.source.version).toBe('hybrid');
  });

  it('no CAP extension and no cap: skills gives cap null; cap: skills alone give supported false', () => {
    expect(a2aCardToProfile(v10Card() as never, '1.0').cap).toBeNull();
    const card = v02Card();
    card['capabilities'] = {};
    expect(a2aCardToProfile(card as never, '0.2').cap).toEqual({
      supported: false,
      queryModes: [],
      skills: ['cap:product_search', 'cap:cart_manage'],
      publicSkills: ['cap:product_search'],
      required: false,
    });
  });

  it('skills inheriting the default modes get their own arrays', () => {
    const skill = (id: string) => ({ id, name: id, description: id, tags: [] });
    const card = { ...v03Card(), skills: [skill('a'), skill('b')] };
    const p = a2aCardToProfile(card as never, '0.3');
    p.skills[0]?.inputModes.push('image/png');
    expect(p.skills[1]?.inputModes).toEqual(['application/json']);
    expect(p.skills[0]?.inputModes).not.toBe(p.skills[1]?.inputModes);
  });

  it('reads the CAP extension with a trailing slash and without params', () => {
    const card = v02Card();
    card['capabilities'] = { extensions: [{ uri: `${CAP_EXTENSION_URI}/` }] };
    expect(a2aCardToProfile(card as never, '0.2').cap).toMatchObject({ supported: true, queryModes: [] });
  });
});

describe('auth normalization', () => {
  const flows03 = {
    authorizationCode: {
      authorizationUrl: 'https://id.example/auth',
      tokenUrl: 'https://id.example/token',
      scopes: { cart: 'cart' },
    },
  };
  const schemes03 = {
    key: { type: 'apiKey', in: 'query', name: 'k', description: 'API key' },
    bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
    basic: { type: 'http', scheme: 'basic' },
    digest: { type: 'http', scheme: 'Digest' },
    oauth: { type: 'oauth2', flows: flows03, oauth2MetadataUrl: 'https://id.example/.well-known/oauth' },
    oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
    mtls: { type: 'mutualTLS' },
  };
  const schemes10 = {
    key: { apiKeySecurityScheme: { location: 'query', name: 'k', description: 'API key' } },
    bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
    basic: { httpAuthSecurityScheme: { scheme: 'basic' } },
    digest: { httpAuthSecurityScheme: { scheme: 'Digest' } },
    oauth: {
      oauth2SecurityScheme: { flows: flows03, oauth2MetadataUrl: 'https://id.example/.well-known/oauth' },
    },
    oidc: {
      openIdConnectSecurityScheme: {
        openIdConnectUrl: 'https://id.example/.well-known/openid-configuration',
      },
    },
    mtls: { mtlsSecurityScheme: {} },
  };
  const expected: AuthScheme[] = [
    { id: 'key', type: 'apiKey', in: 'query', name: 'k', description: 'API key' },
    { id: 'bearer', type: 'bearer', scheme: 'Bearer', bearerFormat: 'JWT' },
    { id: 'basic', type: 'basic', scheme: 'basic' },
    { id: 'digest', type: 'other', scheme: 'Digest' },
    {
      id: 'oauth',
      type: 'oauth2',
      flows: flows03,
      oauth2MetadataUrl: 'https://id.example/.well-known/oauth',
    },
    {
      id: 'oidc',
      type: 'openIdConnect',
      openIdConnectUrl: 'https://id.example/.well-known/openid-configuration',
    },
    { id: 'mtls', type: 'mutualTLS' },
  ];

  it('0.3 schemes of every kind', () => {
    const card = {
      ...v03Card(),
      securitySchemes: schemes03,
      security: [{ oauth: ['cart'], mtls: [] }, { key: [] }],
    };
    const result = checkA2ACard(card);
    expect(result.errors).toEqual([]);
    const p = a2aCardToProfile(result.card, result.version);
    expect(p.auth.schemes).toEqual(expected);
    expect(p.auth.requirements).toEqual([['oauth', 'mtls'], ['key']]);
    expect(p.auth.required).toBe(true);
  });

  it('1.0 schemes of every kind normalize the same way', () => {
    const card = {
      ...v10Card(),
      securitySchemes: schemes10,
      securityRequirements: [
        { schemes: { oauth: { list: ['cart'] }, mtls: {} } },
        { schemes: { key: { list: [] } } },
      ],
      skills: [],
    };
    const result = checkA2ACard(card);
    expect(result.errors).toEqual([]);
    const p = a2aCardToProfile(result.card, result.version);
    expect(p.auth.schemes).toEqual(expected);
    expect(p.auth.requirements).toEqual([['oauth', 'mtls'], ['key']]);
  });

  it('no requirements, or an empty alternative, means no credential is required', () => {
    const none = a2aCardToProfile({ ...v03Card(), security: undefined } as never, '0.3');
    expect(none.auth).toMatchObject({ required: false, requirements: [] });
    expect(none.auth.schemes).toHaveLength(1);
    const optional = a2aCardToProfile({ ...v03Card(), security: [{}, { bearer: [] }] } as never, '0.3');
    expect(optional.auth).toMatchObject({ required: false, requirements: [] });
  });

  it.each([
    ['Bearer', 'bearer'],
    ['basic', 'basic'],
    ['API-Key', 'apiKey'],
    ['OAuth2', 'oauth2'],
    ['OIDC', 'openIdConnect'],
    ['mTLS', 'mutualTLS'],
    ['Kerberos', 'other'],
  ])('0.2 authentication scheme %s is %s', (name, type) => {
    const p = a2aCardToProfile({ ...v02Card(), authentication: { schemes: [name] } } as never, '0.2');
    expect(p.auth).toEqual({
      required: true,
      schemes: [{ id: name, type, scheme: name }],
      requirements: [[name]],
    });
  });

  it('0.2 authentication naming a public scheme needs no credential; securitySchemes take precedence', () => {
    const open = a2aCardToProfile(
      { ...v02Card(), authentication: { schemes: ['Bearer', 'none'] } } as never,
      '0.2',
    );
    expect(open.auth.required).toBe(false);
    const mixed = a2aCardToProfile(
      {
        ...v02Card(),
        authentication: { schemes: ['Bearer'] },
        securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X' } },
        security: [{ key: [] }],
      } as never,
      '0.2',
    );
    expect(mixed.auth.schemes.map((s) => s.id)).toEqual(['key', 'Bearer']);
    expect(mixed.auth.requirements).toEqual([['key']]);
  });
});

describe('semantic rules', () => {
  it('a2a/endpoint-required when there is neither url nor supportedInterfaces', () => {
    const card = v03Card();
    delete card['url'];
    delete card['additionalInterfaces'];
    expect(rules(checkA2ACard(card).errors)).toContain('a2a/endpoint-required');
    expect(rules(checkA2ACard({ ...v10Card(), supportedInterfaces: [] }).errors)).toContain(
      'a2a/endpoint-required',
    );
  });

  it('a2a/url-absolute for relative and non-http endpoints, everywhere endpoints live', () => {
    const r03 = checkA2ACard({
      ...v03Card(),
      url: '/a2a',
      additionalInterfaces: [{ url: 'ftp://x.example/a', transport: 'JSONRPC' }],
    });
    expect(r03.errors.filter((i) => i.rule === 'a2a/url-absolute').map((i) => i.path)).toEqual([
      ['url'],
      ['additionalInterfaces', 0, 'url'],
    ]);
    const r10 = checkA2ACard({
      ...v10Card(),
      supportedInterfaces: [{ url: 'bank.example', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    });
    expect(r10.errors.map((i) => [i.rule, i.path])).toContainEqual([
      'a2a/url-absolute',
      ['supportedInterfaces', 0, 'url'],
    ]);
  });

  it('gRPC endpoints may be host:port', () => {
    const r = checkA2ACard({
      ...v10Card(),
      supportedInterfaces: [
        { url: 'grpc.bank.example:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
      ],
    });
    expect(r.errors).toEqual([]);
  });

  it('a2a/insecure-url warns on plain http except loopback', () => {
    expect(rules(checkA2ACard({ ...v02Card(), url: 'http://shop.example/a2a' }).warnings)).toContain(
      'a2a/insecure-url',
    );
    expect(rules(checkA2ACard({ ...v02Card(), url: 'http://127.0.0.1:4000/a2a' }).warnings)).not.toContain(
      'a2a/insecure-url',
    );
  });

  it('a2a/insecure-url is not fooled by a host name that merely starts with 127.', () => {
    expect(rules(checkA2ACard({ ...v02Card(), url: 'http://127.attacker.example/a2a' }).warnings)).toContain(
      'a2a/insecure-url',
    );
  });

  it('messages quote hostile values only briefly', () => {
    const long = `relative/${'x'.repeat(100_000)}`;
    const r = checkA2ACard({
      ...v03Card(),
      url: long,
      preferredTransport: long,
      documentationUrl: long,
      protocolVersion: long,
    });
    const all = [...r.errors, ...r.warnings];
    expect(rules(all)).toEqual(
      expect.arrayContaining(['a2a/url-absolute', 'a2a/unknown-transport', 'a2a/link-url']),
    );
    for (const issue of all) expect(issue.message.length).toBeLessThan(400);
  });

  it('a2a/interface-fields for empty 1.0 interface fields and 0.3 transports', () => {
    const r = checkA2ACard({
      ...v10Card(),
      supportedInterfaces: [{ url: 'https://bank.example/a2a', protocolBinding: '', protocolVersion: '' }],
    });
    expect(r.errors.filter((i) => i.rule === 'a2a/interface-fields').map((i) => i.path)).toEqual([
      ['supportedInterfaces', 0, 'protocolBinding'],
      ['supportedInterfaces', 0, 'protocolVersion'],
    ]);
    const r03 = checkA2ACard({
      ...v03Card(),
      additionalInterfaces: [{ url: 'https://shop.example/a', transport: '' }],
    });
    expect(rules(r03.errors)).toContain('a2a/interface-fields');
  });

  it('a2a/unknown-transport warns on custom transports', () => {
    const r = checkA2ACard({ ...v03Card(), preferredTransport: 'WEBSOCKET' });
    expect(r.errors).toEqual([]);
    expect(rules(r.warnings)).toContain('a2a/unknown-transport');
  });

  it('a2a/main-url-not-listed when additionalInterfaces omits the main url', () => {
    const r = checkA2ACard({
      ...v03Card(),
      additionalInterfaces: [{ url: 'https://shop.example/a2a/rest', transport: 'HTTP+JSON' }],
    });
    expect(rules(r.warnings)).toContain('a2a/main-url-not-listed');
  });

  it('a2a/protocol-version-required is an error when strict and a warning otherwise', () => {
    const card = v03Card();
    delete card['protocolVersion'];
    expect(checkA2ACard(card).version).toBe('0.3');
    expect(rules(checkA2ACard(card, strict).errors)).toEqual(['a2a/protocol-version-required']);
    const loose = checkA2ACard(card, lenient);
    expect(loose.errors).toEqual([]);
    expect(rules(loose.warnings)).toContain('a2a/protocol-version-required');
  });

  it('a2a/protocol-version-mismatch and a2a/unknown-protocol-version', () => {
    expect(rules(checkA2ACard({ ...v03Card(), protocolVersion: '1.0' }).warnings)).toContain(
      'a2a/protocol-version-mismatch',
    );
    expect(rules(checkA2ACard({ ...hybridCard(), protocolVersion: '1.0' }).warnings)).toContain(
      'a2a/protocol-version-mismatch',
    );
    expect(rules(checkA2ACard({ ...v03Card(), protocolVersion: 'latest' }).warnings)).toContain(
      'a2a/unknown-protocol-version',
    );
  });

  it('a2a/security-scheme-oneof on 1.0 cards', () => {
    const two = checkA2ACard({
      ...v10Card(),
      securitySchemes: {
        key: { apiKeySecurityScheme: { location: 'header', name: 'X' }, mtlsSecurityScheme: {} },
        legacy: { type: 'http', scheme: 'Bearer' },
      },
      securityRequirements: [],
      skills: [],
    });
    expect(two.errors.map((i) => [i.rule, i.path])).toEqual([
      ['a2a/security-scheme-oneof', ['securitySchemes', 'key']],
      ['a2a/security-scheme-oneof', ['securitySchemes', 'legacy']],
    ]);
  });

  it('a2a/security-undefined-scheme for card and skill requirements (strict-only)', () => {
    const card: Record<string, unknown> = { ...v03Card(), security: [{ nope: [] }] };
    (card['skills'] as Record<string, unknown>[])[1]!['security'] = [{ other: [] }];
    const r = checkA2ACard(card, strict);
    expect(r.errors.map((i) => [i.rule, i.path])).toEqual([
      ['a2a/security-undefined-scheme', ['security', 0, 'nope']],
      ['a2a/security-undefined-scheme', ['skills', 1, 'security', 0, 'other']],
    ]);
    expect(checkA2ACard(card, lenient).errors).toEqual([]);
    const r10 = checkA2ACard({ ...v10Card(), securityRequirements: [{ schemes: { ghost: { list: [] } } }] });
    expect(r10.errors.map((i) => i.path)).toEqual([['securityRequirements', 0, 'schemes', 'ghost']]);
  });

  it('a2a/duplicate-skill-id (strict-only)', () => {
    const card = v02Card();
    (card['skills'] as unknown[]).push({ id: 'weather', name: 'Again' });
    expect(rules(checkA2ACard(card, strict).errors)).toEqual(['a2a/duplicate-skill-id']);
    expect(rules(checkA2ACard(card, lenient).warnings)).toContain('a2a/duplicate-skill-id');
  });

  it('a2a/link-url warns on non-absolute documentation, icon and provider URLs', () => {
    const r = checkA2ACard({
      ...v03Card(),
      iconUrl: 'icon.png',
      provider: { organization: 'N', url: 'n.example' },
    });
    expect(r.warnings.filter((i) => i.rule === 'a2a/link-url').map((i) => i.path)).toEqual([
      ['iconUrl'],
      ['provider', 'url'],
    ]);
  });

  it('zod issues become a2a/<code> errors naming the field', () => {
    const r = checkA2ACard({ ...v03Card(), skills: [{ id: 1, name: 'x', description: 'd', tags: [] }] });
    expect(r.errors).toEqual([
      {
        path: ['skills', 0, 'id'],
        rule: 'a2a/invalid_type',
        message: expect.stringContaining('skills[0].id'),
      },
    ]);
    const scheme = checkA2ACard({ ...v03Card(), securitySchemes: { bearer: { type: 'kerberos' } } });
    expect(rules(scheme.errors)).toContain('a2a/invalid_union');
  });
});

describe('CAP rules', () => {
  it('cap/skill-without-extension', () => {
    const card = v02Card();
    card['capabilities'] = { streaming: true };
    expect(rules(checkA2ACard(card).warnings)).toContain('cap/skill-without-extension');
  });

  it('cap/extension-without-skills', () => {
    const card = v02Card();
    card['skills'] = [];
    expect(rules(checkA2ACard(card).warnings)).toContain('cap/extension-without-skills');
  });

  it('cap/unknown-query-mode, cap/invalid-params and cap/duplicate-extension', () => {
    const card = v02Card();
    card['capabilities'] = {
      extensions: [
        { uri: CAP_EXTENSION_URI, params: { 'search-query-modes': ['keyword', 'semantic', 3] } },
        { uri: CAP_EXTENSION_URI },
      ],
    };
    const r = checkA2ACard(card);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((i) => [i.rule, i.path])).toEqual([
      ['cap/duplicate-extension', ['capabilities', 'extensions', 1]],
      ['cap/unknown-query-mode', ['capabilities', 'extensions', 0, 'params', 'search-query-modes', 1]],
      ['cap/invalid-params', ['capabilities', 'extensions', 0, 'params', 'search-query-modes', 2]],
    ]);
    // Unknown modes are still reported to the client, which may know them.
    expect(a2aCardToProfile(card as never, '0.2').cap?.queryModes).toEqual(['keyword', 'semantic']);
    card['capabilities'] = {
      extensions: [{ uri: CAP_EXTENSION_URI, params: { 'search-query-modes': 'keyword' } }],
    };
    expect(rules(checkA2ACard(card).warnings)).toEqual(['cap/invalid-params']);
  });

  it('cap/public-skill-requires-auth', () => {
    const card = v02Card();
    (card['skills'] as Record<string, unknown>[])[1]!['tags'] = [AUTH_PUBLIC_TAG];
    expect(rules(checkA2ACard(card).warnings)).toEqual(['cap/public-skill-requires-auth']);
  });
});

describe('hostile input', () => {
  const hostile: unknown[] = [null, [], [null], 42, -1, 'x', true, {}, { length: 3 }, [[[]]]];
  const bases = [v02Card, v03Card, v10Card, hybridCard];

  it.each(hostile)('top-level %j gives issues, not throws', (value) => {
    const r = checkA2ACard(value);
    expect(r.errors.length).toBeGreaterThan(0);
    expect(() => a2aCardToProfile(r.card, r.version)).not.toThrow();
  });

  it('every field of every version replaced by hostile values', () => {
    for (const make of bases) {
      for (const key of Object.keys(make())) {
        for (const value of hostile) {
          const card = { ...make(), [key]: value };
          const r = checkA2ACard(card, strict);
          const profile = a2aCardToProfile(r.card, r.version);
          expect(AgentProfileSchema.safeParse(profile).success).toBe(true);
        }
      }
    }
  });

  it('nested hostile values (skills, interfaces, schemes, extensions)', () => {
    const nestedPaths: [string, string][] = [
      ['skills', 'skill'],
      ['supportedInterfaces', 'iface'],
      ['additionalInterfaces', 'iface'],
      ['securityRequirements', 'req'],
      ['security', 'req'],
    ];
    for (const make of bases) {
      for (const [field] of nestedPaths) {
        for (const value of hostile) {
          const card = { ...make(), [field]: [value, { id: value, url: value, schemes: value }] };
          const r = checkA2ACard(card);
          expect(() => a2aCardToProfile(r.card, r.version)).not.toThrow();
        }
      }
      for (const value of hostile) {
        const card = {
          ...make(),
          capabilities: { extensions: [value, { uri: CAP_EXTENSION_URI, params: value }] },
          securitySchemes: { a: value, b: { type: value, apiKeySecurityScheme: value } },
          authentication: { schemes: value },
        };
        const r = checkA2ACard(card);
        expect(() => a2aCardToProfile(r.card, r.version)).not.toThrow();
      }
    }
  });

  it('arbitrary JSON never throws (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const r = checkA2ACard(value);
        a2aCardToProfile(r.card, r.version);
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON spliced into valid cards never throws (property)', () => {
    const keys = [...new Set(bases.flatMap((m) => Object.keys(m())))];
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.constantFrom(...keys),
        fc.jsonValue({ maxDepth: 4 }),
        (make, key, value) => {
          const r = checkA2ACard({ ...make(), [key]: value });
          a2aCardToProfile(r.card, r.version);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('hybrid security schemes', () => {
  it('a broken 0.3-form scheme on a hybrid card is an error, not a silent 1.0 match', () => {
    const r = checkA2ACard({
      ...hybridCard(),
      securitySchemes: { key: { type: 'apiKey', in: 'header' } },
      security: [],
      skills: [],
    });
    expect(r.errors.map((i) => [i.rule, i.path])).toEqual([
      ['a2a/invalid_type', ['securitySchemes', 'key', 'name']],
    ]);
  });

  it('1.0-form schemes are accepted on a hybrid card', () => {
    const r = checkA2ACard({
      ...hybridCard(),
      securitySchemes: { key: { apiKeySecurityScheme: { location: 'header', name: 'X' } } },
    });
    expect(r.errors).toEqual([]);
  });
});
