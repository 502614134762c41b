import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestKeyPart } from '../src/cache-connection.js';
import { escapeKeyPart, keyPart, MAX_KEY_PART_BYTES, redisKey } from '../src/index.js';
import { RenewalMemo } from '../src/renewal-memo.js';

const unescapeKeyPart = (part: string) =>
  part.replace(/%(25|3A|7B|7D|u[0-9A-F]{4})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex.replace('u', ''), 16)),
  );

// Ids with many of the characters that matter (escapes, lone surrogates and their look-alike U+FFFD), so
// collisions would be found.
const idArbitrary = fc.string({
  unit: fc.constantFrom(
    'a',
    ':',
    '%',
    '{',
    '}',
    '3',
    'A',
    '7',
    'B',
    'D',
    '2',
    '5',
    'u',
    '\uD800',
    '\uDFFF',
    '\uFFFD',
  ),
});
// Long ids too: past MAX_KEY_PART_BYTES a part is a digest.
const longIdArbitrary = fc.oneof(
  idArbitrary,
  fc
    .tuple(fc.constantFrom('x'.repeat(MAX_KEY_PART_BYTES - 2), 'é'.repeat(99)), idArbitrary)
    .map(([a, b]) => a + b),
);
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('Redis key parts', () => {
  it('escapes key parts so that no id can forge another key', () => {
    expect(escapeKeyPart('a:b')).not.toBe(`${escapeKeyPart('a')}:${escapeKeyPart('b')}`);
    expect(escapeKeyPart('u{x}%3A')).toBe('u%7Bx%7D%253A');
    expect(escapeKeyPart('https://shop.example/a2a')).toBe('https%3A//shop.example/a2a');
    expect(escapeKeyPart('plain-user_1')).toBe('plain-user_1');
  });

  it('maps every id to a part without separators or hash-tag braces, and back', () => {
    fc.assert(
      fc.property(fc.oneof(idArbitrary, fc.string(), fc.string({ unit: 'binary' })), (id) => {
        const part = escapeKeyPart(id);
        expect(part).not.toMatch(/[:{}]/);
        expect(unescapeKeyPart(part)).toBe(id);
      }),
      { seed: 14, numRuns: 2_000 },
    );
  });

  it('gives two different (user, merchant) pairs two different keys, as the UTF-8 bytes Redis stores', () => {
    fc.assert(
      fc.property(longIdArbitrary, longIdArbitrary, longIdArbitrary, longIdArbitrary, (u1, m1, u2, m2) => {
        fc.pre(u1 !== u2 || m1 !== m2);
        expect(utf8(redisKey('p:', 'context', u1, m1))).not.toEqual(utf8(redisKey('p:', 'context', u2, m2)));
      }),
      { seed: 14, numRuns: 2_000 },
    );
  });

  it('escapes lone surrogates, so ids that UTF-8 would make U+FFFD keep keys of their own', () => {
    expect(escapeKeyPart('user-\uD800')).toBe('user-%uD800');
    expect(escapeKeyPart('user-\uDFFF')).toBe('user-%uDFFF');
    expect(escapeKeyPart('user-\uFFFD')).toBe('user-\uFFFD');
    // A well-formed pair is one character, kept as is.
    expect(escapeKeyPart('user-\uD83D\uDE00')).toBe('user-\uD83D\uDE00');
    expect(escapeKeyPart('%uD800')).toBe('%25uD800');
    const keys = ['user-\uD800', 'user-\uDFFF', 'user-\uFFFD'].map((id) =>
      utf8(redisKey('p:', 'a', id)).toString('hex'),
    );
    expect(new Set(keys).size).toBe(3);
  });

  it('bounds every part: a long id becomes %H and its digest, whatever it holds', () => {
    const url = `https://shop.example/${'x'.repeat(100_000)}`;
    expect(keyPart(url)).toMatch(/^%H[A-Za-z0-9_-]{43}$/);
    expect(keyPart(url)).not.toBe(keyPart(`${url}y`));
    expect(redisKey('agentweb:', 'context', url, url).length).toBeLessThan(120);
    const fits = 'é'.repeat(MAX_KEY_PART_BYTES / 2);
    expect(keyPart(fits)).toBe(fits);
    expect(keyPart(`${fits}a`)).toMatch(/^%H/);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (id) => {
        expect(utf8(keyPart(id)).length).toBeLessThanOrEqual(MAX_KEY_PART_BYTES);
      }),
      { seed: 14, numRuns: 1_000 },
    );
  });

  it('digests text exactly: a lone surrogate and its U+FFFD look-alike get two digests; well-formed text its UTF-8 one', () => {
    expect(digestKeyPart('q-\uD800')).not.toBe(digestKeyPart('q-\uFFFD'));
    expect(digestKeyPart('q-\uD800')).not.toBe(digestKeyPart('q-\uDFFF'));
    expect(digestKeyPart('q')).toBe(createHash('sha256').update('q').digest('base64url'));
    fc.assert(
      fc.property(idArbitrary, idArbitrary, (a, b) => {
        fc.pre(a !== b);
        expect(digestKeyPart(a)).not.toBe(digestKeyPart(b));
      }),
      { seed: 14, numRuns: 2_000 },
    );
  });

  it('puts a tagged part in braces, escaped, so a Cluster slot follows the id alone', () => {
    expect(redisKey('p:', 'crawl', { tag: 'run{1}' }, 'results')).toBe('p:crawl:{run%7B1%7D}:results');
  });
});

describe('RenewalMemo', () => {
  it('remembers a renewal for forMs, then asks for another', () => {
    let now = 0;
    const memo = new RenewalMemo({ max: 10, forMs: 100, now: () => now });
    expect(memo.isFresh('k')).toBe(false);
    memo.renewed('k');
    now = 99;
    expect(memo.isFresh('k')).toBe(true);
    now = 100;
    expect(memo.isFresh('k')).toBe(false);
    memo.renewed('k');
    expect(memo.isFresh('k')).toBe(true);
  });

  it('keeps at most max keys, forgetting the oldest first', () => {
    const memo = new RenewalMemo({ max: 3, forMs: 1_000, now: () => 0 });
    for (const key of ['a', 'b', 'c', 'd']) memo.renewed(key);
    expect(['a', 'b', 'c', 'd'].map((key) => memo.isFresh(key))).toEqual([false, true, true, true]);
    // Renewing a key it holds drops nothing.
    memo.renewed('c');
    expect(['b', 'c', 'd'].map((key) => memo.isFresh(key))).toEqual([true, true, true]);
  });
});
