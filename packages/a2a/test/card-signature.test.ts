import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { generateAgentCardSignature } from 'a2a-sdk-v1';
import { describe, expect, it } from 'vitest';
import {
  type CardKeyResolver,
  canonicalizeAgentCardForSigning,
  canonicalizeJson,
  createA2AClient,
  isCardSignatureError,
  verifyCardSignatures,
} from '../src/index.js';
import { v1Card } from './helpers/agent-double.js';
import { loopbackHttp } from './helpers/http.js';

describe('canonicalizeJson (RFC 8785)', () => {
  it('matches the RFC 8785 §3.2.2 example', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalizeJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units (RFC 8785 §3.2.3)', () => {
    const input = { '\u20ac': 1, '\r': 2, '\ufb33': 3, '1': 4, '\u0080': 5, '\ud83d\ude00': 6, '\u00f6': 7 };
    const keys = Object.keys(JSON.parse(canonicalizeJson(input)));
    expect(keys).toEqual(['1', '\r', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
    expect(canonicalizeJson(input).startsWith('{"\\r":2,"1":4')).toBe(true);
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalizeJson({ a: Number.NaN })).toThrow(
      expect.objectContaining({ code: 'JCS_UNREPRESENTABLE' }),
    );
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => canonicalizeJson(deep)).toThrow(expect.objectContaining({ code: 'JCS_UNREPRESENTABLE' }));
  });
});

type Pair = { privateKey: KeyObject; publicKey: KeyObject };
const keys: Record<string, Pair> = {
  ES256: generateKeyPairSync('ec', { namedCurve: 'P-256' }),
  RS256: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  EdDSA: generateKeyPairSync('ed25519'),
};

async function signWithOfficialSdk(card: Record<string, unknown>, alg: string, kid: string) {
  const pair = keys[alg] as Pair;
  const sign = generateAgentCardSignature(pair.privateKey, { alg, kid, typ: 'JOSE' });
  return (await sign(card as never)) as unknown as Record<string, unknown>;
}

const resolver =
  (alg: string): CardKeyResolver =>
  (header) =>
    header.kid === 'k1' ? (keys[alg] as Pair).publicKey : undefined;

describe('verifyCardSignatures', () => {
  const card = v1Card('https://agent.example/rpc', {
    provider: { organization: 'Acme', url: 'https://acme.example' },
  });

  it.each(['ES256', 'RS256', 'EdDSA'])(
    'verifies a card signed by the official 1.3.0 SDK with %s',
    async (alg) => {
      const signed = await signWithOfficialSdk(card, alg, 'k1');
      const report = await verifyCardSignatures(signed, { resolveKey: resolver(alg) });
      expect(report.verified).toEqual(['k1']);
      // The JWK form of the key works too.
      const jwk = (keys[alg] as Pair).publicKey.export({ format: 'jwk' });
      await expect(verifyCardSignatures(signed, { resolveKey: () => jwk })).resolves.toMatchObject({
        unsigned: false,
      });
    },
  );

  it('refuses a card changed after signing, and a signature by another key', async () => {
    const signed = await signWithOfficialSdk(card, 'ES256', 'k1');
    const tampered = { ...signed, name: 'evil twin' };
    const error = await verifyCardSignatures(tampered, { resolveKey: resolver('ES256') }).catch(
      (e: unknown) => e,
    );
    expect(isCardSignatureError(error) && error.reason).toBe('bad-signature');
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const wrongKey = await verifyCardSignatures(signed, { resolveKey: () => other }).catch((e: unknown) => e);
    expect(isCardSignatureError(wrongKey) && wrongKey.reason).toBe('bad-signature');
  });

  it('refuses a signature whose key does not fit its alg, and a header with crit', async () => {
    const payload = Buffer.from(canonicalizeAgentCardForSigning(card)).toString('base64url');
    const jws = (header: Record<string, unknown>, key: KeyObject) => {
      const protectedHeader = Buffer.from(JSON.stringify(header)).toString('base64url');
      const signature = sign('sha256', Buffer.from(`${protectedHeader}.${payload}`), key);
      return {
        ...card,
        signatures: [{ protected: protectedHeader, signature: signature.toString('base64url') }],
      };
    };
    // A valid RSA signature labelled ES256: node would verify it with the RSA key if the label were ignored.
    const relabelled = jws({ alg: 'ES256', kid: 'k1', typ: 'JOSE' }, (keys.RS256 as Pair).privateKey);
    const mismatch = await verifyCardSignatures(relabelled, { resolveKey: resolver('RS256') }).catch(
      (e: unknown) => e,
    );
    expect(isCardSignatureError(mismatch) && mismatch.reason).toBe('bad-signature');
    const honest = jws({ alg: 'RS256', kid: 'k1', typ: 'JOSE' }, (keys.RS256 as Pair).privateKey);
    await expect(verifyCardSignatures(honest, { resolveKey: resolver('RS256') })).resolves.toMatchObject({
      verified: ['k1'],
    });
    const critical = jws(
      { alg: 'RS256', kid: 'k1', typ: 'JOSE', crit: ['b64'], b64: false },
      (keys.RS256 as Pair).privateKey,
    );
    const crit = await verifyCardSignatures(critical, { resolveKey: resolver('RS256') }).catch(
      (e: unknown) => e,
    );
    expect(isCardSignatureError(crit) && crit.reason).toBe('bad-header');
  });

  it('refuses unknown keys, malformed entries and unsupported algorithms; unsigned passes unless required', async () => {
    const signed = await signWithOfficialSdk(card, 'ES256', 'other-kid');
    const noKey = await verifyCardSignatures(signed, { resolveKey: resolver('ES256') }).catch(
      (e: unknown) => e,
    );
    expect(isCardSignatureError(noKey) && noKey.reason).toBe('no-key');
    const malformed = await verifyCardSignatures(
      { ...card, signatures: [{ protected: '!!', signature: 'x' }] },
      {
        resolveKey: resolver('ES256'),
      },
    ).catch((e: unknown) => e);
    expect(isCardSignatureError(malformed)).toBe(true);
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url');
    const unsupported = await verifyCardSignatures(
      { ...card, signatures: [{ protected: none, signature: '' }] },
      {
        resolveKey: resolver('ES256'),
      },
    ).catch((e: unknown) => e);
    expect(isCardSignatureError(unsupported) && unsupported.reason).toBe('unsupported-alg');
    expect(await verifyCardSignatures(card, { resolveKey: resolver('ES256') })).toEqual({
      verified: [],
      unsigned: true,
    });
    const required = await verifyCardSignatures(card, {
      resolveKey: resolver('ES256'),
      required: true,
    }).catch((e: unknown) => e);
    expect(isCardSignatureError(required) && required.reason).toBe('unsigned');
  });

  it('createA2AClient refuses a card with a bad signature', async () => {
    const signed = await signWithOfficialSdk(card, 'ES256', 'k1');
    const http = loopbackHttp();
    const ok = await createA2AClient({
      card: signed,
      http,
      verifySignature: { resolveKey: resolver('ES256') },
    });
    expect(ok.dialect).toBe('1.0');
    const error = await createA2AClient({
      card: { ...signed, description: 'changed' },
      http,
      verifySignature: { resolveKey: resolver('ES256') },
    }).catch((e: unknown) => e);
    expect(isCardSignatureError(error)).toBe(true);
  });
});
