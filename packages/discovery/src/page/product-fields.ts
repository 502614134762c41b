import type { ProductAvailability } from './product-types.js';

const SCHEMA_PREFIX = /^(?:https?:\/\/schema\.org\/|schema:)/i;

/** Removes a `schema:` or `http(s)://schema.org/` prefix from a type or property name. */
export function stripSchemaPrefix(name: string): string {
  return name.replace(SCHEMA_PREFIX, '');
}

const PRODUCT_TYPES = new Set([
  'Product',
  'ProductGroup',
  'ProductModel',
  'IndividualProduct',
  'SomeProducts',
  'Vehicle',
  'Car',
]);

/** True when one of the (prefix-stripped) types is a schema.org Product type. */
export function isProductType(types: readonly string[]): boolean {
  return types.some((t) => PRODUCT_TYPES.has(t));
}

const AVAILABILITY: Record<string, ProductAvailability> = {
  instock: 'inStock',
  instoreonly: 'inStock',
  onlineonly: 'inStock',
  limitedavailability: 'inStock',
  limitedstock: 'inStock',
  outofstock: 'outOfStock',
  soldout: 'outOfStock',
  discontinued: 'outOfStock',
  preorder: 'preOrder',
  presale: 'preOrder',
  backorder: 'preOrder',
};

/**
 * Maps schema.org `ItemAvailability` (URL, `schema:` or bare, any case) and CAP tokens to CAP's three values.
 * `LimitedAvailability` counts as in stock; `BackOrder` and `PreSale` as pre-order (orderable, not shipping now).
 */
export function normalizeAvailability(value: string): ProductAvailability | undefined {
  const bare = stripSchemaPrefix(value.trim()).replace(/^.*[/#]/, '');
  return AVAILABILITY[bare.toLowerCase()];
}
