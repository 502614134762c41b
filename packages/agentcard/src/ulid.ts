import { randomBytes } from 'node:crypto';
import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** The Crockford Base32 alphabet ULIDs are written in: digits and upper-case letters without I, L, O and U. */
export const ULID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Largest timestamp a ULID can hold: 2^48 - 1 ms after the Unix epoch (year 10889). */
export const ULID_MAX_TIME = 2 ** 48 - 1;

const TIME_CHARS = 10;
const RANDOM_BYTES = 10;
const ULID_PATTERN = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/** Thrown when a string is not a ULID, or when a ULID cannot be made from the options given. */
export class InvalidUlidError extends AgentWebError {
  constructor(message: string) {
    super({ code: 'INVALID_ULID', message });
    this.name = 'InvalidUlidError';
  }
}

/** True when `error` is an {@link InvalidUlidError} from any copy of AgentWeb. */
export const isInvalidUlidError = createErrorGuard<InvalidUlidError>('InvalidUlidError');

/** Options of {@link ulid}; both exist so tests and replays can make deterministic ids. */
export interface UlidOptions {
  /** Timestamp to encode, in ms since the Unix epoch; an integer in [0, 2^48 - 1]. Default: `Date.now()`. */
  now?: number;
  /**
   * Source of random bytes; must return at least `bytes` bytes. Default: `node:crypto` `randomBytes`.
   * The IETF AgentCard draft (§2.1, §8.2) requires a cryptographically secure source for agent ids.
   */
  random?: (bytes: number) => Uint8Array;
}

/**
 * Makes a new ULID: 48 bits of millisecond time then 80 random bits, as 26 Crockford Base32 characters.
 * Ids made in the same millisecond are not ordered among themselves (no monotonic counter).
 *
 * @throws {InvalidUlidError} when `now` is not an integer in [0, 2^48 - 1] or `random` returns too few bytes.
 */
export function ulid(options: UlidOptions = {}): string {
  const now = options.now ?? Date.now();
  if (!Number.isInteger(now) || now < 0 || now > ULID_MAX_TIME) {
    throw new InvalidUlidError(`Cannot make a ULID: time ${String(now)} is not an integer in [0, 2^48 - 1]`);
  }
  const random = (options.random ?? randomBytes)(RANDOM_BYTES);
  if (!(random instanceof Uint8Array) || random.length < RANDOM_BYTES) {
    throw new InvalidUlidError(
      `Cannot make a ULID: the random source returned fewer than ${RANDOM_BYTES} bytes`,
    );
  }
  return encodeTime(now) + encodeRandom(random);
}

/**
 * True when `value` is a ULID string: 26 characters of {@link ULID_ALPHABET} (upper case only, as the IETF
 * AgentCard draft requires) whose first character is 0-7, since a larger one would exceed 128 bits.
 */
export function isUlid(value: unknown): boolean {
  return typeof value === 'string' && ULID_PATTERN.test(value);
}

/**
 * Reads the creation time out of a ULID.
 *
 * @returns milliseconds since the Unix epoch.
 * @throws {InvalidUlidError} when `id` is not a ULID (see {@link isUlid}).
 */
export function decodeUlidTime(id: string): number {
  if (!isUlid(id)) {
    throw new InvalidUlidError(
      `Not a ULID: ${describe(id)} (need 26 Crockford Base32 characters, first one 0-7)`,
    );
  }
  let time = 0;
  for (let i = 0; i < TIME_CHARS; i++) {
    // Multiplication, not bit shifts: 48 bits overflow JavaScript's 32-bit bitwise operators.
    time = time * 32 + ULID_ALPHABET.indexOf(id.charAt(i));
  }
  return time;
}

function encodeTime(time: number): string {
  let out = '';
  let rest = time;
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ULID_ALPHABET.charAt(rest % 32) + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits split into sixteen 5-bit groups, most significant first.
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < RANDOM_BYTES; i++) {
    buffer = (buffer << 8) | (bytes[i] ?? 0);
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ULID_ALPHABET.charAt((buffer >> bits) & 31);
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return `a ${value === null ? 'null' : typeof value}`;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}
