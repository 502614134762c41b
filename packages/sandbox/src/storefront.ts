import type { SandboxProduct } from './catalog-types.js';
import type { MerchantRuntime } from './merchant-runtime.js';

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The home page: the `cap-agent-card` link plus links to the first products. */
export function homePage(m: MerchantRuntime): string {
  const { info } = m;
  const items = m.catalog.products
    .slice(0, 20)
    .map((p) => `<li><a href="/products/${esc(p.id)}">${esc(p.name)}</a></li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(info.id)} - sandbox shop</title>
<link rel="cap-agent-card" href="${esc(info.cardUrl)}">
</head><body><h1>${esc(info.id)}</h1><p>${info.catalogSize} products. Agent card: <a href="${esc(info.cardUrl)}">${esc(info.cardUrl)}</a></p>
<ul>
${items}
</ul></body></html>`;
}

function jsonLd(p: SandboxProduct): string {
  const doc = {
    '@context': { '@vocab': 'https://schema.org/', cap: 'urn:cap:' },
    '@type': 'Product',
    productID: p.id,
    sku: p.sku,
    gtin13: p.gtin,
    name: p.name,
    description: p.description,
    brand: { '@type': 'Brand', name: p.brand },
    image: p.images,
    offers: p.offers.map((o) => ({
      '@type': 'Offer',
      price: o.price,
      priceCurrency: o.priceCurrency,
      availability: `https://schema.org/${o.availability === 'inStock' ? 'InStock' : o.availability === 'outOfStock' ? 'OutOfStock' : 'PreOrder'}`,
      ...(o.additionalType ? { additionalType: o.additionalType.replace('urn:cap:', 'cap:') } : {}),
    })),
  };
  // '<' is escaped so a product text can never close the script element.
  return `<script type="application/ld+json">${JSON.stringify(doc).replace(/</g, '\\u003c')}</script>`;
}

function microdata(p: SandboxProduct): string {
  const offer = p.offers[0];
  return `<div itemscope itemtype="https://schema.org/Product">
<h1 itemprop="name">${esc(p.name)}</h1>
<meta itemprop="productID" content="${esc(p.id)}">
<meta itemprop="sku" content="${esc(p.sku)}">
<meta itemprop="gtin13" content="${esc(p.gtin)}">
<p itemprop="description">${esc(p.description)}</p>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<span itemprop="price" content="${esc(offer?.price ?? '')}">${esc(offer?.price ?? '')}</span>
<meta itemprop="priceCurrency" content="${esc(offer?.priceCurrency ?? '')}">
<link itemprop="availability" href="https://schema.org/${offer?.availability === 'inStock' ? 'InStock' : 'OutOfStock'}">
</div></div>`;
}

/** A product page marked up as the product's `markup` says: JSON-LD, microdata, or the cap-product-id link. */
export function productPage(m: MerchantRuntime, p: SandboxProduct): string {
  const head =
    p.markup === 'json-ld'
      ? jsonLd(p)
      : p.markup === 'link'
        ? `<link rel="cap-product-id" href="${esc(p.id)}">`
        : '';
  const body =
    p.markup === 'microdata' ? microdata(p) : `<h1>${esc(p.name)}</h1><p>${esc(p.description)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(p.name)} - ${esc(m.info.id)}</title>
<link rel="cap-agent-card" href="${esc(m.info.cardUrl)}">
${head}
</head><body>${body}<p>Price: ${esc(p.offers[0]?.price ?? '')} ${esc(p.offers[0]?.priceCurrency ?? '')}</p></body></html>`;
}

/** robots.txt: the storefront is open, the cart pages are not; with a Crawl-delay when the sandbox sets one. */
export function robotsTxt(m: MerchantRuntime, crawlDelaySeconds?: number): string {
  const delay = crawlDelaySeconds === undefined ? '' : `Crawl-delay: ${crawlDelaySeconds}\n`;
  return `User-agent: *\nDisallow: /cart\nAllow: /\n${delay}\nSitemap: ${m.info.baseUrl}/sitemap.xml\n`;
}

/** sitemap.xml (sitemaps.org 0.9): the home page, then every product page; robots.txt points here. */
export function sitemapXml(m: MerchantRuntime): string {
  const urls = [
    `${m.info.baseUrl}/`,
    ...m.catalog.products.map((p) => `${m.info.baseUrl}/products/${encodeURIComponent(p.id)}`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `<url><loc>${esc(u)}</loc></url>`).join('\n')}
</urlset>
`;
}

/** /.well-known/cap/categories.txt: one category per line with its product count. */
export function categoriesTxt(m: MerchantRuntime): string {
  const lines = m.catalog.categories.map(
    (c) => `- ${c} (${m.catalog.products.filter((p) => p.category === c).length} products)`,
  );
  return `# ${m.info.id} categories\n\n${lines.join('\n')}\n`;
}
