import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';
import { CardSignatureError } from './errors.js';
import { canonicalizeJson } from './jcs.js';
import { isObject } from './shape.js';

/** The decoded protected header of a card signature. */
export interface CardSignatureHeader {
  /** JWS algorithm (`ES256`, `RS256`, `EdDSA`, ...). */
  alg: string;
  /** Key id. */
  kid?: string;
  /** JWK Set URL. */
  jku?: string;
  /** `JOSE`. */
  typ?: string;
  /** Other header members. */
  [name: string]: unknown;
}

/** A public key as a `KeyObject`, a JWK, or PEM text. */
export type CardPublicKey = KeyObject | JsonWebKey | string;

/**
 * Finds the public key for a signature. Return `undefined` when the key is unknown (the signature then counts
 * as unverifiable); throw to refuse outright. Expired or revoked keys must not be returned.
 */
export type CardKeyResolver = (
  header: CardSignatureHeader,
  signal?: AbortSignal,
) => CardPublicKey | undefined | Promise<CardPublicKey | undefined>;

/** Options of {@link verifyCardSignatures}. */
export interface VerifyCardSignaturesOptions {
  /** Key lookup. */
  resolveKey: CardKeyResolver;
  /** Refuse a card that has no signatures (default false). */
  required?: boolean;
  /** Aborts key resolution. */
  signal?: AbortSignal;
}

/** What was verified. */
export interface CardSignatureReport {
  /** Signatures that verified, by `kid`. */
  verified: string[];
  /** True when the card carried no signatures (only possible with `required: false`). */
  unsigned: boolean;
}

interface Algorithm {
  hash: string | null;
  dsaEncoding?: 'ieee-p1363';
  /** Key types the algorithm may be used with (RFC 7518 §3, RFC 8037 §3.1). */
  keyTypes: readonly string[];
  /** The EC curve the algorithm names (node's curve name). */
  curve?: string;
}

const ALGORITHMS: Record<string, Algorithm> = {
  ES256: { hash: 'sha256', dsaEncoding: 'ieee-p1363', keyTypes: ['ec'], curve: 'prime256v1' },
  ES384: { hash: 'sha384', dsaEncoding: 'ieee-p1363', keyTypes: ['ec'], curve: 'secp384r1' },
  ES512: { hash: 'sha512', dsaEncoding: 'ieee-p1363', keyTypes: ['ec'], curve: 'secp521r1' },
  RS256: { hash: 'sha256', keyTypes: ['rsa'] },
  RS384: { hash: 'sha384', keyTypes: ['rsa'] },
  RS512: { hash: 'sha512', keyTypes: ['rsa'] },
  EdDSA: { hash: null, keyTypes: ['ed25519', 'ed448'] },
  Ed25519: { hash: null, keyTypes: ['ed25519'] },
};

/**
 * True when `key` is the kind `alg` names. `crypto.verify` would otherwise accept, say, an RSA signature under
 * an `ES256` header (it picks the scheme from the key), so the header's algorithm would mean nothing.
 */
function keyFitsAlgorithm(key: KeyObject, alg: Algorithm): boolean {
  if (key.type === 'secret' || !alg.keyTypes.includes(key.asymmetricKeyType ?? '')) return false;
  return alg.curve === undefined || key.asymmetricKeyDetails?.namedCurve === alg.curve;
}

/**
 * Removes what the 1.0 spec (§8.4) excludes from the signed payload: the `signatures` member and
 * default-valued fields (empty strings, nulls, empty arrays and objects), recursively.
 */
export function stripForSigning(card: Record<string, unknown>): unknown {
  const { signatures: _omit, ...rest } = card;
  return dropEmpty(rest) ?? {};
}

function dropEmpty(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const list = value.map(dropEmpty).filter((v) => v !== undefined);
    return list.length > 0 ? list : undefined;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const cleaned = dropEmpty(v);
      if (cleaned !== undefined) out[k] = cleaned;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}

/** The JCS text a card's signatures cover. */
export function canonicalizeAgentCardForSigning(card: Record<string, unknown>): string {
  return canonicalizeJson(stripForSigning(card));
}

function b64urlDecode(text: string, what: string): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) {
    throw new CardSignatureError({
      reason: 'malformed',
      message: `The signature's ${what} is not base64url`,
    });
  }
  return Buffer.from(text, 'base64url');
}

