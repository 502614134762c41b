import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStandardOfferCode, extractProductIds, normalizeAvailability } from '../src/page/index.js';

const ld = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('extractProductIds: CAP precedence', () => {
  it('prefers <link rel="cap-product-id"> even when it sits in <body> after JSON-LD', () => {
    const html = `<html><head>${ld({ '@type': 'Product', productID: 'P-1', sku: 'S-1' })}</head>
      <body><link rel="alternate CAP-Product-Id" href=" cap-42 "></body></html>`;
    const result = extractProductIds(html, { baseUrl: 'https://shop.example/p/1' });
    // The href is an opaque id, not a URL: it is passed on unchanged (only trimmed), never resolved.
    expect(result.chosen).toEqual({ id: 'cap-42', source: 'link', property: 'productID', path: 'link[0]' });
    expect(result.candidates.map((c) => c.id)).toEqual(['cap-42', 'P-1', 'S-1']);
  });

  it('takes productID, then identifier, then sku; GTIN and MPN are only candidates', () => {
    const product = { '@type': 'Product', sku: 'S-1', gtin13: '4006381333931', mpn: 'M-1' };
    expect(extractProductIds(ld(product)).chosen?.id).toBe('S-1');
    expect(extractProductIds(ld({ ...product, identifier: 'I-1' })).chosen?.property).toBe('identifier');
    expect(extractProductIds(ld({ ...product, identifier: 'I-1', productID: 'P-1' })).chosen?.id).toBe('P-1');
    const gtinOnly = extractProductIds(ld({ '@type': 'Product', gtin13: '4006381333931', mpn: 'M-1' }));
    expect(gtinOnly.chosen).toBeNull();
    expect(gtinOnly.candidates.map((c) => c.property)).toEqual(['gtin13', 'mpn']);
  });

  it('falls back to an offer-level sku', () => {
    const result = extractProductIds(
      ld({ '@type': 'Product', name: 'X', offers: { '@type': 'Offer', sku: 'O-1' } }),
    );
    expect(result.chosen).toMatchObject({ id: 'O-1', path: 'jsonld[0]:$.offers[0].sku' });
  });
});

describe('extractProductIds: JSON-LD shapes', () => {
  it('reads @graph, @type arrays, full-URI and schema: types and prefixed keys', () => {
    const html =
      ld({
        '@context': 'https://schema.org',
        '@graph': [{ '@type': 'WebPage' }, { '@type': ['Thing', 'Product'], sku: 'G-1' }],
      }) +
      ld([
        { '@type': 'http://schema.org/Product', 'http://schema.org/sku': 'U-1' },
        { '@type': 'schema:Product', 'schema:gtin': 42 },
      ]);
    const result = extractProductIds(html);
    expect(result.products.map((p) => p.path)).toEqual([
      'jsonld[0]:@graph[1]',
      'jsonld[1]:[0]',
      'jsonld[1]:[1]',
    ]);
    expect(result.candidates.map((c) => `${c.property}=${c.id}`)).toEqual(['sku=G-1', 'sku=U-1', 'gtin=42']);
  });

  it('reads identifier as text, URL or PropertyValue and coerces numbers to strings', () => {
    const result = extractProductIds(
      ld({
        '@type': 'Product',
        productID: 746423,
        identifier: [
          'plain',
          'https://shop.example/id/9',
          { '@type': 'PropertyValue', propertyID: 'EAN', value: '8595656505198' },
          { '@type': 'PropertyValue', value: 7 },
        ],
      }),
    );
    expect(result.chosen).toMatchObject({ id: '746423', property: 'productID' });
    expect(result.candidates.filter((c) => c.property === 'identifier').map((c) => c.id)).toEqual([
      'plain',
      'https://shop.example/id/9',
      '8595656505198',
      '7',
    ]);
  });

  it('finds products nested in mainEntity and ProductGroup variants', () => {
    const result = extractProductIds(
      ld({
        '@type': 'ItemPage',
        mainEntity: {
          '@type': 'ProductGroup',
          name: 'Tee',
          productGroupID: 'TEE',
          variesBy: 'https://schema.org/size',
          hasVariant: [
            { '@type': 'Product', sku: 'TEE-S', offers: { price: 10, priceCurrency: 'EUR' } },
            { '@type': 'Product', sku: 'TEE-M' },
          ],
        },
      }),
    );
    expect(result.products.map((p) => [p.path, p.variantOf])).toEqual([
      ['jsonld[0]:mainEntity', undefined],
      ['jsonld[0]:mainEntity.hasVariant[0]', 'jsonld[0]:mainEntity'],
      ['jsonld[0]:mainEntity.hasVariant[1]', 'jsonld[0]:mainEntity'],
    ]);
    expect(result.chosen?.id).toBe('TEE-S');
    expect(result.products[1]!.offers[0]).toMatchObject({ price: '10', currency: 'EUR' });
  });

  it('returns name, brand, offers with normalized availability and Standard Offers', () => {
    const result = extractProductIds(
      ld({
        '@type': 'Product',
        name: 'Anvil',
        brand: { '@type': 'Brand', name: 'ACME' },
        sku: 'A-1',
        offers: [
          {
            '@type': 'Offer',
            price: '119.99',
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            additionalType: [
              'urn:cap:StandardOffer:BOGO50',
              'cap:StandardOffer:PCT20',
              'urn:cap:StandardOffer:XMAS',
            ],
          },
          { '@type': 'AggregateOffer', lowPrice: 99, priceCurrency: 'USD', availability: 'PreOrder' },
          {
            '@type': 'Offer',
            availability: 'http://schema.org/SoldOut',
            additionalType: 'urn:cap:StandardOffer:BTGOF',
          },
        ],
      }),
    );
    const [product] = result.products;
    expect(product).toMatchObject({ name: 'Anvil', brand: 'ACME' });
    expect(product!.offers.map((o) => [o.price, o.currency, o.availability])).toEqual([
      ['119.99', 'USD', 'inStock'],
      ['99', 'USD', 'preOrder'],
      [undefined, undefined, 'outOfStock'],
    ]);
    expect(product!.offers[0]!.standardOffers).toEqual([
      {
        urn: 'urn:cap:StandardOffer:BOGO50',
        code: 'BOGO50',
        discount: { kind: 'buyXGetY', buy: 1, get: 1, percentOff: 50 },
      },
      { urn: 'cap:StandardOffer:PCT20', code: 'PCT20', discount: { kind: 'percentOff', percent: 20 } },
      { urn: 'urn:cap:StandardOffer:XMAS', code: 'XMAS' },
    ]);
    expect(product!.offers[2]!.standardOffers[0]!.discount).toEqual({
      kind: 'buyXGetY',
      buy: 2,
      get: 1,
      percentOff: 100,
    });
  });

  it('reads CDATA-wrapped and commented blocks with a warning', () => {
    const html =
      '<script type="application/ld+json; charset=utf-8">\n/*<![CDATA[*/\n{"@type":"Product","sku":"C-1",// note\n}\n/*]]>*/</script>';
    const result = extractProductIds(html);
    expect(result.chosen?.id).toBe('C-1');
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'JSONLD_CLEANED', block: 0 })]);
  });
});

