import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractProductIds, type ProductIdExtraction } from '../src/page/index.js';

const ORACLE = new URL('../../../fixtures/oracles/product-pages/', import.meta.url);

interface GroundTruth {
  url: string;
  sku?: string[];
  gtin?: string[];
}
interface ExpectedPage {
  candidates: { source: string; level: string; property: string; value: string }[];
}

const truth = JSON.parse(readFileSync(new URL('ground-truth.json', ORACLE), 'utf8')) as Record<
  string,
  GroundTruth
>;
const expected = JSON.parse(readFileSync(new URL('expected-identifiers.json', ORACLE), 'utf8')) as {
  pages: Record<string, ExpectedPage>;
};
const files = readdirSync(new URL('html/', ORACLE))
  .filter((f) => f.endsWith('.html.gz'))
  .sort();

function load(file: string): string {
  return gunzipSync(readFileSync(new URL(`html/${file}`, ORACLE))).toString('utf8');
}

// One extraction per page, shared by the assertions below (the pages are 64 MB unpacked).
const results = new Map<string, ProductIdExtraction>();
for (const file of files) {
  const gt = truth[file.replace(/\.html\.gz$/, '')];
  results.set(file, extractProductIds(load(file), { baseUrl: gt?.url }));
}

describe('extractProductIds over the shared product pages (product-extraction-benchmark)', () => {
  it('reads all 98 pages without an extraction failure', () => {
    expect(results.size).toBe(98);
    for (const result of results.values()) {
      expect(result.warnings.filter((w) => w.code === 'EXTRACTION_FAILED')).toEqual([]);
    }
  });

  it('finds the ground-truth sku or gtin as chosen or as a candidate on most pages with markup', () => {
    let withTruth = 0;
    let chosenHits = 0;
    let anyHits = 0;
    for (const [file, result] of results) {
      const gt = truth[file.replace(/\.html\.gz$/, '')];
      const accepted = new Set([...(gt?.sku ?? []), ...(gt?.gtin ?? [])]);
      if (accepted.size === 0) continue;
      withTruth++;
      const chosenHit = result.chosen !== null && accepted.has(result.chosen.id);
      if (chosenHit) chosenHits++;
      if (chosenHit || result.candidates.some((c) => accepted.has(c.id))) anyHits++;
    }
    // Measured: 95 pages with a sku/gtin, chosen 39, chosen-or-candidate 41 (34 pages have no markup at all).
    console.info(
      `product-pages: chosen ${chosenHits}/${withTruth}, chosen or candidate ${anyHits}/${withTruth}`,
    );
    expect(withTruth).toBe(95);
    expect(chosenHits).toBeGreaterThanOrEqual(37);
    expect(anyHits).toBeGreaterThanOrEqual(39);
  });

  it('agrees with the reference candidate list on nearly every page', () => {
    let agree = 0;
    let agreeNonEmpty = 0;
    let nonEmpty = 0;
    for (const [file, result] of results) {
      const ref = expected.pages[file];
      expect(ref).toBeDefined();
      const want = new Set(ref!.candidates.map((c) => `${c.source}|${c.property}|${c.value}`));
      const got = new Set(
        result.candidates.filter((c) => c.source !== 'link').map((c) => `${c.source}|${c.property}|${c.id}`),
      );
      const same = want.size === got.size && [...want].every((w) => got.has(w));
      if (want.size > 0) nonEmpty++;
      if (same) {
        agree++;
        if (want.size > 0) agreeNonEmpty++;
      }
    }
    // Measured: 97/98 pages, 52/53 with candidates. The one difference is a whitespace-only `sku` that the
    // reference keeps and we drop on purpose (a blank string is not an identifier).
    console.info(
      `product-pages: candidates agree on ${agree}/98 pages, ${agreeNonEmpty}/${nonEmpty} with candidates`,
    );
    expect(agree).toBeGreaterThanOrEqual(95);
    expect(agreeNonEmpty).toBeGreaterThanOrEqual(50);
  });

  it('reads the CDATA-wrapped JSON-LD block and says so in a warning', () => {
    const cleaned = [...results.values()].filter((r) => r.warnings.some((w) => w.code === 'JSONLD_CLEANED'));
    expect(cleaned.length).toBeGreaterThanOrEqual(1);
    expect(cleaned.every((r) => r.products.length > 0)).toBe(true);
  });
});
