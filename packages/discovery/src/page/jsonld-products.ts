import { isProductType, normalizeAvailability, stripSchemaPrefix } from './product-fields.js';
import {
  type ExtractedOffer,
  type ExtractedProduct,
  PRODUCT_ID_PROPERTIES,
  type ProductIdProperty,
} from './product-types.js';
import { parseStandardOffer } from './standard-offer.js';

/** Deepest nesting walked; real pages stay far below, hostile ones are cut here instead of overflowing. */
export const MAX_JSONLD_DEPTH = 64;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a property whether written bare, `schema:`-prefixed or as a full schema.org IRI. */
function getProp(node: JsonObject, name: string): unknown {
  if (node[name] !== undefined) return node[name];
  for (const key of Object.keys(node)) if (key !== name && stripSchemaPrefix(key) === name) return node[key];
  return undefined;
}

function typesOf(node: JsonObject): string[] {
  const raw = node['@type'] ?? getProp(node, 'type');
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string').map(stripSchemaPrefix);
}

/** Turns an identifier value into strings: text, numbers, arrays, `PropertyValue`, `{ "@id" }`, `{ "@value" }`. */
export function identifierStrings(value: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? [] : [trimmed];
  }
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (Array.isArray(value)) return value.flatMap((v) => identifierStrings(v, depth + 1));
  if (isObject(value)) {
    const inner = getProp(value, 'value') ?? value['@value'] ?? value['@id'];
    return identifierStrings(inner, depth + 1);
  }
  return [];
}

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    for (const v of value) {
      const text = firstText(v);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (isObject(value)) return firstText(getProp(value, 'name') ?? value['@value']);
  return undefined;
}

function readIds(node: JsonObject): Partial<Record<ProductIdProperty, string[]>> {
  const ids: Partial<Record<ProductIdProperty, string[]>> = {};
  for (const property of PRODUCT_ID_PROPERTIES) {
    const values = identifierStrings(getProp(node, property));
    if (values.length > 0) ids[property] = values;
  }
  return ids;
}

function readOffers(value: unknown, out: ExtractedOffer[], depth: number): void {
  if (depth > 4 || value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const v of value) readOffers(v, out, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const spec = getProp(value, 'priceSpecification');
  const specObject = Array.isArray(spec) ? spec.find(isObject) : isObject(spec) ? spec : undefined;
  const offer: ExtractedOffer = { additionalType: [], standardOffers: [], ids: readIds(value) };
  const price =
    firstText(getProp(value, 'price')) ??
    firstText(getProp(value, 'lowPrice')) ??
    (specObject ? firstText(getProp(specObject, 'price')) : undefined);
  if (price !== undefined) offer.price = price;
  const currency =
    firstText(getProp(value, 'priceCurrency')) ??
    (specObject ? firstText(getProp(specObject, 'priceCurrency')) : undefined);
  if (currency !== undefined) offer.currency = currency;
  const availability = firstText(getProp(value, 'availability'));
  if (availability !== undefined) {
    offer.availabilityRaw = availability;
    const normalized = normalizeAvailability(availability);
    if (normalized) offer.availability = normalized;
  }
  fillAdditionalType(offer, getProp(value, 'additionalType'));
  out.push(offer);
  // AggregateOffer lists the individual offers inside it.
  const inner = getProp(value, 'offers');
  if (inner !== undefined) readOffers(inner, out, depth + 1);
}

/** Adds `additionalType` values and the Standard Offers among them. */
export function fillAdditionalType(offer: ExtractedOffer, value: unknown): void {
  const list = Array.isArray(value) ? value : [value];
  for (const entry of list) {
    const text =
      typeof entry === 'string' ? entry.trim() : isObject(entry) ? firstText(entry['@id']) : undefined;
    if (!text) continue;
    offer.additionalType.push(text);
    const standard = parseStandardOffer(text);
    if (standard) offer.standardOffers.push(standard);
  }
}

/**
 * Finds every Product-typed node in one parsed JSON-LD block (`@graph`, top-level arrays, nested nodes such
 * as `mainEntity`, `itemOffered` and `hasVariant`). Returns true when the walk was cut at {@link MAX_JSONLD_DEPTH}.
 */
export function collectJsonLdProducts(value: unknown, block: number, out: ExtractedProduct[]): boolean {
  let cut = false;
  const walk = (node: unknown, path: string, depth: number, variantOf: string | undefined): void => {
    if (depth > MAX_JSONLD_DEPTH) {
      cut = true;
      return;
    }
    if (Array.isArray(node)) {
      const base = path === '$' ? '' : path;
      for (let i = 0; i < node.length; i++) walk(node[i], `${base}[${i}]`, depth + 1, variantOf);
      return;
    }
    if (!isObject(node)) return;
    const types = typesOf(node);
    let ownPath: string | undefined;
    if (isProductType(types)) {
      ownPath = `jsonld[${block}]:${path}`;
      const product: ExtractedProduct = {
        source: 'jsonld',
        path: ownPath,
        types,
        ids: readIds(node),
        offers: [],
      };
      const name = firstText(getProp(node, 'name'));
      if (name !== undefined) product.name = name;
      const brand = firstText(getProp(node, 'brand'));
      if (brand !== undefined) product.brand = brand;
      readOffers(getProp(node, 'offers'), product.offers, 0);
      if (variantOf !== undefined) product.variantOf = variantOf;
      out.push(product);
    }
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (typeof child !== 'object' || child === null) continue;
      const childPath = path === '$' ? key : `${path}.${key}`;
      const isVariantList = ownPath !== undefined && stripSchemaPrefix(key) === 'hasVariant';
      walk(
        child,
        childPath,
        depth + 1,
        isVariantList ? ownPath : ownPath !== undefined ? undefined : variantOf,
      );
    }
  };
  walk(value, '$', 0, undefined);
  return cut;
}
