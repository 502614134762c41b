import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, isRedirectPolicyError } from '@agentweb/http';
import { createUcpSchemaValidator } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseVersion,
  createMemoryProfileCache,
  createPlatformProfile,
  fetchBusinessProfile,
  intersectCapabilities,
  isUcpDocumentError,
  MIN_PROFILE_TTL_MS,
  parseBusinessProfile,
  profileTtlMs,
} from '../src/index.js';

const PROFILE = {
  ucp: {
    version: '2026-04-08',
    services: {
      'dev.ucp.shopping': [
        { version: '2026-04-08', transport: 'rest', endpoint: 'https://shop.example/ucp' },
        { version: '2026-04-08', transport: 'mcp', endpoint: 'ftp://shop.example/mcp' },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [
        {
          version: '2026-04-08',
          spec: 'https://ucp.dev.evil.example/checkout',
          schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
        },
      ],
      'dev.ucp.shopping.order': [{ version: 'april' }],
    },
    payment_handlers: {},
  },
};

describe('parseBusinessProfile', () => {
  it('reads leniently: a look-alike spec host, a bad endpoint and a bad version are dropped with warnings naming them', () => {
    const { value, warnings } = parseBusinessProfile(PROFILE);
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ['endpoint-invalid', 'ucp.services.dev.ucp.shopping[1].endpoint'],
      ['foreign-spec-url', 'ucp.capabilities.dev.ucp.shopping.checkout[0].spec'],
      ['version-invalid', 'ucp.capabilities.dev.ucp.shopping.order[0].version'],
    ]);
    expect(value.services.map((s) => s.transport)).toEqual(['rest']);
    expect(value.capabilities).toMatchObject([{ name: 'dev.ucp.shopping.checkout', spec: undefined }]);
  });

  it('strict refuses what lenient warns about', () => {
    expect(() => parseBusinessProfile(PROFILE, { strict: true })).toThrow(
      expect.objectContaining({ name: 'UcpDocumentError', code: 'UCP_PROFILE_INVALID' }),
    );
  });

  it('refuses a profile without a version, naming the field', () => {
    let error: unknown;
    try {
      parseBusinessProfile({ ucp: { services: {} } });
    } catch (e) {
      error = e;
    }
    expect(isUcpDocumentError(error) && error.issues[0]?.path).toBe('ucp.version');
  });

  it('reads keys (2026-08-25) before signing_keys, and warns when both are there', () => {
    const key = (kid: string) => ({ kid, kty: 'EC' });
    const both = parseBusinessProfile({ ...PROFILE, keys: [key('new')], signing_keys: [key('old')] });
    expect(both.value.keysField).toBe('keys');
    expect(both.value.signingKeys.map((k) => k.kid)).toEqual(['new']);
    expect(both.warnings.some((w) => w.code === 'keys-both-fields')).toBe(true);
    expect(parseBusinessProfile({ ...PROFILE, signing_keys: [key('old')] }).value.keysField).toBe(
      'signing_keys',
    );
  });

  it('reads the 2026-01-11 shape (a binding per transport, capabilities as a list, handlers under payment)', () => {
    const { value, warnings } = parseBusinessProfile({
      ucp: {
        version: '2026-01-11',
        services: {
          'dev.ucp.shopping': {
            version: '2026-01-11',
            spec: 'https://ucp.dev/specification/overview',
            rest: {
              schema: 'https://ucp.dev/services/shopping/rest.openapi.json',
              endpoint: 'https://shop.example/',
            },
          },
        },
        capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }],
      },
      payment: { handlers: [{ id: 'gpay', name: 'com.google.pay', version: '2026-01-11' }] },
    });
    expect(warnings).toEqual([]);
    expect(value.services).toMatchObject([{ transport: 'rest', endpoint: 'https://shop.example/' }]);
    expect(value.capabilities.map((c) => c.name)).toEqual(['dev.ucp.shopping.checkout']);
    expect(value.paymentHandlers).toMatchObject([{ name: 'com.google.pay', id: 'gpay' }]);
  });
});

