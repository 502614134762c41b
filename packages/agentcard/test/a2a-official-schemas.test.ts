/**
 * Our A2A cards against the official schemas: the v0.3.0 JSON Schema (draft-07) and the non-normative 1.0 TCK
 * bundle (2020-12). Every place where our acceptance differs from theirs is listed in `DISAGREEMENTS` below and
 * in the package README (A2A schema disagreements); a new difference makes this file fail.
 *
 * Hybrid cards are checked twice: as-is against 0.3 (which allows extra fields, so `supportedInterfaces` passes),
 * and, projected onto their 1.0 fields, against the 1.0 bundle (which forbids extra fields, so the 0.3 fields
 * must be removed first).
 */
import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  AUTH_PUBLIC_TAG,
  CAP_EXTENSION_URI,
  type CreateA2ACardOptions,
  checkA2ACard,
  createA2ACard,
  createCapSkill,
} from '../src/a2a/index.js';

type Json = Record<string, unknown>;

function loadSchema(file: string): Json {
  const url = new URL(`../../../fixtures/oracles/a2a/${file}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Json;
}

// These are CommonJS modules; `.default` is the class/plugin both for TypeScript (NodeNext) and at runtime.
const ajv07 = new Ajv.default({ strict: false, allErrors: true });
addFormats.default(ajv07);
ajv07.addSchema(loadSchema('a2a-v0.3.0.schema.json'), 'a2a-v0.3.0');
const validate03 = ajv07.getSchema('a2a-v0.3.0#/definitions/AgentCard') as ValidateFunction;

const ajv20 = new Ajv2020.default({ strict: false, allErrors: true });
addFormats.default(ajv20);
ajv20.addSchema(loadSchema('a2a-v1.0-tck-bundle.schema.json'), 'a2a-v1.0');
const validate10 = ajv20.getSchema('a2a-v1.0#/definitions/Agent%20Card') as ValidateFunction;

function officialErrors(validate: ValidateFunction, card: unknown): string[] {
  if (validate(card)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

const V03_ONLY_FIELDS = [
  'url',
  'preferredTransport',
  'protocolVersion',
  'additionalInterfaces',
  'supportsAuthenticatedExtendedCard',
  'security',
];

/** The 1.0 view of a hybrid card: 0.3-only fields dropped, and 0.3-form (`type`) security schemes with them. */
function projectHybridToV10(card: Json): Json {
  const out: Json = { ...card };
  for (const key of V03_ONLY_FIELDS) delete out[key];
  const caps = { ...(out['capabilities'] as Json) };
  delete caps['stateTransitionHistory'];
  out['capabilities'] = caps;
  const schemes = out['securitySchemes'] as Record<string, Json> | undefined;
  if (schemes !== undefined && Object.values(schemes).some((s) => 'type' in s)) delete out['securitySchemes'];
  out['skills'] = (out['skills'] as Json[]).map((s) => {
    const { security: _security, ...rest } = s;
    return rest;
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Realistic fixtures

const capMerchantV03: Json = {
  name: 'Northwind Outfitters',
  description: 'Outdoor clothing and gear. Search the catalogue, manage a cart, follow orders.',
  url: 'https://shop.northwind.example/a2a/jsonrpc',
  preferredTransport: 'JSONRPC',
  protocolVersion: '0.3.0',
  additionalInterfaces: [
    { url: 'https://shop.northwind.example/a2a/jsonrpc', transport: 'JSONRPC' },
    { url: 'https://shop.northwind.example/a2a/rest', transport: 'HTTP+JSON' },
  ],
  version: '2025.11.3',
  provider: { organization: 'Northwind Outfitters Ltd', url: 'https://northwind.example' },
  documentationUrl: 'https://northwind.example/developers/agent',
  iconUrl: 'https://northwind.example/static/agent-icon.png',
  capabilities: {
    streaming: true,
    pushNotifications: false,
    stateTransitionHistory: false,
    extensions: [
      {
        uri: CAP_EXTENSION_URI,
        description: 'Extension for Commerce Agent Protocol (CAP) support',
        required: false,
        params: { 'search-query-modes': ['keyword', 'phrase'] },
      },
    ],
  },
  securitySchemes: {
    customerOAuth: {
      type: 'oauth2',
      description: 'Customer account login',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://id.northwind.example/oauth2/authorize',
          tokenUrl: 'https://id.northwind.example/oauth2/token',
          refreshUrl: 'https://id.northwind.example/oauth2/token',
          scopes: { 'cart:write': 'Manage the cart', 'orders:read': 'Read orders' },
        },
      },
      oauth2MetadataUrl: 'https://id.northwind.example/.well-known/oauth-authorization-server',
    },
    partnerKey: { type: 'apiKey', in: 'header', name: 'X-Partner-Key' },
  },
  security: [{ customerOAuth: ['cart:write', 'orders:read'] }, { partnerKey: [] }],
  defaultInputModes: ['application/json', 'text/plain'],
  defaultOutputModes: ['application/json'],
  skills: [
    {
      id: 'cap:product_search',
      name: 'Product search',
      description: 'Search products by keyword or phrase',
      tags: ['commerce', AUTH_PUBLIC_TAG],
      examples: ['waterproof hiking boots under 150 EUR'],
      inputModes: ['application/json'],
      security: [{}],
    },
    {
      id: 'cap:product_get',
      name: 'Product details',
      description: 'Full details for product ids',
      tags: ['commerce', AUTH_PUBLIC_TAG],
    },
    {
      id: 'cap:cart_manage',
      name: 'Cart',
      description: 'Create and change a cart',
      tags: ['commerce'],
      security: [{ customerOAuth: ['cart:write'] }],
    },
    {
      id: 'cap:order_status',
      name: 'Order status',
      description: "Status of the customer's orders",
      tags: ['commerce'],
      security: [{ customerOAuth: ['orders:read'] }],
    },
    { id: 'store_hours', name: 'Store hours', description: 'Opening hours of physical stores', tags: [] },
  ],
  supportsAuthenticatedExtendedCard: true,
  signatures: [
    {
      protected: 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpPU0UiLCJraWQiOiJrZXktMSJ9',
      signature: 'QmFzZTY0dXJsU2lnbmF0dXJlVmFsdWVGb3JUZXN0aW5nT25seQ',
      header: { timestamp: '2025-11-03T10:00:00Z' },
    },
  ],
};

/** Shaped like the card an @a2a-js/sdk 1.3.0 peer serves (reference §14.3), with security filled in. */
const cardV10: Json = {
  name: 'Ledgerline Bank Assistant',
  description: 'Balances, transfers and statements for Ledgerline customers.',
  supportedInterfaces: [
    {
      url: 'https://agents.ledgerline.example/a2a/jsonrpc',
      protocolBinding: 'JSONRPC',
      tenant: '',
      protocolVersion: '1.0',
    },
    {
      url: 'https://agents.ledgerline.example/a2a/rest',
      protocolBinding: 'HTTP+JSON',
      tenant: 'retail',
      protocolVersion: '1.0',
    },
    { url: 'grpc.ledgerline.example:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
  ],
  version: '1.4.0',
  provider: { organization: 'Ledgerline', url: 'https://ledgerline.example' },
  capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: true },
  securitySchemes: {
    oidc: {
      openIdConnectSecurityScheme: {
        openIdConnectUrl: 'https://login.ledgerline.example/.well-known/openid-configuration',
      },
    },
    device: {
      oauth2SecurityScheme: {
        flows: {
          deviceCode: {
            deviceAuthorizationUrl: 'https://login.ledgerline.example/device',
            tokenUrl: 'https://login.ledgerline.example/token',
            scopes: { accounts: 'Read accounts' },
          },
          authorizationCode: {
            authorizationUrl: 'https://login.ledgerline.example/authorize',
            tokenUrl: 'https://login.ledgerline.example/token',
            scopes: { accounts: 'Read accounts' },
            pkceRequired: true,
          },
        },
      },
    },
    bearer: {
      httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT', description: 'Session token' },
    },
    mtls: { mtlsSecurityScheme: { description: 'Partner banks' } },
    key: { apiKeySecurityScheme: { location: 'header', name: 'X-Api-Key' } },
  },
  securityRequirements: [
    { schemes: { oidc: { list: ['accounts'] } } },
    { schemes: { bearer: { list: [] } } },
    { schemes: { mtls: {}, key: { list: [] } } },
  ],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain', 'application/json'],
  skills: [
    {
      id: 'balance',
      name: 'Balance',
      description: 'Current balance of an account',
      tags: ['banking'],
      examples: ['What is my balance?'],
      inputModes: ['text/plain'],
      outputModes: ['application/json'],
      securityRequirements: [{ schemes: { oidc: { list: ['accounts'] } } }],
    },
  ],
  signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2lnbmF0dXJl' }],
};

/** Shaped like the card a 1.3.0 server with legacy compatibility serves without an A2A-Version header (§4). */
const cardHybrid: Json = {
  name: 'Cadence Calendar',
  description: 'Books and moves meetings.',
  url: 'https://cadence.example/a2a/jsonrpc',
  preferredTransport: 'JSONRPC',
  protocolVersion: '0.3',
  additionalInterfaces: [
    { url: 'https://cadence.example/a2a/jsonrpc', transport: 'JSONRPC' },
    { url: 'https://cadence.example/a2a/rest', transport: 'HTTP+JSON' },
  ],
  supportsAuthenticatedExtendedCard: false,
  supportedInterfaces: [
    {
      url: 'https://cadence.example/a2a/jsonrpc',
      protocolBinding: 'JSONRPC',
      tenant: '',
      protocolVersion: '1.0',
    },
    {
      url: 'https://cadence.example/a2a/rest',
      protocolBinding: 'HTTP+JSON',
      tenant: '',
      protocolVersion: '1.0',
    },
    {
      url: 'https://cadence.example/a2a/jsonrpc',
      protocolBinding: 'JSONRPC',
      tenant: '',
      protocolVersion: '0.3',
    },
    {
      url: 'https://cadence.example/a2a/rest',
      protocolBinding: 'HTTP+JSON',
      tenant: '',
      protocolVersion: '0.3',
    },
  ],
  version: '0.9.2',
  capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  security: [{ bearer: [] }],
  securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [
    {
      id: 'schedule',
      name: 'Schedule',
      description: 'Find a slot and book it',
      tags: ['calendar'],
      examples: [],
      inputModes: ['text/plain'],
      outputModes: ['text/plain'],
      security: [{ bearer: [] }],
      securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    },
  ],
};

/** A CAP draft-01 style merchant card served at /.well-known/agent.json (A2A 0.1/0.2 era). */
const cardV02: Json = {
  name: 'Example Merchant Agent',
  description: 'A merchant that supports CAP',
  url: 'https://api.example.com/a2a/v1',
  version: '1.0',
  provider: { organization: 'Example Inc', url: 'https://example.com' },
  authentication: { schemes: ['Bearer'] },
  capabilities: {
    streaming: false,
    extensions: [
      {
        uri: CAP_EXTENSION_URI,
        description: 'Extension for Commerce Agent Protocol (CAP) support',
        params: { 'search-query-modes': ['keyword', 'phrase'] },
      },
    ],
  },
  skills: [
    {
      id: 'cap:product_search',
      name: 'Product Search',
      description: 'Search for products by keyword or phrase',
      tags: [AUTH_PUBLIC_TAG],
    },
    { id: 'cap:cart_manage', name: 'Cart', description: 'Manage the cart', tags: [] },
  ],
};

describe('realistic cards: ours and the official schema agree', () => {
  it('CAP merchant 0.3 card', () => {
    const ours = checkA2ACard(capMerchantV03);
    expect(ours.version).toBe('0.3');
    expect(ours.errors).toEqual([]);
    expect(ours.warnings).toEqual([]);
    expect(officialErrors(validate03, capMerchantV03)).toEqual([]);
  });

  it('1.0 card', () => {
    const ours = checkA2ACard(cardV10);
    expect(ours.version).toBe('1.0');
    expect(ours.errors).toEqual([]);
    expect(officialErrors(validate10, cardV10)).toEqual([]);
  });

  it('hybrid card: 0.3 schema as-is, 1.0 schema on its 1.0 projection', () => {
    const ours = checkA2ACard(cardHybrid);
    expect(ours.version).toBe('hybrid');
    expect(ours.errors).toEqual([]);
    expect(officialErrors(validate03, cardHybrid)).toEqual([]);
    expect(officialErrors(validate10, projectHybridToV10(cardHybrid))).toEqual([]);
    // As served, the 1.0 bundle rejects it for the 0.3 fields alone (recorded in DISAGREEMENTS).
    expect(officialErrors(validate10, cardHybrid).every((e) => e.includes('additional properties'))).toBe(
      true,
    );
  });

  it('0.2 agent.json card: accepted by us; no official 0.2 schema, and 0.3 rejects only what 0.3 added', () => {
    const ours = checkA2ACard(cardV02);
    expect(ours.version).toBe('0.2');
    expect(ours.errors).toEqual([]);
    expect(officialErrors(validate03, cardV02).sort()).toEqual([
      "/ must have required property 'defaultInputModes'",
      "/ must have required property 'defaultOutputModes'",
      "/ must have required property 'protocolVersion'",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Builder output

const builderOptions: CreateA2ACardOptions = {
  name: 'Harbor Table',
  description: 'Restaurant supplies merchant',
  url: 'https://harbor.example/a2a',
  version: '3.1.0',
  transport: 'JSONRPC',
  additionalInterfaces: [{ url: 'https://harbor.example/rest', transport: 'HTTP+JSON' }],
  skills: [
    createCapSkill({ skill: 'product_search', public: true }),
    createCapSkill({ skill: 'product_get', public: true }),
    createCapSkill({ skill: 'cart_manage', security: [{ oauth: ['cart'] }] }),
    { id: 'faq', name: 'FAQ', description: 'Answers questions', examples: ['Do you ship abroad?'] },
  ],
  cap: { queryModes: ['keyword'], required: true },
  extensions: [
    { uri: 'https://example.org/ext/loyalty', description: 'Loyalty points', params: { tier: 'gold' } },
  ],
  securitySchemes: {
    oauth: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://id.harbor.example/authorize',
          tokenUrl: 'https://id.harbor.example/token',
          refreshUrl: 'https://id.harbor.example/refresh',
          scopes: { cart: 'Manage the cart' },
          pkceRequired: true,
        },
        clientCredentials: { tokenUrl: 'https://id.harbor.example/token', scopes: {} },
      },
      oauth2MetadataUrl: 'https://id.harbor.example/.well-known/oauth-authorization-server',
    },
    bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT', description: 'Session' },
    key: { type: 'apiKey', in: 'cookie', name: 'session' },
    oidc: {
      type: 'openIdConnect',
      openIdConnectUrl: 'https://id.harbor.example/.well-known/openid-configuration',
    },
    mtls: { type: 'mutualTLS', description: 'Partners' },
  },
  security: [{ bearer: [] }, { oauth: ['cart'] }, { mtls: [], key: [] }, { oidc: [] }],
  provider: { organization: 'Harbor Table', url: 'https://harbor.example' },
  documentationUrl: 'https://harbor.example/docs',
  iconUrl: 'https://harbor.example/icon.png',
  streaming: true,
  pushNotifications: true,
  extendedCard: true,
};

describe('builder output validates against the official schema of its version', () => {
  it('0.3.0', () => {
    const card = createA2ACard(builderOptions) as Json;
    expect(officialErrors(validate03, card)).toEqual([]);
  });

  it('minimal 0.3.0', () => {
    const card = createA2ACard({
      name: 'n',
      description: 'd',
      url: 'https://a.example',
      version: '1',
      skills: [],
    });
    expect(officialErrors(validate03, card)).toEqual([]);
  });

  it('1.0', () => {
    const card = createA2ACard({ ...builderOptions, protocolVersion: '1.0', tenant: 'harbor' }) as Json;
    expect(officialErrors(validate10, card)).toEqual([]);
  });

  it('minimal 1.0', () => {
    const card = createA2ACard({
      name: 'n',
      description: 'd',
      url: 'https://a.example',
      version: '1',
      skills: [],
      protocolVersion: '1.0',
    });
    expect(officialErrors(validate10, card)).toEqual([]);
  });

  it('hybrid: 0.3 schema as-is and 1.0 schema on the projection', () => {
    const card = createA2ACard({ ...builderOptions, protocolVersion: 'hybrid' }) as Json;
    expect(officialErrors(validate03, card)).toEqual([]);
    expect(officialErrors(validate10, projectHybridToV10(card))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Disagreements: each row is one documented difference (see the package README (A2A schema disagreements)).

interface Disagreement {
  /** Short id used in the notes file. */
  id: string;
  schema: '0.3' | '1.0';
  card: Json;
  /** Whether our strict check accepts the card (no errors). */
  oursStrict: boolean;
  /** Whether our lenient check accepts the card. */
  oursLenient: boolean;
  /** Whether the official schema accepts it. */
  official: boolean;
}

function without(card: Json, ...keys: string[]): Json {
  const out = { ...card };
  for (const k of keys) delete out[k];
  return out;
}

const DISAGREEMENTS: Disagreement[] = [
  {
    id: 'D1 0.3 protocolVersion missing',
    schema: '0.3',
    card: without(capMerchantV03, 'protocolVersion'),
    oursStrict: false,
    oursLenient: true,
    official: false,
  },
  {
    id: 'D2 0.3 relative or non-http endpoint url',
    schema: '0.3',
    card: { ...without(capMerchantV03, 'additionalInterfaces'), url: '/a2a/jsonrpc' },
    oursStrict: false,
    oursLenient: false,
    official: true,
  },
  {
    id: 'D3 0.3 requirement naming an undefined scheme',
    schema: '0.3',
    card: { ...capMerchantV03, security: [{ nobody: [] }] },
    oursStrict: false,
    oursLenient: true,
    official: true,
  },
  {
    id: 'D4 duplicate skill ids',
    schema: '0.3',
    card: {
      ...capMerchantV03,
      skills: [
        ...(capMerchantV03['skills'] as Json[]),
        { id: 'store_hours', name: 'x', description: 'x', tags: [] },
      ],
    },
    oursStrict: false,
    oursLenient: true,
    official: true,
  },
  {
    id: 'D5 empty additionalInterfaces transport',
    schema: '0.3',
    card: {
      ...capMerchantV03,
      additionalInterfaces: [{ url: 'https://shop.northwind.example/x', transport: '' }],
    },
    oursStrict: false,
    oursLenient: false,
    official: true,
  },
  {
    id: 'D6 1.0 unknown fields',
    schema: '1.0',
    card: { ...cardV10, 'x-vendor': true, skills: [{ ...(cardV10['skills'] as Json[])[0], security: [] }] },
    oursStrict: true,
    oursLenient: true,
    official: false,
  },
  {
    id: 'D7 1.0 required fields missing',
    schema: '1.0',
    card: without(cardV10, 'description', 'defaultInputModes', 'defaultOutputModes'),
    oursStrict: false,
    oursLenient: false,
    official: true,
  },
  {
    id: 'D8 1.0 no interface at all',
    schema: '1.0',
    card: { ...cardV10, supportedInterfaces: [] },
    oursStrict: false,
    oursLenient: false,
    official: true,
  },
  {
    id: 'D9 1.0 interface with empty fields (ProtoJSON defaults)',
    schema: '1.0',
    card: {
      ...cardV10,
      supportedInterfaces: [{ url: 'https://a.example', protocolBinding: '', protocolVersion: '' }],
    },
    oursStrict: false,
    oursLenient: false,
    official: true,
  },
  {
    id: 'D10 1.0 security scheme with two variants set',
    schema: '1.0',
    card: {
      ...cardV10,
      securitySchemes: { two: { mtlsSecurityScheme: {}, httpAuthSecurityScheme: { scheme: 'Basic' } } },
      securityRequirements: [],
      skills: [],
    },
    oursStrict: false,
    oursLenient: false,
    official: true,
  },
  {
    id: 'D11 1.0 security scheme missing its required member',
    schema: '1.0',
    card: {
      ...cardV10,
      securitySchemes: { key: { apiKeySecurityScheme: { name: 'k' } } },
      securityRequirements: [],
      skills: [],
    },
    oursStrict: false,
    oursLenient: false,
    official: true,
  },
  {
    id: 'D12 hybrid card against the 1.0 bundle as served',
    schema: '1.0',
    card: cardHybrid,
    oursStrict: true,
    oursLenient: true,
    official: false,
  },
  {
    id: 'D13 0.2 card against the 0.3 schema',
    schema: '0.3',
    card: cardV02,
    oursStrict: true,
    oursLenient: true,
    official: false,
  },
];

describe('documented disagreements with the official schemas', () => {
  it.each(DISAGREEMENTS)('$id', (row) => {
    const validate = row.schema === '0.3' ? validate03 : validate10;
    expect(checkA2ACard(row.card, { strict: true }).errors.length === 0).toBe(row.oursStrict);
    expect(checkA2ACard(row.card, { strict: false }).errors.length === 0).toBe(row.oursLenient);
    expect(officialErrors(validate, row.card).length === 0).toBe(row.official);
  });
});
