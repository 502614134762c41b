import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeKeyPart, redisKey } from '../src/index.js';
import { RenewalMemo } from '../src/renewal-memo.js';

const unescapeKeyPart = (part: string) =>
  part.replace(/%(25|3A|7B|7D)/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

// Ids with many of the characters that matter, so collisions would be found.
const idArbitrary = fc.string({
  unit: fc.constantFrom('a', ':', '%', '{', '}', '3', 'A', '7', 'B', 'D', '2', '5'),
});

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

  it('gives two different (user, merchant) pairs two different keys', () => {
    fc.assert(
      fc.property(idArbitrary, idArbitrary, idArbitrary, idArbitrary, (u1, m1, u2, m2) => {
        fc.pre(u1 !== u2 || m1 !== m2);
        expect(redisKey('p:', 'context', u1, m1)).not.toBe(redisKey('p:', 'context', u2, m2));
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
