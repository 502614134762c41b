/** The capability names this client uses. */
export const UCP_CAPABILITIES = {
  checkout: 'dev.ucp.shopping.checkout',
  cart: 'dev.ucp.shopping.cart',
  catalogSearch: 'dev.ucp.shopping.catalog.search',
  catalogLookup: 'dev.ucp.shopping.catalog.lookup',
  order: 'dev.ucp.shopping.order',
} as const;

/** The service name of the shopping vertical. */
export const UCP_SHOPPING_SERVICE = 'dev.ucp.shopping';

/** Capabilities that exist at a protocol version (catalog and cart came with 2026-04-08). */
export function capabilitiesAt(version: string): string[] {
  const base = [UCP_CAPABILITIES.checkout, UCP_CAPABILITIES.order];
  return version >= '2026-04-08'
    ? [...base, UCP_CAPABILITIES.cart, UCP_CAPABILITIES.catalogSearch, UCP_CAPABILITIES.catalogLookup]
    : base;
}

/** The spec and schema URLs of a capability at a version, on ucp.dev. */
export function capabilityUrls(name: string, version: string): { spec: string; schema: string } {
  const short = name.replace(/^dev\.ucp\.shopping\./, '');
  const file = short.startsWith('catalog.') ? `catalog_${short.slice('catalog.'.length)}` : short;
  const page = short.startsWith('catalog.') ? 'catalog' : short;
  return {
    spec: `https://ucp.dev/${version}/specification/${page}`,
    schema: `https://ucp.dev/${version}/schemas/shopping/${file}.json`,
  };
}