describe('negotiation', () => {
  it('chooses the current version, else the newest supported older one', () => {
    expect(chooseVersion({ version: '2026-04-08', supportedVersions: {} })).toEqual({
      version: '2026-04-08',
      profileUrl: undefined,
    });
    expect(
      chooseVersion({
        version: '2027-01-01',
        supportedVersions: { '2026-01-11': 'https://s/1', '2026-04-08': 'https://s/4' },
      }),
    ).toEqual({ version: '2026-04-08', profileUrl: 'https://s/4' });
    expect(chooseVersion({ version: '2027-01-01', supportedVersions: {} })).toBeUndefined();
  });

  it('intersects at the highest common version and prunes orphaned extensions (transitively)', () => {
    const cap = (name: string, version: string, parents?: string[]) => ({
      name,
      version,
      extends: parents,
      spec: undefined,
      schema: undefined,
      config: undefined,
    });
    const result = intersectCapabilities(
      [
        cap('a.checkout', '2026-01-11'),
        cap('a.checkout', '2026-04-08'),
        cap('a.cart', '2026-04-08'),
        cap('a.discount', '2026-04-08', ['a.cart']),
        cap('a.loyalty', '2026-04-08', ['a.discount']),
        cap('a.fulfillment', '2026-04-08', ['a.cart', 'a.checkout']),
      ],
      [
        { name: 'a.checkout', version: '2026-01-11' },
        { name: 'a.checkout', version: '2026-04-08' },
        { name: 'a.discount', version: '2026-04-08' },
        { name: 'a.loyalty', version: '2026-04-08' },
        { name: 'a.fulfillment', version: '2026-04-08' },
      ],
    );
    expect(result.map((c) => [c.name, c.version])).toEqual([
      ['a.checkout', '2026-04-08'],
      ['a.fulfillment', '2026-04-08'],
    ]);
  });
});

describe('createPlatformProfile', () => {
  const validator = createUcpSchemaValidator({
    dir: new URL('../../../fixtures/ucp/2026-04-08', import.meta.url).pathname,
    version: '2026-04-08',
  });

  it('writes a platform profile that validates against the 2026-04-08 schema', () => {
    const profile = createPlatformProfile({
      signingKeys: [{ kid: 'k1', kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }],
    });
    expect(
      validator.validate(
        'discovery/profile_schema.json#/$defs/platform_profile',
        profile,
        'response',
        'read',
      ),
    ).toEqual([]);
    expect(profile['signing_keys']).toHaveLength(1);
    expect(parseBusinessProfile({ ...profile, ucp: { ...(profile['ucp'] as object) } }).warnings).toEqual([]);
  });

  it('uses the top-level keys field from 2026-08-25 on', () => {
    const profile = createPlatformProfile({ version: '2026-08-25', signingKeys: [{ kid: 'k1', kty: 'EC' }] });
    expect(profile['keys']).toHaveLength(1);
    expect(profile['signing_keys']).toBeUndefined();
  });
});

describe('fetchBusinessProfile', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits += 1;
      if (req.url === '/redirect/.well-known/ucp') {
        res.writeHead(302, { location: '/.well-known/ucp' }).end();
        return;
      }
      const maxAge = req.url === '/long/.well-known/ucp' ? 600 : 5;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': `max-age=${maxAge}` });
      res.end(JSON.stringify(PROFILE));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true });

  it('follows no redirect', async () => {
    await expect(fetchBusinessProfile({ http, url: `${base}/redirect/.well-known/ucp` })).rejects.toSatisfy(
      isRedirectPolicyError,
    );
  });

  it('keeps a profile at least 60 s, longer when Cache-Control says so', async () => {
    let now = 1_000_000;
    const cache = createMemoryProfileCache({ now: () => now });
    const url = `${base}/.well-known/ucp`;
    const first = await fetchBusinessProfile({ http, url, cache, now: () => now });
    expect(first.expiresAt - now).toBe(MIN_PROFILE_TTL_MS);
    const before = hits;
    now += 59_000;
    await fetchBusinessProfile({ http, url, cache, now: () => now });
    expect(hits).toBe(before);
    now += 2_000;
    await fetchBusinessProfile({ http, url, cache, now: () => now });
    expect(hits).toBe(before + 1);
    const long = await fetchBusinessProfile({
      http,
      url: `${base}/long/.well-known/ucp`,
      cache,
      now: () => now,
    });
    expect(long.expiresAt - now).toBe(600_000);
    expect(profileTtlMs({ maxAge: 600, noStore: true })).toBe(0);
  });
});
