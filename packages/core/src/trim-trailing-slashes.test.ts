import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimTrailingSlashes } from './trim-trailing-slashes.js';

describe('trimTrailingSlashes', () => {
  it('drops every trailing slash and nothing else', () => {
    expect(trimTrailingSlashes('https://a.example/x///')).toBe('https://a.example/x');
    expect(trimTrailingSlashes('https://a.example/x')).toBe('https://a.example/x');
    expect(trimTrailingSlashes('///')).toBe('');
    expect(trimTrailingSlashes('')).toBe('');
  });

  it('agrees with /\\/+$/ on any text of slashes and other characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('/', 'a', ':', '\\\\', '\u00e9') }), (text) => {
        expect(trimTrailingSlashes(text)).toBe(text.replace(/\/+$/, ''));
      }),
      { numRuns: 500 },
    );
  });

  it('costs time linear in the text: a million slashes before the last character', () => {
    const text = `https://a.example/${'/'.repeat(1_000_000)}x`;
    expect(trimTrailingSlashes(text)).toBe(text);
    expect(trimTrailingSlashes(`${text}${'/'.repeat(1_000_000)}`)).toBe(text);
  });
});
