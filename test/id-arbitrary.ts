import fc from 'fast-check';

/**
 * Ids built from the characters that matter to storage keys: separators, escapes, lone surrogates and their
 * look-alike (U+FFFD, which a UTF-8 encoder writes for a lone surrogate), plus arbitrary UTF-16 text.
 */
export const idArbitrary = fc.oneof(
  fc.string({
    minLength: 1,
    unit: fc.constantFrom(
      'a',
      ':',
      '%',
      'u',
      'D',
      '8',
      '0',
      '{',
      '}',
      '\uD800',
      '\uDFFF',
      '\uFFFD',
      '\uD83D',
    ),
  }),
  fc.string({ minLength: 1, unit: 'binary' }),
);

/**
 * User ids that were once the same UTF-8 bytes in Redis (lone surrogates and U+FFFD), the escape of one of them
 * written out, and ids past the key-part bound, given a long prefix to build the last three from.
 */
export function lookAlikeIds(long: string): string[] {
  return ['user-\uD800', 'user-\uDFFF', 'user-\uFFFD', 'user-%uD800', long, `${long}\uD800`, `${long}\uFFFD`];
}
