import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkA2ACard, parseAgentCard, safeParseAgentCard } from '../src/index.js';

/**
 * Captured verbatim (then pretty-printed) from a real `@a2a-js/sdk` 1.3.0 server: `agentCardHandler` from
 * `@a2a-js/sdk/server/express` on 127.0.0.1, its provider returning a card literal typed as the SDK's
 * `AgentCard` (every scheme kind, an OAuth client-credentials flow), fetched with a plain GET. This package
 * has no dependency on the SDK, so the response is a fixture rather than a live server.
 */
const FIXTURE = new URL('./fixtures/a2a-js-sdk-1.3.0-agent-card.json', import.meta.url);
const SERVED_TEXT = readFileSync(FIXTURE, 'utf8');

function served(): Record<string, unknown> {
  return JSON.parse(SERVED_TEXT) as Record<string, unknown>;
}

type Json = Record<string, unknown>;

function schemesOf(card: Json): Json {
  return card['securitySchemes'] as Json;
}

describe('A2A 1.0 cards served by @a2a-js/sdk 1.3.0 (internal oneof form)', () => {
  it('parses the served card, from JSON text and from an object', () => {
    for (const input of [SERVED_TEXT, served()]) {
      const parsed = parseAgentCard(input);
      expect(parsed.format).toBe('a2a');
      expect(parsed.version).toBe('1.0');
    }
  });

  it('rewrites every scheme (and the OAuth flow) to ProtoJSON on the returned card', () => {
    const { card } = parseAgentCard(served());
    expect(schemesOf(card as Json)).toEqual({
      bearer: { httpAuthSecurityScheme: { description: '', scheme: 'Bearer', bearerFormat: 'JWT' } },
      apiKey: { apiKeySecurityScheme: { description: '', location: 'header', name: 'X-API-Key' } },
      oauth: {
        oauth2SecurityScheme: {
          description: '',
          oauth2MetadataUrl: '',
          flows: {
            clientCredentials: {
              tokenUrl: 'https://auth.example.com/token',
              refreshUrl: '',
              scopes: { 'orders:write': 'Place orders' },
            },
          },
        },
      },
      oidc: {
        openIdConnectSecurityScheme: {
          description: '',
          openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration',
        },
      },
      mtls: { mtlsSecurityScheme: { description: 'client certificate' } },
    });
  });

  it('gives the profile the right auth schemes and requirements', () => {
    const { profile } = parseAgentCard(served());
    expect(profile.auth.schemes).toEqual([
      { id: 'bearer', type: 'bearer', scheme: 'Bearer', bearerFormat: 'JWT' },
      { id: 'apiKey', type: 'apiKey', in: 'header', name: 'X-API-Key' },
      {
        id: 'oauth',
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: 'https://auth.example.com/token',
            refreshUrl: '',
            scopes: { 'orders:write': 'Place orders' },
          },
        },
      },
      {
        id: 'oidc',
        type: 'openIdConnect',
        openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration',
      },
      { id: 'mtls', type: 'mutualTLS', description: 'client certificate' },
    ]);
    expect(profile.auth.required).toBe(true);
  });

  it('warns a2a/sdk-oneof-form once per rewritten oneof, naming its path', () => {
    const { warnings } = parseAgentCard(served());
    const oneof = warnings.filter((w) => w.rule === 'a2a/sdk-oneof-form');
    expect(oneof.map((w) => w.path)).toEqual([
      ['securitySchemes', 'bearer'],
      ['securitySchemes', 'apiKey'],
      ['securitySchemes', 'oauth'],
      ['securitySchemes', 'oauth', 'oauth2SecurityScheme', 'flows'],
      ['securitySchemes', 'oidc'],
      ['securitySchemes', 'mtls'],
    ]);
    expect(oneof[0]?.message).toMatch(/^securitySchemes\.bearer: .*@a2a-js\/sdk.*"httpAuthSecurityScheme"/);
    expect(warnings.filter((w) => w.rule !== 'a2a/sdk-oneof-form')).toEqual([]);
  });

  it("does not mutate the caller's object", () => {
    const input = served();
    const before = structuredClone(input);
    const { card } = parseAgentCard(input);
    expect(input).toEqual(before);
    expect(card).not.toBe(input);
  });

  it('leaves a ProtoJSON card alone: same object back, no warning', () => {
    const input = served();
    input['securitySchemes'] = { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } };
    input['securityRequirements'] = [{ schemes: { bearer: { list: [] } } }];
    const checked = checkA2ACard(input);
    expect(checked.card).toBe(input);
    expect(checked.warnings).toEqual([]);
    expect(checked.errors).toEqual([]);
  });

  it('accepts the bare { $case, value } form too', () => {
    const input = served();
    input['securitySchemes'] = { bearer: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Bearer' } } };
    input['securityRequirements'] = [{ schemes: { bearer: { list: [] } } }];
    const parsed = parseAgentCard(input);
    expect(schemesOf(parsed.card as Json)).toEqual({
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
    });
    expect(parsed.profile.auth.schemes).toEqual([{ id: 'bearer', type: 'bearer', scheme: 'Bearer' }]);
    expect(parsed.warnings.map((w) => [w.rule, w.path])).toEqual([
      ['a2a/sdk-oneof-form', ['securitySchemes', 'bearer']],
    ]);
  });

  it('reads a mixed card: SDK-form, ProtoJSON and a ProtoJSON scheme with SDK-form flows', () => {
    const input = served();
    input['securitySchemes'] = {
      sdk: { scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Basic' } } },
      proto: { apiKeySecurityScheme: { location: 'query', name: 'key' } },
      flows: {
        oauth2SecurityScheme: {
          flows: {
            flow: {
              $case: 'authorizationCode',
              value: {
                authorizationUrl: 'https://a.example/auth',
                tokenUrl: 'https://a.example/token',
                scopes: {},
              },
            },
          },
        },
      },
    };
    input['securityRequirements'] = [{ schemes: { sdk: { list: [] } } }];
    const parsed = parseAgentCard(input);
    expect(parsed.profile.auth.schemes).toEqual([
      { id: 'sdk', type: 'basic', scheme: 'Basic' },
      { id: 'proto', type: 'apiKey', in: 'query', name: 'key' },
      {
        id: 'flows',
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://a.example/auth',
            tokenUrl: 'https://a.example/token',
            scopes: {},
          },
        },
      },
    ]);
    expect(parsed.warnings.map((w) => w.path)).toEqual([
      ['securitySchemes', 'sdk'],
      ['securitySchemes', 'flows', 'oauth2SecurityScheme', 'flows'],
    ]);
    // The untouched ProtoJSON entry is shared, not copied.
    expect(schemesOf(parsed.card as Json)['proto']).toBe(schemesOf(input)['proto']);
  });

  it('reads a hybrid card mixing the SDK form with a 0.3 `type` scheme', () => {
    const input = served();
    input['url'] = 'http://127.0.0.1:1/a2a/jsonrpc';
    input['protocolVersion'] = '0.3.0';
    input['securitySchemes'] = {
      legacy: { type: 'http', scheme: 'bearer' },
      sdk: { scheme: { $case: 'apiKeySecurityScheme', value: { location: 'header', name: 'X-Key' } } },
    };
    input['securityRequirements'] = [{ schemes: { sdk: { list: [] } } }];
    const parsed = parseAgentCard(input);
    expect(parsed.version).toBe('hybrid');
    expect(parsed.profile.auth.schemes).toEqual([
      { id: 'legacy', type: 'bearer', scheme: 'bearer' },
      { id: 'sdk', type: 'apiKey', in: 'header', name: 'X-Key' },
    ]);
    expect(parsed.warnings.filter((w) => w.rule === 'a2a/sdk-oneof-form').map((w) => w.path)).toEqual([
      ['securitySchemes', 'sdk'],
    ]);
  });

  it('does not rewrite 0.3 cards: the SDK form there is still refused', () => {
    const input = served();
    delete input['supportedInterfaces'];
    input['url'] = 'https://shop.example/a2a';
    input['protocolVersion'] = '0.3.0';
    const result = safeParseAgentCard(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.some((i) => i.rule === 'a2a/sdk-oneof-form')).toBe(false);
  });

  it('refuses an unknown $case, or a oneof set both ways, with a2a/security-scheme-oneof', () => {
    const unknown = served();
    unknown['securitySchemes'] = { x: { scheme: { $case: 'kerberosSecurityScheme', value: {} } } };
    unknown['securityRequirements'] = [];
    const a = safeParseAgentCard(unknown);
    expect(a.ok).toBe(false);
    if (!a.ok) {
      expect(a.issues.map((i) => [i.rule, i.path])).toEqual([
        ['a2a/security-scheme-oneof', ['securitySchemes', 'x']],
      ]);
      expect(a.issues[0]?.message).toMatch(/@a2a-js\/sdk oneof/);
    }

    const both = served();
    both['securitySchemes'] = {
      x: {
        scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Bearer' } },
        apiKeySecurityScheme: { location: 'header', name: 'k' },
      },
    };
    both['securityRequirements'] = [];
    // Not merged: the explicit ProtoJSON member wins and no rewrite is reported.
    const b = parseAgentCard(both);
    expect(b.profile.auth.schemes).toEqual([{ id: 'x', type: 'apiKey', in: 'header', name: 'k' }]);
    expect(b.warnings.some((w) => w.rule === 'a2a/sdk-oneof-form')).toBe(false);
  });

  it('keeps an own __proto__ key as data when called on a hand-built object', () => {
    const input = served();
    const entry = JSON.parse(
      '{"__proto__":{"polluted":true},"scheme":{"$case":"mtlsSecurityScheme","value":{}}}',
    ) as Json;
    input['securitySchemes'] = { m: entry };
    input['securityRequirements'] = [];
    const checked = checkA2ACard(input);
    const m = schemesOf(checked.card as Json)['m'] as Json;
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
    expect(Object.hasOwn(m, '__proto__')).toBe(true);
    expect(m['mtlsSecurityScheme']).toEqual({});
  });
});
