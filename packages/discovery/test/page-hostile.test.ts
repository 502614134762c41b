import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extractProductIds,
  MAX_JSONLD_PARSE_DEPTH,
  MAX_MICRODATA_TEXT,
  parseJsonLdText,
  readMicrodataItems,
  scanHtml,
} from '../src/index.js';
import { collapseWhitespace } from '../src/page/collapse-whitespace.js';

const PRODUCT = '<div itemscope itemtype="https://schema.org/Product">';

describe('hostile pages', () => {
  it('reads a product inside 100 000 unclosed elements of every shape', () => {
    for (const shape of ['<div>', '<span>', '<table><tr><td>', '<ul><li>', '<a><b>', '<svg><g>']) {
      const html = `${shape.repeat(100_000 / shape.length)}<link rel="cap-product-id" href="DEEP-1">`;
      expect(extractProductIds(html).chosen?.id, shape).toBe('DEEP-1');
    }
    const deepItems = `${PRODUCT}<meta itemprop="sku" content="N">${'<div itemscope itemprop="offers">'.repeat(100_000)}`;
    expect(extractProductIds(deepItems).chosen?.id).toBe('N');
  });

  it('reads microdata however deep it nests: no depth limit on elements, only on nested items', () => {
    // 10 000 nested id targets around a product, and a product property after 5 000 nested text properties.
    const ids = `${'<div id="wrap">'.repeat(10_000)}${PRODUCT}<meta itemprop="sku" content="DEEP">`;
    expect(extractProductIds(ids).chosen?.id).toBe('DEEP');
    const texts = `${PRODUCT}${'<span itemprop="name">n '.repeat(5_000)}${'</span>'.repeat(5_000)}<meta itemprop="sku" content="AFTER">`;
    const product = extractProductIds(texts).products[0]!;
    expect(product.ids.sku).toEqual(['AFTER']);
    expect(product.name).toBe('n '.repeat(500).trim());
  });

  it('ends what the page left open: a text property gets its text, a JSON-LD block its content', () => {
    const open = `${PRODUCT}<div><b itemprop="sku">  LAST\n  ONE`;
    expect(extractProductIds(open).products[0]!.ids.sku).toEqual(['LAST ONE']);
    const json = `<script type="application/ld+json">{"@type":"Product","sku":"J"}`;
    expect(extractProductIds(json).chosen?.id).toBe('J');
  });

  it('reads as many items of an itemref fan-out through readMicrodataItems as product extraction does', () => {
    // Properties outside every item still count towards the page's work budget.
    const loose = '<i itemprop="x">1</i>'.repeat(30_000);
    const big = `<div id="big">${'<b itemprop="sku">1</b>'.repeat(20_000)}</div>`;
    const html = loose + big + `${PRODUCT.replace('>', ' itemref="big">')}</div>`.repeat(10);
    const products = extractProductIds(html).products.length;
    expect(products).toBeGreaterThan(1);
    expect(products).toBeLessThan(10);
    expect(readMicrodataItems(scanHtml(html), undefined)).toHaveLength(products);
  });

  it('keeps nested text properties to a bounded size', () => {
    const html = `${PRODUCT}${'<span itemprop="sku">abc '.repeat(20_000)}`;
    const result = extractProductIds(html);
    const ids = result.products[0]!.ids.sku!;
    // The outermost value is all the text inside it, cut at the cap (and trimmed where the cut left a space).
    expect(ids[0]!.length).toBeGreaterThan(MAX_MICRODATA_TEXT - 2);
    expect(ids[0]!.length).toBeLessThanOrEqual(MAX_MICRODATA_TEXT);
    const total = ids.reduce((sum, id) => sum + id.length, 0);
    expect(total).toBeLessThanOrEqual(2 * html.length + 65_536);
    expect(result.warnings.map((w) => w.code)).toContain('MICRODATA_TRUNCATED');
    expect(scanHtml(html).items).toHaveLength(1);
  });

  it('reads nested text the way the WHATWG algorithm does: whitespace collapsed, all descendants', () => {
    const html = `${PRODUCT}<h1 itemprop="name">  Big <b itemprop="brand">\n ACME</b>\t anvil &amp; co </h1>`;
    const product = extractProductIds(html).products[0]!;
    expect(product.name).toBe('Big ACME anvil & co');
    expect(product.brand).toBe('ACME');
  });

  it('stops an itemref fan-out at its budget with a warning', () => {
    const big = `<div id="big">${'<b itemprop="sku">1</b>'.repeat(20_000)}</div>`;
    const refs = `${PRODUCT.replace('>', ' itemref="big">')}</div>`.repeat(3_000);
    const result = extractProductIds(big + refs);
    expect(result.warnings.map((w) => w.code)).toContain('MICRODATA_TRUNCATED');
    expect(result.chosen?.id).toBe('1');
  });

  it('reads a shared offer once however many paths lead to it', () => {
    // Every layer references the next one twice: without de-duplication the offers would double per layer.
    let html = `${PRODUCT}<div itemprop="offers" itemscope itemref="o1"></div><div itemprop="offers" itemscope itemref="o1"></div></div>`;
    for (let i = 1; i < 40; i++) {
      html += `<div id="o${i}"><div itemprop="offers" itemscope itemref="o${i + 1}"></div><div itemprop="offers" itemscope itemref="o${i + 1}"></div></div>`;
    }
    const offers = extractProductIds(html).products[0]!.offers;
    expect(offers.length).toBeLessThan(100);
  });

  it('does not parse JSON-LD nested deeper than the parse limit', () => {
    const deep = `${'['.repeat(MAX_JSONLD_PARSE_DEPTH + 1)}1${']'.repeat(MAX_JSONLD_PARSE_DEPTH + 1)}`;
    expect(parseJsonLdText(deep).mode).toBe('too-deep');
    const shallow = `${'['.repeat(MAX_JSONLD_PARSE_DEPTH)}1${']'.repeat(MAX_JSONLD_PARSE_DEPTH)}`;
    expect(parseJsonLdText(shallow).mode).toBe('strict');
    // Brackets inside strings do not count.
    expect(parseJsonLdText(JSON.stringify({ a: '['.repeat(5000) })).mode).toBe('strict');
    const unterminated = `<script type="application/ld+json">{"@type":"Product","sku":"U","description":"${'x'.repeat(100_000)}`;
    expect(extractProductIds(unterminated).warnings.map((w) => w.code)).toEqual(['JSONLD_UNPARSEABLE']);
  });

  it('cleans JSON-LD with thousands of unclosed comment openers in one pass', () => {
    const text = `{"@type":"Product","sku":"C"}${'<!--'.repeat(50_000)}`;
    expect(parseJsonLdText(text)).toMatchObject({ mode: 'lenient', value: { sku: 'C' } });
    const blocks = `[{"@type":"Product","sku":"B"}${',/*'.repeat(50_000)}`;
    expect(parseJsonLdText(blocks).mode).toBe('unparseable');
  });
});

describe('collapseWhitespace', () => {
  it('collapses any text like /\\s+/g, keeping single spaces in place, and maps every slice', () => {
    const char = fc.constantFrom(
      'a',
      'b',
      ' ',
      '  ',
      '\n',
      '\t',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      'é',
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (chars) => {
        const raw = chars.join('');
        const { text, offsets } = collapseWhitespace(raw);
        expect(text).toBe(raw.replace(/\s+/g, ' '));
        for (let a = 0; a <= raw.length; a++) {
          for (let b = a; b <= raw.length; b++) {
            expect(text.slice(offsets[a], offsets[b]).trim()).toBe(
              raw.slice(a, b).replace(/\s+/g, ' ').trim(),
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('collapses like /\\s+/g and maps every offset of every slice', () => {
    const raw = ' a \n\t b\u00a0\u2003c  ';
    const { text, offsets } = collapseWhitespace(raw);
    expect(text).toBe(raw.replace(/\s+/g, ' '));
    for (let a = 0; a <= raw.length; a++) {
      for (let b = a; b <= raw.length; b++) {
        expect(text.slice(offsets[a], offsets[b]).trim()).toBe(raw.slice(a, b).replace(/\s+/g, ' ').trim());
      }
    }
  });
});