describe('extractProductIds: microdata', () => {
  it('applies the value rules (meta content, link href, time datetime, text) and itemref', () => {
    const html = `<body>
      <div itemscope itemtype="http://schema.org/Product" itemref="more">
        <h1 itemprop="name">  Big
          Anvil </h1>
        <meta itemprop="sku" content="M-1">
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price">9.50</span><meta itemprop="priceCurrency" content="GBP">
          <link itemprop="availability" href="https://schema.org/OutOfStock">
          <time itemprop="priceValidUntil" datetime="2030-01-01">soon</time>
        </div>
      </div>
      <p id="more"><span itemprop="gtin13">4006381333931</span><a itemprop="url" href="/p/1">x</a></p>
    </body>`;
    const result = extractProductIds(html, { baseUrl: 'https://shop.example/' });
    expect(result.chosen).toEqual({
      id: 'M-1',
      source: 'microdata',
      property: 'sku',
      path: 'microdata[0].sku',
    });
    expect(result.products[0]).toMatchObject({
      name: 'Big Anvil',
      ids: { sku: ['M-1'], gtin13: ['4006381333931'] },
    });
    expect(result.products[0]!.offers[0]).toMatchObject({
      price: '9.50',
      currency: 'GBP',
      availability: 'outOfStock',
    });
  });

  it('ignores itemtype=Product without itemscope', () => {
    expect(
      extractProductIds('<div itemtype="http://schema.org/Product"><meta itemprop="sku" content="X">')
        .products,
    ).toEqual([]);
  });

  it('survives itemref cycles', () => {
    const html =
      '<div id="a" itemscope itemtype="http://schema.org/Product" itemref="b"><div id="b" itemprop="isRelatedTo" itemscope itemref="a"><meta itemprop="sku" content="S"></div></div>';
    expect(() => extractProductIds(html)).not.toThrow();
  });
});

describe('extractProductIds never throws', () => {
  it('on arbitrary strings and hostile nesting', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const result = extractProductIds(
          `<script type="application/ld+json">${s}</script><div itemscope>${s}`,
        );
        expect(Array.isArray(result.candidates)).toBe(true);
      }),
      { numRuns: 200 },
    );
    const deep = `${'['.repeat(5000)}{"@type":"Product","sku":"D"}${']'.repeat(5000)}`;
    const result = extractProductIds(`<script type="application/ld+json">${deep}</script>`);
    expect(result.warnings.map((w) => w.code)).toContain('JSONLD_TOO_DEEP');
    expect(extractProductIds(undefined as unknown as string).chosen).toBeNull();
    const nestedItems = '<div itemscope itemprop="x">'.repeat(3000);
    const nested = extractProductIds(
      `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="sku" content="N">${nestedItems}`,
    );
    expect(nested.chosen?.id).toBe('N');
  });
});

describe('helpers', () => {
  it('normalizes availability spellings', () => {
    expect(normalizeAvailability('http://schema.org/InStock')).toBe('inStock');
    expect(normalizeAvailability('schema:LimitedAvailability')).toBe('inStock');
    expect(normalizeAvailability('outOfStock')).toBe('outOfStock');
    expect(normalizeAvailability('https://schema.org/BackOrder')).toBe('preOrder');
    expect(normalizeAvailability('maybe')).toBeUndefined();
  });

  it('decodes Standard Offer codes and keeps unknown ones undecoded', () => {
    expect(decodeStandardOfferCode('PCT10')).toEqual({ kind: 'percentOff', percent: 10 });
    expect(decodeStandardOfferCode('PCT0')).toBeUndefined();
    expect(decodeStandardOfferCode('BOGOF')).toEqual({ kind: 'buyXGetY', buy: 1, get: 1, percentOff: 100 });
    expect(decodeStandardOfferCode('FREESHIP')).toBeUndefined();
  });
});
