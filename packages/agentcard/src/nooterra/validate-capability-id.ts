/**
 * Nooterra's capability identifier policy (`CapabilityNamespacePolicy.v1`): the rules every `capabilities[]`
 * entry and every `capability` discovery filter must follow.
 *
 * Everything here is hand-written character scanning rather than regular expressions, so a hostile 10 MB value
 * costs one linear pass at most and cannot trigger backtracking.
 */

/** Every reason code the policy can give, in the order the rules are checked. */
export const CAPABILITY_IDENTIFIER_CODES = [
  'CAPABILITY_IDENTIFIER_REQUIRED',
  'CAPABILITY_IDENTIFIER_TOO_LONG',
  'CAPABILITY_IDENTIFIER_LEGACY_PATTERN_INVALID',
  'CAPABILITY_IDENTIFIER_URI_SCHEME_INVALID',
  'CAPABILITY_IDENTIFIER_URI_ASCII_LOWERCASE_REQUIRED',
  'CAPABILITY_IDENTIFIER_URI_IDENTIFIER_TOO_LONG',
  'CAPABILITY_IDENTIFIER_URI_IDENTIFIER_REQUIRED',
  'CAPABILITY_IDENTIFIER_URI_VERSION_INVALID',
  'CAPABILITY_IDENTIFIER_URI_IDENTIFIER_PATTERN_INVALID',
  'CAPABILITY_IDENTIFIER_URI_SEGMENT_COUNT_EXCEEDED',
  'CAPABILITY_IDENTIFIER_URI_SEGMENT_LENGTH_EXCEEDED',
  'CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED',
] as const;

/** A reason code from the capability identifier policy, e.g. `CAPABILITY_IDENTIFIER_URI_VERSION_INVALID`. */
export type CapabilityIdentifierCode = (typeof CAPABILITY_IDENTIFIER_CODES)[number];

/** The two accepted spellings: a legacy free-form label, or a `capability://` URI. */
export type CapabilityIdentifierForm = 'legacy' | 'uri';

/** The only scheme prefix a URI-form identifier may use (case-sensitive). */
export const CAPABILITY_URI_PREFIX = 'capability://';

/** First segments a URI-form identifier may not use (exact segment match). */
export const RESERVED_CAPABILITY_NAMESPACES: readonly string[] = Object.freeze([
  'admin',
  'internal',
  'nooterra',
  'reserved',
  'root',
  'system',
]);

/** Numeric limits of the policy. */
export const CAPABILITY_IDENTIFIER_LIMITS = Object.freeze({
  /** Longest accepted value after trimming, either form. */
  maxLength: 256,
  /** Longest accepted URI, prefix and version included. */
  maxUriLength: 160,
  /** Longest identifier part of a URI (between the prefix and `@`). */
  maxIdentifierLength: 128,
  /** Most `.`-separated segments in a URI identifier. */
  maxSegments: 8,
  /** Longest single `.`-separated segment. */
  maxSegmentLength: 32,
  /** Most digits after `v` in a version suffix. */
  maxVersionDigits: 9,
});

/** Result of {@link validateCapabilityId}. */
export type CapabilityIdResult =
  | {
      ok: true;
      /** The stored form: the input with surrounding whitespace trimmed. */
      normalized: string;
      /** Which spelling the value uses. */
      form: CapabilityIdentifierForm;
    }
  | {
      ok: false;
      /** The first rule that failed. */
      code: CapabilityIdentifierCode;
      /**
       * The spelling the value was read as when the failure happened; null when it was not a non-empty string.
       * Reported so callers (and the oracle) can tell legacy failures from URI failures.
       */
      form: CapabilityIdentifierForm | null;
    };

const RESERVED = new Set(RESERVED_CAPABILITY_NAMESPACES);

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isLowerAlnum(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || isAsciiDigit(c);
}

