import type { SandboxCatalog, SandboxOffer, SandboxProduct, SandboxVariant } from './catalog-types.js';
import { makeGtin13 } from './gtin.js';
import { createPrng, type Prng } from './prng.js';

const CATEGORIES: Record<string, { nouns: string[]; adjectives: string[]; sizes: string[] }> = {
  headphones: {
    nouns: ['Headphones', 'Earbuds', 'Headset'],
    adjectives: ['Wireless', 'Noise Cancelling', 'Studio', 'Sport', 'Bluetooth'],
    sizes: ['One Size'],
  },
  shoes: {
    nouns: ['Running Shoes', 'Sneakers', 'Hiking Boots', 'Sandals'],
    adjectives: ['Lightweight', 'Waterproof', 'Trail', 'Classic', 'Cushioned'],
    sizes: ['38', '39', '40', '41', '42', '43', '44'],
  },
  jackets: {
    nouns: ['Rain Jacket', 'Down Jacket', 'Fleece', 'Softshell Jacket'],
    adjectives: ['Packable', 'Insulated', 'Windproof', 'Recycled', 'Hooded'],
    sizes: ['S', 'M', 'L', 'XL'],
  },
  coffee: {
    nouns: ['Coffee Beans', 'Espresso Blend', 'Cold Brew'],
    adjectives: ['Organic', 'Dark Roast', 'Single Origin', 'Decaf', 'Fair Trade'],
    sizes: ['250g', '500g', '1kg'],
  },
  laptops: {
    nouns: ['Laptop', 'Ultrabook', 'Chromebook'],
    adjectives: ['Thin', 'Gaming', 'Convertible', 'Business', 'Budget'],
    sizes: ['13 inch', '14 inch', '16 inch'],
  },
  backpacks: {
    nouns: ['Backpack', 'Daypack', 'Travel Pack'],
    adjectives: ['Waterproof', 'Rolltop', 'Urban', 'Hiking', 'Laptop'],
    sizes: ['20L', '28L', '35L'],
  },
  watches: {
    nouns: ['Smartwatch', 'Dive Watch', 'Field Watch'],
    adjectives: ['Solar', 'Automatic', 'Titanium', 'Minimalist', 'GPS'],
    sizes: ['38mm', '42mm', '46mm'],
  },
  lamps: {
    nouns: ['Desk Lamp', 'Floor Lamp', 'Reading Light'],
    adjectives: ['Dimmable', 'LED', 'Adjustable', 'Smart', 'Vintage'],
    sizes: ['Small', 'Large'],
  },
};
const BRANDS = ['Acme', 'Sony', 'Bose', 'Nimbus', 'Orion', 'Vega', 'Kestrel', 'Lumen', 'Tundra', 'Halcyon'];
const COLORS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Grey', 'Yellow', 'Navy'];
const CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'GBP'];
const SHIPPING = [
  { name: 'Standard', price: '4.99', estimatedDelivery: '3-5 business days' },
  { name: 'Express', price: '14.99', estimatedDelivery: '1-2 business days' },
];

/** The shared universe: the same GTIN means the same product at every merchant of one seed. */
interface BaseProduct {
  key: number;
  name: string;
  brand: string;
  category: string;
  color: string;
  gtin: string;
  basePrice: number;
  sizes: string[];
  colors: string[];
}

const UNIVERSE_SIZE = 400;
const UNIVERSE_CACHE_SEEDS = 16;
const universeCache = new Map<string, BaseProduct[]>();

function universe(seed: string): BaseProduct[] {
  const cached = universeCache.get(seed);
  if (cached !== undefined) return cached;
  const rng = createPrng(`${seed}:universe`);
  const categories = Object.keys(CATEGORIES);
  const out: BaseProduct[] = [];
  for (let key = 0; key < UNIVERSE_SIZE; key++) {
    const category = rng.pick(categories);
    const spec = CATEGORIES[category] as (typeof CATEGORIES)[string];
    const brand = rng.pick(BRANDS);
    const adjective = rng.pick(spec.adjectives);
    const noun = rng.pick(spec.nouns);
    const color = rng.pick(COLORS);
    // 200 is an arbitrary GS1 prefix in the in-store range, so generated GTINs never collide with real brands.
    const gtin = makeGtin13(`200${String(rng.int(0, 999_999_999)).padStart(9, '0')}`);
    const sizes = spec.sizes.length > 1 ? spec.sizes.slice(0, rng.int(2, spec.sizes.length)) : [];
    const colors = [color, ...COLORS.filter((c) => c !== color).slice(0, rng.int(0, 2))];
    out.push({
      key,
      name: `${brand} ${adjective} ${noun}`,
      brand,
      category,
      color,
      gtin,
      basePrice: rng.int(900, 49_900) / 100,
      sizes,
      colors,
    });
  }
  // Bounded so a long-lived process that tries many seeds keeps only the recent universes.
  if (universeCache.size >= UNIVERSE_CACHE_SEEDS) {
    const oldest = universeCache.keys().next().value;
    if (oldest !== undefined) universeCache.delete(oldest);
  }
  universeCache.set(seed, out);
  return out;
}

