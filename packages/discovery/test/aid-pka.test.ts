import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeAidPublicKey,
  discoverAid,
  isAidError,
  parseAidSignatureInput,
  verifyAidEndpoint,
} from '../src/aid/index.js';
import { aidKey, aidSigningEndpoint, base58btc } from './helpers/aid-signer.js';
import { type FakeWeb, startFakeWeb } from './helpers/fake-web.js';
import { fakeTxt, loopbackHttp } from './helpers/resolve-fixtures.js';

let web: FakeWeb;
const http = loopbackHttp();
const key = aidKey();

beforeAll(async () => {
  web = await startFakeWeb();
  web.route('proof.test', '/mcp', aidSigningEndpoint({ ok: true }, { key, kid: 'k1' }));
});
afterAll(async () => {
  await web.close();
  await http.close();
});

describe('decodeAidPublicKey', () => {
  it('decodes multibase base58btc, leading zero bytes included', () => {
    const bytes = new Uint8Array(32).fill(7);
    bytes[0] = 0;
    bytes[1] = 0;
    expect(decodeAidPublicKey(`z${base58btc(bytes)}`)).toEqual(bytes);
  });

  it.each([
    ['another multibase prefix', 'm6Mk'],
    ['a character outside base58btc', 'z0OIl'],
    ['a key of the wrong length', 'z7rW8rTq8o4mM6v'],
  ])('refuses %s with AID_SECURITY', (_what, pka) => {
    expect(() => decodeAidPublicKey(pka)).toThrow(expect.objectContaining({ code: 'AID_SECURITY' }));
  });
});

describe('parseAidSignatureInput', () => {
  it('reads the first member: label, covered components, the parameters as sent', () => {
    const input = parseAidSignatureInput(
      'sig=("AID-Challenge" "@method");created=1735689600;keyid="g1";alg="ed25519", other=("date");created=1',
    );
    expect(input).toEqual({
      label: 'sig',
      covered: ['AID-Challenge', '@method'],
      params: '("AID-Challenge" "@method");created=1735689600;keyid="g1";alg="ed25519"',
      created: 1735689600,
      keyid: 'g1',
      alg: 'ed25519',
    });
  });

  it.each([
    ['no list', 'sig=created=1'],
    ['no created', 'sig=("date");keyid=g1;alg="ed25519"'],
    ['an unquoted component', 'sig=(date);created=1;keyid=g1;alg="ed25519"'],
    ['nothing', ''],
  ])('refuses %s with AID_SECURITY', (_what, header) => {
    expect(() => parseAidSignatureInput(header)).toThrow(expect.objectContaining({ code: 'AID_SECURITY' }));
  });
});

describe('verifyAidEndpoint against a signing endpoint on 127.0.0.1', () => {
  const uri = () => web.url('proof.test', '/mcp');

  it('verifies the proof and says which key signed when', async () => {
    const proof = await verifyAidEndpoint({ uri: uri(), pka: key.pka, kid: 'k1', http });
    expect(proof.keyid).toBe('k1');
    expect(Math.abs(proof.created - Date.now() / 1000)).toBeLessThan(60);
    expect(proof.provenance.status).toBe(200);
  });

  it('sends a fresh challenge each time', async () => {
    const seen: string[] = [];
    web.route('fresh.test', '/x', (req, res) => {
      seen.push(String(req.headers['aid-challenge']));
      res.writeHead(401).end();
    });
    for (let i = 0; i < 2; i++) {
      await expect(
        verifyAidEndpoint({ uri: web.url('fresh.test', '/x'), pka: key.pka, kid: 'k1', http }),
      ).rejects.toThrow(/401/);
    }
    expect(seen[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('refuses a proof when the local clock is ten minutes off (created and Date checked against now)', async () => {
    const error = await verifyAidEndpoint({
      uri: uri(),
      pka: key.pka,
      kid: 'k1',
      http,
      now: () => Date.now() + 10 * 60_000,
    }).catch((e: unknown) => e);
    expect(isAidError(error) && error.code).toBe('AID_SECURITY');
  });

  it('refuses a redirect instead of proving another endpoint', async () => {
    web.route('moved.test', '/mcp', (_req, res) => {
      res.writeHead(302, { location: web.url('proof.test', '/mcp') }).end();
    });
    await expect(
      verifyAidEndpoint({ uri: web.url('moved.test', '/mcp'), pka: key.pka, kid: 'k1', http }),
    ).rejects.toMatchObject({ name: 'RedirectPolicyError' });
  });
});

describe('discoverAid', () => {
  it('looks the record up and proves its endpoint', async () => {
    const dns = fakeTxt({
      '_agent.proof.test': [`v=aid1;u=${web.url('proof.test', '/mcp')};p=mcp;k=${key.pka};i=k1`],
    });
    const found = await discoverAid('proof.test', { dns, http, allowHttp: true });
    expect(found).toMatchObject({ name: '_agent.proof.test', ttl: 120, record: { proto: 'mcp', kid: 'k1' } });
    expect(found.proof?.keyid).toBe('k1');
  });

  it('fails with AID_SECURITY when the endpoint holds another key', async () => {
    const dns = fakeTxt({
      '_agent.proof.test': [`v=aid1;u=${web.url('proof.test', '/mcp')};p=mcp;k=${aidKey().pka};i=k1`],
    });
    await expect(discoverAid('proof.test', { dns, http, allowHttp: true })).rejects.toMatchObject({
      code: 'AID_SECURITY',
      aidErrorNumber: 1003,
    });
  });

  it('reports DNS failures as AID_DNS_LOOKUP_FAILED and a past dep as AID_INVALID_TXT', async () => {
    const dns = fakeTxt({
      '_agent.down.test': { outcome: 'servfail', error: 'upstream failed' },
      '_agent.old.test': ['v=aid1;u=https://old.test/;p=mcp;e=2001-01-01T00:00:00Z'],
    });
    await expect(discoverAid('down.test', { dns })).rejects.toMatchObject({ code: 'AID_DNS_LOOKUP_FAILED' });
    await expect(discoverAid('old.test', { dns })).rejects.toMatchObject({ code: 'AID_INVALID_TXT' });
  });

  it('asks the A-label of an internationalized domain', async () => {
    const dns = fakeTxt({ '_agent.xn--bcher-kva.test': ['v=aid1;u=https://xn--bcher-kva.test/mcp;p=mcp'] });
    expect((await discoverAid('bücher.test', { dns })).name).toBe('_agent.xn--bcher-kva.test');
  });
});