function toKey(key: CardPublicKey): KeyObject {
  if (typeof key === 'string') return createPublicKey(key);
  if ('asymmetricKeyType' in key || 'export' in key) return key as KeyObject;
  return createPublicKey({ key: key as JsonWebKey, format: 'jwk' });
}

/**
 * Verifies the card's JWS signatures (RFC 7515, detached payload: the JCS form of the card without
 * `signatures` and empty fields). Every signature whose key resolves must verify, and at least one must;
 * otherwise throws `CardSignatureError` and the card must not be used.
 */
export async function verifyCardSignatures(
  card: unknown,
  options: VerifyCardSignaturesOptions,
): Promise<CardSignatureReport> {
  if (!isObject(card))
    throw new CardSignatureError({ reason: 'malformed', message: 'The card is not an object' });
  const signatures = card['signatures'];
  if (signatures === undefined || (Array.isArray(signatures) && signatures.length === 0)) {
    if (options.required)
      throw new CardSignatureError({ reason: 'unsigned', message: 'The card is not signed' });
    return { verified: [], unsigned: true };
  }
  if (!Array.isArray(signatures)) {
    throw new CardSignatureError({
      reason: 'malformed',
      message: 'The card\'s "signatures" is not an array',
    });
  }
  const payload = Buffer.from(canonicalizeAgentCardForSigning(card)).toString('base64url');
  const verified: string[] = [];
  for (const [i, entry] of signatures.entries()) {
    if (
      !isObject(entry) ||
      typeof entry['protected'] !== 'string' ||
      typeof entry['signature'] !== 'string'
    ) {
      throw new CardSignatureError({
        reason: 'malformed',
        message: `signatures[${i}] lacks protected/signature`,
      });
    }
    let header: CardSignatureHeader;
    try {
      header = JSON.parse(b64urlDecode(entry['protected'], 'protected header').toString('utf8'));
    } catch (cause) {
      throw new CardSignatureError({
        reason: 'bad-header',
        message: `signatures[${i}] has an unreadable header`,
        cause,
      });
    }
    if (!isObject(header) || typeof header.alg !== 'string') {
      throw new CardSignatureError({ reason: 'bad-header', message: `signatures[${i}] header has no alg` });
    }
    const alg = ALGORITHMS[header.alg];
    if (!alg) {
      throw new CardSignatureError({
        reason: 'unsupported-alg',
        message: `signatures[${i}] uses ${header.alg}, which this client does not verify`,
      });
    }
    // No extension is understood here, and RFC 7515 §4.1.11 requires refusing a JWS whose `crit` names one
    // (e.g. `b64: false`, which would change what the signature covers).
    if ((header as Record<string, unknown>)['crit'] !== undefined) {
      throw new CardSignatureError({
        reason: 'bad-header',
        message: `signatures[${i}] header lists critical extensions this client does not understand`,
      });
    }
    const publicKey = await options.resolveKey(header, options.signal);
    if (publicKey === undefined) continue;
    const data = Buffer.from(`${entry['protected']}.${payload}`);
    const signature = b64urlDecode(entry['signature'], 'signature');
    let ok: boolean;
    try {
      const key = toKey(publicKey);
      if (!keyFitsAlgorithm(key, alg)) {
        throw new TypeError(`a ${key.asymmetricKeyType ?? key.type} key cannot verify ${header.alg}`);
      }
      ok = verify(alg.hash, data, alg.dsaEncoding ? { key, dsaEncoding: alg.dsaEncoding } : key, signature);
    } catch (cause) {
      throw new CardSignatureError({
        reason: 'bad-signature',
        message: `signatures[${i}] (kid ${header.kid ?? '?'}) could not be checked`,
        cause,
      });
    }
    if (!ok) {
      throw new CardSignatureError({
        reason: 'bad-signature',
        message: `signatures[${i}] (kid ${header.kid ?? '?'}) does not match the card`,
      });
    }
    verified.push(header.kid ?? `#${i}`);
  }
  if (verified.length === 0) {
    throw new CardSignatureError({
      reason: 'no-key',
      message: "No key was found for any of the card's signatures",
    });
  }
  return { verified, unsigned: false };
}