/** `letter [letter|digit|+|.|-]* "://"`, the shape that makes a value URI-form rather than legacy. */
function looksLikeUri(value: string): boolean {
  if (value.length === 0 || !isAsciiLetter(value.charCodeAt(0))) return false;
  let i = 1;
  while (i < value.length) {
    const c = value.charCodeAt(i);
    // '+' '-' '.'
    if (isAsciiLetter(c) || isAsciiDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) i++;
    else break;
  }
  return value.startsWith('://', i);
}

/** Legacy values: only ASCII letters, digits, `.`, `_`, `:`, `-`. */
function isLegacyPattern(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (isAsciiLetter(c) || isAsciiDigit(c) || c === 0x2e || c === 0x5f || c === 0x3a || c === 0x2d) continue;
    return false;
  }
  return true;
}

function isAsciiLowercase(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 0x7f || (c >= 0x41 && c <= 0x5a)) return false;
  }
  return true;
}

/** Runs of `[a-z0-9]` joined by single `.`, `_` or `-`, with no separator at either end. */
function isIdentifierPattern(identifier: string): boolean {
  let previousWasSeparator = true;
  for (let i = 0; i < identifier.length; i++) {
    const c = identifier.charCodeAt(i);
    if (isLowerAlnum(c)) {
      previousWasSeparator = false;
    } else if (c === 0x2e || c === 0x5f || c === 0x2d) {
      if (previousWasSeparator) return false;
      previousWasSeparator = true;
    } else {
      return false;
    }
  }
  return !previousWasSeparator;
}

/** `v` followed by a positive integer of at most 9 digits, without a leading zero. */
function isVersion(version: string): boolean {
  const digits = version.length - 1;
  if (
    version.charCodeAt(0) !== 0x76 ||
    digits < 1 ||
    digits > CAPABILITY_IDENTIFIER_LIMITS.maxVersionDigits
  ) {
    return false;
  }
  if (version.charCodeAt(1) === 0x30) return false;
  for (let i = 1; i < version.length; i++) if (!isAsciiDigit(version.charCodeAt(i))) return false;
  return true;
}

/**
 * Checks one capability identifier against Nooterra's policy, rule by rule in the documented order; the first
 * failing rule decides the code. Never throws, whatever `id` is.
 *
 * @example validateCapabilityId(' capability://travel.booking@v2 ') // { ok: true, normalized: 'capability://travel.booking@v2', form: 'uri' }
 * @example validateCapabilityId('capability://system.audit') // { ok: false, code: 'CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED', form: 'uri' }
 */
export function validateCapabilityId(id: unknown): CapabilityIdResult {
  if (typeof id !== 'string') return { ok: false, code: 'CAPABILITY_IDENTIFIER_REQUIRED', form: null };
  const value = id.trim();
  if (value === '') return { ok: false, code: 'CAPABILITY_IDENTIFIER_REQUIRED', form: null };

  const form: CapabilityIdentifierForm = looksLikeUri(value) ? 'uri' : 'legacy';
  const fail = (code: CapabilityIdentifierCode): CapabilityIdResult => ({ ok: false, code, form });
  const limits = CAPABILITY_IDENTIFIER_LIMITS;

  if (value.length > limits.maxLength) return fail('CAPABILITY_IDENTIFIER_TOO_LONG');

  if (form === 'legacy') {
    return isLegacyPattern(value)
      ? { ok: true, normalized: value, form }
      : fail('CAPABILITY_IDENTIFIER_LEGACY_PATTERN_INVALID');
  }

  if (!value.startsWith(CAPABILITY_URI_PREFIX)) return fail('CAPABILITY_IDENTIFIER_URI_SCHEME_INVALID');
  if (!isAsciiLowercase(value)) return fail('CAPABILITY_IDENTIFIER_URI_ASCII_LOWERCASE_REQUIRED');
  if (value.length > limits.maxUriLength) return fail('CAPABILITY_IDENTIFIER_URI_IDENTIFIER_TOO_LONG');

  const rest = value.slice(CAPABILITY_URI_PREFIX.length);
  const at = rest.indexOf('@');
  const identifier = at === -1 ? rest : rest.slice(0, at);
  const version = at === -1 ? null : rest.slice(at + 1);
  if (identifier === '') return fail('CAPABILITY_IDENTIFIER_URI_IDENTIFIER_REQUIRED');
  if (version !== null && (version === '' || version.includes('@'))) {
    return fail('CAPABILITY_IDENTIFIER_URI_VERSION_INVALID');
  }
  if (!isIdentifierPattern(identifier)) return fail('CAPABILITY_IDENTIFIER_URI_IDENTIFIER_PATTERN_INVALID');
  if (identifier.length > limits.maxIdentifierLength)
    return fail('CAPABILITY_IDENTIFIER_URI_IDENTIFIER_TOO_LONG');
  if (version !== null && !isVersion(version)) return fail('CAPABILITY_IDENTIFIER_URI_VERSION_INVALID');

  const segments = identifier.split('.');
  if (segments.length > limits.maxSegments) return fail('CAPABILITY_IDENTIFIER_URI_SEGMENT_COUNT_EXCEEDED');
  for (const segment of segments) {
    if (segment.length > limits.maxSegmentLength)
      return fail('CAPABILITY_IDENTIFIER_URI_SEGMENT_LENGTH_EXCEEDED');
  }
  if (RESERVED.has(segments[0] ?? '')) return fail('CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED');

  return { ok: true, normalized: value, form };
}

