import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { FakeHandler } from './fake-web.js';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** base58btc of `bytes` (leading zero bytes as `1`s), written here for the test's side of the handshake. */
export function base58btc(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] ?? 0) << 8;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return (
    '1'.repeat(zeros) +
    digits
      .reverse()
      .map((d) => B58[d])
      .join('')
  );
}

/** An Ed25519 key pair with its AID `pka` (multibase base58btc of the raw public key). */
export interface AidKey {
  privateKey: KeyObject;
  pka: string;
}

export function aidKey(): AidKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return { privateKey, pka: `z${base58btc(raw)}` };
}

/** How a test endpoint signs (each field departs from Appendix D when set, to test the refusals). */
export interface SignerOptions {
  key: AidKey;
  kid: string;
  /** Components covered, as written in Signature-Input (default the five of Appendix D). */
  covered?: string[];
  /** Seconds added to `created` (default 0). */
  createdOffset?: number;
  alg?: string;
  /** Sign a different challenge than the one received. */
  wrongChallenge?: boolean;
  /** Leave the signature headers out. */
  unsigned?: boolean;
  /** Status to answer with (default 200). */
  status?: number;
}

/**
 * An endpoint that proves control of its key as AID Appendix D says: it signs the RFC 9421 signature base of
 * the covered components (the challenge it received, GET, its own URL, its Host and its response Date) with
 * Ed25519, and answers `body` as JSON.
 */
export function aidSigningEndpoint(body: unknown, options: SignerOptions): FakeHandler {
  return (req, res) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const challenge = String(req.headers['aid-challenge'] ?? '');
    if (challenge !== '' && !options.unsigned) {
      const date = new Date().toUTCString();
      const covered = options.covered ?? ['AID-Challenge', '@method', '@target-uri', 'host', 'date'];
      const values: Record<string, string> = {
        'aid-challenge': options.wrongChallenge ? `${challenge}x` : challenge,
        '@method': req.method ?? 'GET',
        '@target-uri': `http://${req.headers.host}${req.url}`,
        host: String(req.headers.host),
        date,
      };
      const created = Math.floor(Date.now() / 1000) + (options.createdOffset ?? 0);
      const params = `(${covered.map((c) => `"${c}"`).join(' ')});created=${created};keyid=${options.kid};alg="${options.alg ?? 'ed25519'}"`;
      const base = [
        ...covered.map((c) => `"${c}": ${values[c.toLowerCase()]}`),
        `"@signature-params": ${params}`,
      ];
      const signature = sign(null, Buffer.from(base.join('\n')), options.key.privateKey).toString('base64');
      headers.date = date;
      headers['signature-input'] = `sig=${params}`;
      headers.signature = `sig=:${signature}:`;
    }
    res.writeHead(options.status ?? 200, headers).end(JSON.stringify(body));
  };
}