/** Number of products merchant `index` carries for `seed`, known without building the catalog. */
export function catalogSizeFor(seed: string, index: number): number {
  return createPrng(`${seed}:size:${index}`).int(40, 120);
}

/** Currency of merchant `index` for `seed`. */
export function currencyFor(seed: string, index: number): string {
  return createPrng(`${seed}:currency:${index}`).pick(CURRENCIES);
}

function money(n: number): string {
  return (Math.round(n * 100) / 100).toFixed(2);
}

function promotion(rng: Prng): { additionalType: string; description: string } | undefined {
  const roll = rng.next();
  if (roll < 0.1)
    return { additionalType: 'urn:cap:StandardOffer:BOGO50', description: 'Buy one, get one 50% off' };
  if (roll < 0.2) return { additionalType: 'urn:cap:StandardOffer:PCT20', description: '20% off' };
  return undefined;
}

function availabilityOf(rng: Prng): SandboxOffer['availability'] {
  const roll = rng.next();
  return roll < 0.8 ? 'inStock' : roll < 0.92 ? 'outOfStock' : 'preOrder';
}

/** Options of {@link generateCatalog}. */
export interface GenerateCatalogOptions {
  /** Sandbox seed. */
  seed: string;
  /** Merchant index (0-based). */
  index: number;
  /** Storefront base URL used for product page and image URLs. */
  baseUrl: string;
}

/** Builds merchant `index`'s catalog: deterministic for a seed, sharing GTINs with other merchants. */
export function generateCatalog(options: GenerateCatalogOptions): SandboxCatalog {
  const { seed, index, baseUrl } = options;
  const size = catalogSizeFor(seed, index);
  const currency = currencyFor(seed, index);
  const rng = createPrng(`${seed}:catalog:${index}`);
  const all = universe(seed);
  // A random window of the universe with a random stride gives overlapping but distinct assortments.
  const start = rng.int(0, all.length - 1);
  const stride = rng.pick([1, 3, 7, 11]);
  const priceFactor = 0.85 + rng.next() * 0.3;
  const products: SandboxProduct[] = [];
  for (let i = 0; i < size; i++) {
    const base = all[(start + i * stride) % all.length] as BaseProduct;
    const id = `P${String(index).padStart(4, '0')}-${String(i + 1).padStart(4, '0')}`;
    const price = base.basePrice * priceFactor;
    const availability = availabilityOf(rng);
    const offers: SandboxOffer[] = [
      { identifier: `${id}-O1`, price: money(price), priceCurrency: currency, availability },
    ];
    const promo = promotion(rng);
    if (promo !== undefined) {
      offers.push({
        identifier: `${id}-O2`,
        price: money(price),
        priceCurrency: currency,
        availability,
        additionalType: promo.additionalType,
        description: promo.description,
      });
    }
    const variants: SandboxVariant[] = [];
    for (const size of base.sizes) {
      for (const color of base.colors) {
        const n = variants.length + 1;
        const variantPrice = price + base.sizes.indexOf(size) * 2.5;
        variants.push({
          id: `V${n}`,
          name: `${size} / ${color}`,
          size,
          color,
          sku: `${id}-V${n}`,
          gtin: makeGtin13(`201${String((base.key * 97 + n) % 1_000_000_000).padStart(9, '0')}`),
          offers: [
            {
              identifier: `${id}-V${n}-O1`,
              price: money(variantPrice),
              priceCurrency: currency,
              availability: rng.chance(0.85) ? 'inStock' : 'outOfStock',
            },
          ],
        });
      }
    }
    const ratingCount = rng.int(0, 900);
    products.push({
      id,
      name: base.name,
      description: `${base.name} in ${base.color.toLowerCase()}. A ${base.category} product by ${base.brand}, built to last and easy to use.`,
      brand: base.brand,
      category: base.category,
      color: base.color,
      gtin: base.gtin,
      sku: `SKU-${id}`,
      images: [`${baseUrl}/images/${id}.jpg`],
      url: `${baseUrl}/products/${id}`,
      offers,
      variants,
      reviews: {
        ratingValue: ratingCount === 0 ? 0 : rng.int(25, 50) / 10,
        reviewCount: Math.floor(ratingCount / 3),
        ratingCount,
        bestRating: 5,
      },
      shipping: SHIPPING.map((s) => ({ ...s, priceCurrency: currency })),
      price: Number(money(price)),
      availability,
      markup: (['json-ld', 'microdata', 'link'] as const)[i % 3] as SandboxProduct['markup'],
    });
  }
  return {
    currency,
    products,
    byId: new Map(products.map((p) => [p.id, p])),
    categories: [...new Set(products.map((p) => p.category))].sort(),
  };
}
