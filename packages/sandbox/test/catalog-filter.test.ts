import { describe, expect, it } from 'vitest';
import {
  evaluateFilter,
  FilterSyntaxError,
  generateCatalog,
  isValidGtin,
  parseFilter,
} from '../src/index.js';

describe('filter evaluator', () => {
  const rec = { price: 80, brand: 'Sony', color: 'Black', rating: 4.5 };
  const ok = (f: string) => evaluateFilter(parseFilter(f), rec);
  it('handles comparisons, AND/OR precedence, parentheses, BETWEEN and IN', () => {
    expect(ok('price < 100')).toBe(true);
    expect(ok("price < 100 AND brand = 'Acme'")).toBe(false);
    expect(ok("brand = 'Acme' OR brand = 'sony' AND price <= 80")).toBe(true);
    expect(ok("(brand = 'Acme' OR brand = 'Sony') AND price > 90")).toBe(false);
    expect(ok('price BETWEEN 50 AND 80')).toBe(true);
    expect(ok("brand IN ('Bose', 'Sony')")).toBe(true);
    expect(ok("brand <> 'Sony'")).toBe(false);
    expect(ok("brand != 'Bose' and rating >= 4.5")).toBe(true);
    expect(ok("missing = 'x'")).toBe(false);
    expect(evaluateFilter(parseFilter("name = 'O''Brien'"), { name: "O'Brien" })).toBe(true);
  });
  it('reports syntax errors with positions', () => {
    for (const [f, pos] of [
      ['price <', 7],
      ["brand = 'open", 8],
      ['price BETWEEN 1 10', 16],
      ['(price < 1', 10],
      ['price < 1 extra', 10],
    ] as const) {
      try {
        parseFilter(f);
        expect.unreachable(f);
      } catch (e) {
        expect(e).toBeInstanceOf(FilterSyntaxError);
        expect((e as FilterSyntaxError).position).toBe(pos);
      }
    }
  });
});

describe('catalog', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = generateCatalog({ seed: 's1', index: 2, baseUrl: 'http://x' });
    const b = generateCatalog({ seed: 's1', index: 2, baseUrl: 'http://x' });
    const c = generateCatalog({ seed: 's2', index: 2, baseUrl: 'http://x' });
    expect(JSON.stringify(a.products)).toBe(JSON.stringify(b.products));
    expect(JSON.stringify(a.products)).not.toBe(JSON.stringify(c.products));
  });
  it('has valid GTINs, variants, offers and Standard Offers; GTINs recur across merchants', () => {
    const cats = [0, 1, 2, 3].map((index) => generateCatalog({ seed: 's1', index, baseUrl: 'http://x' }));
    const products = cats.flatMap((c) => c.products);
    expect(products.every((p) => isValidGtin(p.gtin) && p.variants.every((v) => isValidGtin(v.gtin)))).toBe(
      true,
    );
    expect(products.some((p) => p.variants.length > 0)).toBe(true);
    expect(products.every((p) => /^\d+\.\d{2}$/.test(p.offers[0]?.price ?? ''))).toBe(true);
    const urns = new Set(products.flatMap((p) => p.offers.map((o) => o.additionalType).filter(Boolean)));
    expect(urns).toEqual(new Set(['urn:cap:StandardOffer:BOGO50', 'urn:cap:StandardOffer:PCT20']));
    const gtins = products.map((p) => p.gtin);
    expect(new Set(gtins).size).toBeLessThan(gtins.length);
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
  });
});
