import { describe, expect, it } from 'vitest';
import { jsonHeapBytes, stringHeapBytes } from '../src/heap-size.js';

describe('jsonHeapBytes', () => {
  it('counts a string by its characters, at two bytes each beyond Latin-1', () => {
    expect(stringHeapBytes('a'.repeat(1_000))).toBe(1_016);
    expect(stringHeapBytes('é'.repeat(1_000))).toBe(1_016);
    expect(stringHeapBytes('€'.repeat(1_000))).toBe(2_016);
  });

  it('counts a parsed page at several times its JSON when it is made of many small values', () => {
    const page = {
      products: Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, price: 19.9, n: i, tags: ['a', 'b'] })),
    };
    const json = JSON.stringify(page).length;
    expect(jsonHeapBytes(JSON.parse(JSON.stringify(page)))).toBeGreaterThan(2 * json);
    // Each value is counted once, whatever order the properties come in.
    expect(jsonHeapBytes({ a: 'x', b: [1, 2.5] })).toBe(jsonHeapBytes({ b: [1, 2.5], a: 'x' }));
  });
});
