import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnValid } from './check-digits.js';
import { findPii } from './find-pii.js';
import { assertNoPii, isPiiRefusedError, type PiiRefusedError } from './pii-refused-error.js';

function kinds(text: string): string[] {
  return findPii(text).map((m) => `${m.kind}:${text.slice(m.start, m.end)}`);
}

/** Appends the Luhn check digit to a digit string. */
function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(body + d)) return body + d;
  throw new Error('unreachable');
}

describe('findPii', () => {
  it('finds email addresses', () => {
    expect(kinds('headphones for jane.doe+shop@example.co.uk please')).toEqual([
      'email:jane.doe+shop@example.co.uk',
    ]);
    expect(kinds("owner = 'a_b@mail-server.example'")).toEqual(['email:a_b@mail-server.example']);
  });

  it('finds Luhn-valid card numbers written plain, with spaces or with hyphens', () => {
    expect(kinds('4111111111111111')).toEqual(['card:4111111111111111']);
    expect(kinds('pay with 4111 1111 1111 1111 now')).toEqual(['card:4111 1111 1111 1111']);
    expect(kinds('amex 3782-822463-10005')).toEqual(['card:3782-822463-10005']);
    expect(kinds('qty 2 4111 1111 1111 1111')).toEqual(['card:4111 1111 1111 1111']);
  });

  it('ignores digit runs that fail the Luhn check, and GTINs', () => {
    expect(kinds('4111 1111 1111 1112')).toEqual([]);
    expect(kinds('gtin 4006381333931')).toEqual([]);
    expect(kinds('gtin = 00012345600012')).toEqual([]);
  });

  it('finds phone numbers with a country code or written in phone groups', () => {
    expect(kinds('call +44 20 7946 0958')).toEqual(['phone:+44 20 7946 0958']);
    expect(kinds('+4915112345678')).toEqual(['phone:+4915112345678']);
    expect(kinds('+1 (555) 123-4567')).toEqual(['phone:+1 (555) 123-4567']);
    expect(kinds('(555) 123-4567')).toEqual(['phone:(555) 123-4567']);
    expect(kinds('555-123-4567 or 555.123.4567')).toEqual(['phone:555-123-4567', 'phone:555.123.4567']);
    expect(kinds('1-800-555-0199')).toEqual(['phone:1-800-555-0199']);
  });

  it('finds phone numbers written with a trunk 0 and no country code', () => {
    expect(kinds('call 020 7946 0958')).toEqual(['phone:020 7946 0958']);
    expect(kinds('01 23 45 67 89')).toEqual(['phone:01 23 45 67 89']);
  });

  it('leaves lists of sizes, model numbers and set numbers alone', () => {
    for (const text of ['sizes 10 11 12 13 14', 'lego 10281 10282 10283', 'RTX 4090 2024 1000']) {
      expect(kinds(text), text).toEqual([]);
    }
  });

  it('leaves ordinary shopping text alone', () => {
    for (const text of [
      'noise cancelling headphones under 200',
      'price BETWEEN 100 AND 1299.99',
      "releaseDate >= '2024-01-15 10:30'",
      'size 10 12 14',
      'WH-1000XM4 sony',
      'isbn 978-3-16-148410-0',
      'sku 5551234567',
      "brand IN ('Sony', 'Bose') AND rating >= 4.5",
      'C++ programming book',
      '@sony headphones',
      'tv 55 inch 4k 120hz',
    ]) {
      expect(kinds(text), text).toEqual([]);
    }
  });

  it('reports every match in order without overlaps', () => {
    const text = 'a@b.io 4111111111111111 +33 1 23 45 67 89';
    expect(findPii(text).map((m) => m.kind)).toEqual(['email', 'card', 'phone']);
  });

  it('finds any generated card number, grouped in fours, inside text', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9]\d{14}$/),
        fc.constantFrom(' ', '-', ''),
        fc.string().filter((s) => !/[\d@+]/.test(s)),
        (body, separator, prefix) => {
          const card = withLuhnDigit(body).replace(/(\d{4})(?=\d)/g, `$1${separator}`);
          const text = `${prefix} ${card} x`;
          const matches = findPii(text);
          expect(matches).toContainEqual({
            kind: 'card',
            start: prefix.length + 1,
            end: prefix.length + 1 + card.length,
          });
        },
      ),
    );
  });

  it('finds any generated email and returns in-bounds, ordered, non-overlapping spans for any text', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(label, label, fc.stringMatching(/^[a-z]{2,6}$/), (user, host, tld) => {
        const email = `${user}@${host}.${tld}`;
        expect(kinds(`find ${email} now`)).toEqual([`email:${email}`]);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const matches = findPii(text);
        let last = 0;
        for (const m of matches) {
          expect(m.start).toBeGreaterThanOrEqual(last);
          expect(m.end).toBeGreaterThan(m.start);
          expect(m.end).toBeLessThanOrEqual(text.length);
          last = m.end;
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('stays fast on long hostile input', () => {
    const text = `${'a'.repeat(50_000)}@${'1 '.repeat(20_000)}${'9-'.repeat(20_000)}`;
    expect(Array.isArray(findPii(text))).toBe(true);
  });
});

describe('assertNoPii', () => {
  it('refuses with a typed error that names kind and offsets but not the data', () => {
    let caught: unknown;
    try {
      assertNoPii('headphones for jane@example.com', { field: 'query' });
    } catch (error) {
      caught = error;
    }
    expect(isPiiRefusedError(caught)).toBe(true);
    const error = caught as PiiRefusedError;
    expect(error.code).toBe('CAP_PII_REFUSED');
    expect(error.field).toBe('query');
    expect(error.matches).toEqual([{ kind: 'email', start: 15, end: 31 }]);
    expect(error.message).not.toContain('jane');
  });

  it('lets text through when clean or when the caller overrides', () => {
    expect(() => assertNoPii('headphones', { field: 'query' })).not.toThrow();
    expect(() => assertNoPii('4111111111111111', { field: 'filter', allowPii: true })).not.toThrow();
    expect(() => assertNoPii(undefined, { field: 'filter' })).not.toThrow();
  });
});
