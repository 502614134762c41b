import type { TableItem } from './microdata.js';
import { type MicrodataTable, valueTokens } from './microdata-table.js';
import { isProductType, normalizeAvailability, stripSchemaPrefix } from './product-fields.js';
import {
  type ExtractedOffer,
  type ExtractedProduct,
  PRODUCT_ID_PROPERTIES,
  type ProductIdProperty,
} from './product-types.js';
import { parseStandardOffer } from './standard-offer.js';

// Products read only types and properties, whatever the items' `element` is.
type MicrodataItem = TableItem<unknown>;
type MicrodataValue = string | MicrodataItem;

function texts(item: MicrodataItem, name: string): string[] {
  const values = item.properties[name] ?? [];
  const out: string[] = [];
  for (const v of values) {
    const text = typeof v === 'string' ? v.trim() : nameOf(v);
    if (text) out.push(text);
  }
  return out;
}

function nameOf(item: MicrodataItem): string | undefined {
  const name = item.properties.name?.find((v): v is string => typeof v === 'string');
  return name?.trim() || undefined;
}

function readIds(item: MicrodataItem): Partial<Record<ProductIdProperty, string[]>> {
  const ids: Partial<Record<ProductIdProperty, string[]>> = {};
  for (const property of PRODUCT_ID_PROPERTIES) {
    const values = item.properties[property];
    if (values === undefined) continue;
    const out: string[] = [];
    for (const value of values) addIdStrings(value, out);
    if (out.length > 0) ids[property] = out;
  }
  return ids;
}

/** A PropertyValue item gives its `value`; text gives itself. Whitespace-only values are dropped. */
function addIdStrings(value: MicrodataValue, out: string[]): void {
  if (typeof value === 'string') {
    const id = value.trim();
    if (id !== '') out.push(id);
    return;
  }
  for (const inner of value.properties.value ?? []) {
    if (typeof inner !== 'string') continue;
    const id = inner.trim();
    if (id !== '') out.push(id);
  }
}

/** Deepest chain of offers read inside offers (JSON-LD stops at the same depth). */
const MAX_OFFER_DEPTH = 4;

function readOffer(
  item: MicrodataItem,
  out: ExtractedOffer[],
  depth: number,
  seen: Set<MicrodataItem>,
): void {
  // Items are shared through itemref, so the same offer can be reached twice; read it once.
  if (depth > MAX_OFFER_DEPTH || seen.has(item)) return;
  seen.add(item);
  const offer: ExtractedOffer = { additionalType: [], standardOffers: [], ids: readIds(item) };
  const price = texts(item, 'price')[0] ?? texts(item, 'lowPrice')[0];
  if (price !== undefined) offer.price = price;
  const currency = texts(item, 'priceCurrency')[0];
  if (currency !== undefined) offer.currency = currency;
  const availability = texts(item, 'availability')[0];
  if (availability !== undefined) {
    offer.availabilityRaw = availability;
    const normalized = normalizeAvailability(availability);
    if (normalized) offer.availability = normalized;
  }
  for (const type of texts(item, 'additionalType')) {
    offer.additionalType.push(type);
    const standard = parseStandardOffer(type);
    if (standard) offer.standardOffers.push(standard);
  }
  out.push(offer);
  for (const inner of item.properties.offers ?? [])
    if (typeof inner !== 'string') readOffer(inner, out, depth + 1, seen);
}

/** True when an item element is typed as a schema.org Product (the items product extraction reads). */
export function isProductItem(table: MicrodataTable, element: number): boolean {
  const itemtype = table.itemtypeOf(element);
  return itemtype !== undefined && isProductType(valueTokens(itemtype).map(stripSchemaPrefix));
}

/**
 * Turns microdata items typed as schema.org Products into products; `index` is the item's position among
 * the page's items, which names the product (`microdata[<index>]`).
 */
export function collectMicrodataProducts(
  items: readonly { item: MicrodataItem; index: number }[],
  out: ExtractedProduct[],
): void {
  for (const { item, index } of items) {
    const types = item.type.map(stripSchemaPrefix);
    if (!isProductType(types)) continue;
    const product: ExtractedProduct = {
      source: 'microdata',
      path: `microdata[${index}]`,
      types,
      ids: readIds(item),
      offers: [],
    };
    const name = texts(item, 'name')[0];
    if (name !== undefined) product.name = name;
    const brand = texts(item, 'brand')[0];
    if (brand !== undefined) product.brand = brand;
    const seen = new Set<MicrodataItem>();
    for (const offer of item.properties.offers ?? [])
      if (typeof offer !== 'string') readOffer(offer, product.offers, 0, seen);
    out.push(product);
  }
}
