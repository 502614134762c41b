import type { UcpSchemaProblem, UcpSchemaValidator } from './ucp-json-schemas.js';

/** Request schema (path in the release) and op of each operation, 2026-04-08. */
export const REQUEST_SCHEMAS: Record<string, [string, string] | undefined> = {
  search_catalog: ['schemas/shopping/catalog_search.json#/$defs/search_request', 'search'],
  lookup_catalog: ['schemas/shopping/catalog_lookup.json#/$defs/lookup_request', 'lookup'],
  get_product: ['schemas/shopping/catalog_lookup.json#/$defs/get_product_request', 'get_product'],
  create_cart: ['schemas/shopping/cart.json', 'create'],
  update_cart: ['schemas/shopping/cart.json', 'update'],
  create_checkout: ['schemas/shopping/cart.json#/$defs/checkout', 'create'],
  update_checkout: ['schemas/shopping/checkout.json', 'update'],
  complete_checkout: ['schemas/shopping/checkout.json', 'complete'],
};

/** Request schemas of the 2026-01-11 release (checkout only). */
export const LEGACY_REQUEST_SCHEMAS: Record<string, [string, string] | undefined> = {
  create_checkout: ['schemas/shopping/checkout.json', 'create'],
  update_checkout: ['schemas/shopping/checkout.json', 'update'],
  complete_checkout: ['schemas/shopping/payment_data.json', 'complete'],
};

const ERROR_RESPONSE = 'schemas/shopping/types/error_response.json';

/** Response schema of each operation (2026-04-08); an error response (`ucp.status: "error"`) has its own. */
export const RESPONSE_SCHEMAS: Record<string, string> = {
  search_catalog: 'schemas/shopping/catalog_search.json#/$defs/search_response',
  lookup_catalog: 'schemas/shopping/catalog_lookup.json#/$defs/lookup_response',
  get_product: 'schemas/shopping/catalog_lookup.json#/$defs/get_product_response',
  create_cart: 'schemas/shopping/cart.json',
  get_cart: 'schemas/shopping/cart.json',
  update_cart: 'schemas/shopping/cart.json',
  cancel_cart: 'schemas/shopping/cart.json',
  create_checkout: 'schemas/shopping/checkout.json',
  get_checkout: 'schemas/shopping/checkout.json',
  update_checkout: 'schemas/shopping/checkout.json',
  complete_checkout: 'schemas/shopping/checkout.json',
  cancel_checkout: 'schemas/shopping/checkout.json',
  get_order: 'schemas/shopping/order.json',
};

/** Checks what a merchant receives and sends against the vendored schemas. */
export interface UcpMerchantValidation {
  /** Problems of a request body (empty: valid for 2026-04-08, or for checkout ops also 2026-01-11); `legacy` says which. */
  request(operation: string, body: unknown): { problems: UcpSchemaProblem[]; legacy: boolean };
  /** Problems of a response body. */
  response(operation: string, body: unknown): UcpSchemaProblem[];
  /** Problems of a business profile. */
  profile(document: unknown, legacy: boolean): UcpSchemaProblem[];
}

/** Builds the checks from the two releases' validators. */
export function createMerchantValidation(
  current: UcpSchemaValidator,
  legacy: UcpSchemaValidator,
): UcpMerchantValidation {
  return {
    request(operation, body) {
      const spec = REQUEST_SCHEMAS[operation];
      if (!spec) return { problems: [], legacy: false };
      const problems = current.validate(spec[0], body, 'request', spec[1]);
      if (problems.length === 0) return { problems, legacy: false };
      const old = LEGACY_REQUEST_SCHEMAS[operation];
      if (old && legacy.validate(old[0], body, 'request', old[1]).length === 0)
        return { problems: [], legacy: true };
      return { problems, legacy: false };
    },
    response(operation, body) {
      const isError =
        typeof body === 'object' &&
        body !== null &&
        (body as { ucp?: { status?: unknown } }).ucp?.status === 'error';
      const ref = isError ? ERROR_RESPONSE : RESPONSE_SCHEMAS[operation];
      return ref ? current.validate(ref, body, 'response', 'read') : [];
    },
    profile(document, isLegacy) {
      return isLegacy
        ? legacy.validate('discovery/profile_schema.json', document, 'response', 'read')
        : current.validate(
            'discovery/profile_schema.json#/$defs/business_profile',
            document,
            'response',
            'read',
          );
    },
  };
}
