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
