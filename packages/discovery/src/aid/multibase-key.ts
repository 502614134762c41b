import { AidError } from './aid-error.js';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Map([...ALPHABET].map((c, i) => [c, i]));
/** Ed25519 public keys are 32 bytes; a base58 text longer than this cannot be one (and bounds the work). */
const MAX_KEY_CHARS = 64;

function security(message: string): AidError {
  return new AidError({ code: 'AID_SECURITY', message });
}

/** Decodes base58btc (Bitcoin alphabet); leading `1`s are leading zero bytes. */
function base58(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let carry = DIGIT.get(char);
    if (carry === undefined) throw security(`pka has a character outside base58btc: "${char}"`);
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] ?? 0) * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()]);
}

/**
 * The raw 32-byte Ed25519 public key of a record's `pka`: multibase base58btc (`z` prefix).
 *
 * @throws AidError `AID_SECURITY` when it is not multibase base58btc or not 32 bytes long.
 */
export function decodeAidPublicKey(pka: string): Uint8Array {
  if (!pka.startsWith('z')) throw security('pka is not multibase base58btc (it must start with "z")');
  if (pka.length > MAX_KEY_CHARS + 1) throw security('pka is too long for an Ed25519 key');
  const key = base58(pka.slice(1));
  if (key.length !== 32) throw security(`pka decodes to ${key.length} bytes; an Ed25519 key has 32`);
  return key;
}
