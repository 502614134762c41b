import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  extractProductIds,
  type MicrodataItem,
  parseJsonLdText,
  readMicrodataItems,
  scanHtml,
} from '../src/page/index.js';

const ORACLE = new URL('../../../fixtures/oracles/jsonld/', import.meta.url);

interface SampleCase {
  id: string;
  kind: 'jsonld' | 'microdata';
  html?: string;
  html_inline?: string;
  expected?: string | null;
  expected_inline?: unknown;
  extractor_options: { base_url?: string; return_html_node?: boolean };
}

const { cases } = JSON.parse(readFileSync(new URL('cases.json', ORACLE), 'utf8')) as { cases: SampleCase[] };

function html(c: SampleCase): string {
  return c.html_inline ?? readFileSync(new URL(c.html!, ORACLE), 'utf8');
}

function expectedOf(c: SampleCase): unknown {
  if (c.expected_inline !== undefined) return c.expected_inline;
  return JSON.parse(readFileSync(new URL(c.expected!, ORACLE), 'utf8'));
}

/** extruct's item shape: a property seen once is a scalar, repeated ones an array. */
function toExtruct(item: MicrodataItem): unknown {
  const properties: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(item.properties)) {
    const mapped = values.map((v) => (typeof v === 'string' ? v : toExtruct(v)));
    properties[name] = mapped.length === 1 ? mapped[0] : mapped;
  }
  return { type: item.type.length === 1 ? item.type[0] : item.type, properties };
}

describe('JSON-LD samples from extruct (malformed blocks)', () => {
  const jsonLdCases = cases.filter((c) => c.kind === 'jsonld');

  it.each(jsonLdCases.map((c) => [c.id, c] as const))('%s is recovered to the expected value', (_id, c) => {
    const values: unknown[] = [];
    for (const block of scanHtml(html(c)).jsonLd) {
      const parsed = parseJsonLdText(block.text);
      expect(parsed.mode).not.toBe('unparseable');
      if (parsed.value === null || parsed.value === undefined) continue;
      if (Array.isArray(parsed.value)) values.push(...parsed.value);
      else values.push(parsed.value);
    }
    expect(values).toEqual(expectedOf(c));
  });

  it.each(jsonLdCases.map((c) => [c.id, c] as const))(
    '%s never throws and warns when clean-up was needed',
    (_id, c) => {
      const page = html(c);
      const result = extractProductIds(page);
      const needsCleanup = scanHtml(page).jsonLd.some((b) => parseJsonLdText(b.text).mode === 'lenient');
      expect(result.warnings.some((w) => w.code === 'JSONLD_CLEANED')).toBe(needsCleanup);
    },
  );

  it('reports an unreadable block with a warning instead of throwing', () => {
    const result = extractProductIds(
      '<script type="application/ld+json">{"@type": "Product", "sku": </script>' +
        '<script type="application/ld+json">{"@type":"Product","sku":"OK-1"}</script>',
    );
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'JSONLD_UNPARSEABLE', block: 0 })]);
    expect(result.chosen).toMatchObject({ id: 'OK-1', source: 'jsonld', property: 'sku' });
  });
});

describe('microdata samples from extruct', () => {
  const microCases = cases.filter(
    (c) => c.kind === 'microdata' && c.expected && !c.extractor_options.return_html_node,
  );

  it.each(microCases.map((c) => [c.id, c] as const))('%s gives the expected items', (_id, c) => {
    const items = readMicrodataItems(scanHtml(html(c)), c.extractor_options.base_url);
    const topLevel = items.filter((i) => !i.nested).map(toExtruct);
    expect(topLevel).toEqual(expectedOf(c));
  });

  it('reads the bare Product fragment', () => {
    const c = cases.find((x) => x.id === 'misc/product_microdata')!;
    const result = extractProductIds(html(c));
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products[0]!.source).toBe('microdata');
  });
});
