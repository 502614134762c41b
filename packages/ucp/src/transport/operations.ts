import { UCP_CAPABILITIES } from '../profile/capability-names.js';

/** A UCP operation: its MCP tool name (the OpenRPC method), REST method and path, and what it needs. */
export interface UcpOperationSpec {
  /** MCP tool / OpenRPC method name. */
  name: UcpOperationName;
  /** REST method. */
  method: 'GET' | 'POST' | 'PUT';
  /** REST path, given the resource id. */
  path: (id: string) => string;
  /** Changes state: sent with an `Idempotency-Key` and never retried. */
  mutation: boolean;
  /** The capability the business must have negotiated. */
  capability: string;
  /** The MCP argument the body goes in (`checkout`, `cart`, `catalog`), when there is a body. */
  bodyKey: 'checkout' | 'cart' | 'catalog' | undefined;
  /** Whether the operation names a resource id. */
  hasId: boolean;
}

const enc = encodeURIComponent;

function op(
  name: UcpOperationName,
  method: UcpOperationSpec['method'],
  path: (id: string) => string,
  capability: string,
  bodyKey: UcpOperationSpec['bodyKey'],
  hasId: boolean,
  mutation: boolean,
): UcpOperationSpec {
  return { name, method, path, capability, bodyKey, hasId, mutation };
}

/** Operation names (MCP tool names). */
export type UcpOperationName =
  | 'search_catalog'
  | 'lookup_catalog'
  | 'get_product'
  | 'create_cart'
  | 'get_cart'
  | 'update_cart'
  | 'cancel_cart'
  | 'create_checkout'
  | 'get_checkout'
  | 'update_checkout'
  | 'complete_checkout'
  | 'cancel_checkout'
  | 'get_order';

const C = UCP_CAPABILITIES;

/** Every operation this client sends, per the 2026-04-08 OpenAPI and OpenRPC files. */
export const UCP_OPERATIONS: Readonly<Record<UcpOperationName, UcpOperationSpec>> = {
  search_catalog: op(
    'search_catalog',
    'POST',
    () => '/catalog/search',
    C.catalogSearch,
    'catalog',
    false,
    false,
  ),
  lookup_catalog: op(
    'lookup_catalog',
    'POST',
    () => '/catalog/lookup',
    C.catalogLookup,
    'catalog',
    false,
    false,
  ),
  get_product: op('get_product', 'POST', () => '/catalog/product', C.catalogLookup, 'catalog', false, false),
  create_cart: op('create_cart', 'POST', () => '/carts', C.cart, 'cart', false, true),
  get_cart: op('get_cart', 'GET', (id) => `/carts/${enc(id)}`, C.cart, undefined, true, false),
  update_cart: op('update_cart', 'PUT', (id) => `/carts/${enc(id)}`, C.cart, 'cart', true, true),
  cancel_cart: op('cancel_cart', 'POST', (id) => `/carts/${enc(id)}/cancel`, C.cart, undefined, true, true),
  create_checkout: op(
    'create_checkout',
    'POST',
    () => '/checkout-sessions',
    C.checkout,
    'checkout',
    false,
    true,
  ),
  get_checkout: op(
    'get_checkout',
    'GET',
    (id) => `/checkout-sessions/${enc(id)}`,
    C.checkout,
    undefined,
    true,
    false,
  ),
  update_checkout: op(
    'update_checkout',
    'PUT',
    (id) => `/checkout-sessions/${enc(id)}`,
    C.checkout,
    'checkout',
    true,
    true,
  ),
  complete_checkout: op(
    'complete_checkout',
    'POST',
    (id) => `/checkout-sessions/${enc(id)}/complete`,
    C.checkout,
    'checkout',
    true,
    true,
  ),
  cancel_checkout: op(
    'cancel_checkout',
    'POST',
    (id) => `/checkout-sessions/${enc(id)}/cancel`,
    C.checkout,
    undefined,
    true,
    true,
  ),
  get_order: op('get_order', 'GET', (id) => `/orders/${enc(id)}`, C.order, undefined, true, false),
};