const CODE_DETAILS: Record<CapabilityIdentifierCode, string> = {
  CAPABILITY_IDENTIFIER_REQUIRED: 'must be a non-empty string',
  CAPABILITY_IDENTIFIER_TOO_LONG: `must be at most ${CAPABILITY_IDENTIFIER_LIMITS.maxLength} characters`,
  CAPABILITY_IDENTIFIER_LEGACY_PATTERN_INVALID:
    'a legacy (non-URI) identifier may only contain ASCII letters, digits, ".", "_", ":" and "-"',
  CAPABILITY_IDENTIFIER_URI_SCHEME_INVALID: `a URI identifier must start with exactly "${CAPABILITY_URI_PREFIX}"`,
  CAPABILITY_IDENTIFIER_URI_ASCII_LOWERCASE_REQUIRED: 'a URI identifier must be lowercase ASCII',
  CAPABILITY_IDENTIFIER_URI_IDENTIFIER_TOO_LONG: `a URI identifier must be at most ${CAPABILITY_IDENTIFIER_LIMITS.maxUriLength} characters, its namespace at most ${CAPABILITY_IDENTIFIER_LIMITS.maxIdentifierLength}`,
  CAPABILITY_IDENTIFIER_URI_IDENTIFIER_REQUIRED: 'a URI identifier needs a namespace after the scheme',
  CAPABILITY_IDENTIFIER_URI_VERSION_INVALID: `the version suffix must be "@v" plus 1 to ${CAPABILITY_IDENTIFIER_LIMITS.maxVersionDigits} digits without a leading zero`,
  CAPABILITY_IDENTIFIER_URI_IDENTIFIER_PATTERN_INVALID:
    'the namespace must be runs of [a-z0-9] joined by single ".", "_" or "-"',
  CAPABILITY_IDENTIFIER_URI_SEGMENT_COUNT_EXCEEDED: `the namespace may have at most ${CAPABILITY_IDENTIFIER_LIMITS.maxSegments} "."-separated segments`,
  CAPABILITY_IDENTIFIER_URI_SEGMENT_LENGTH_EXCEEDED: `each namespace segment must be at most ${CAPABILITY_IDENTIFIER_LIMITS.maxSegmentLength} characters`,
  CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED: `the first namespace segment may not be one of ${RESERVED_CAPABILITY_NAMESPACES.join(', ')}`,
};

/** A sentence explaining a reason code, for error messages. */
export function describeCapabilityIdentifierCode(code: CapabilityIdentifierCode): string {
  return CODE_DETAILS[code];
}
