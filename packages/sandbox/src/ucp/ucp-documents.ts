import type { SandboxCatalog, SandboxProduct } from '../catalog-types.js';

/** The protocol version the sandbox UCP merchants speak (and 2026-01-11 for checkout and orders). */
export const SANDBOX_UCP_VERSION = '2026-04-08';
/** The older version whose request sequences (the official sample server's) are accepted. */
export const SANDBOX_UCP_LEGACY_VERSION = '2026-01-11';
/** Name of the sandbox's test payment handler. */
export const TEST_PAYMENT_HANDLER = 'dev.agentweb.test_payment';
/** Id of the sandbox's test payment handler instance (an instrument's `handler_id`). */
export const TEST_PAYMENT_HANDLER_ID = 'test_pay';
/** Test tokens: this one pays. */
export const TEST_TOKEN_SUCCESS = 'tok_sandbox_success';
/** Test tokens: this one is declined (HTTP 402). */
export const TEST_TOKEN_DECLINED = 'tok_sandbox_declined';

const CAPABILITY_FILES: Record<string, { page: string; file: string }> = {
  'dev.ucp.shopping.checkout': { page: 'checkout', file: 'checkout' },
  'dev.ucp.shopping.cart': { page: 'cart', file: 'cart' },
  'dev.ucp.shopping.catalog.search': { page: 'catalog', file: 'catalog_search' },
  'dev.ucp.shopping.catalog.lookup': { page: 'catalog', file: 'catalog_lookup' },
  'dev.ucp.shopping.order': { page: 'order', file: 'order' },
};

/** Transports a sandbox UCP merchant serves. */
export type UcpMerchantTransports = 'rest' | 'mcp' | 'both';

/** Paths of a merchant's bindings. */
export const UCP_REST_PATH = '/ucp/v1';
/** MCP Streamable HTTP endpoint path. */
export const UCP_MCP_PATH = '/ucp/mcp';

/** The 2026-04-08 business profile. */
export function businessProfile(
  baseUrl: string,
  transports: UcpMerchantTransports,
  capabilities: readonly string[],
) {
  const v = SANDBOX_UCP_VERSION;
  const services: unknown[] = [];
  if (transports !== 'mcp')
    services.push({
      version: v,
      transport: 'rest',
      endpoint: `${baseUrl}${UCP_REST_PATH}`,
      spec: `https://ucp.dev/${v}/specification/overview`,
      schema: `https://ucp.dev/${v}/services/shopping/rest.openapi.json`,
    });
  if (transports !== 'rest')
    services.push({
      version: v,
      transport: 'mcp',
      endpoint: `${baseUrl}${UCP_MCP_PATH}`,
      spec: `https://ucp.dev/${v}/specification/overview`,
      schema: `https://ucp.dev/${v}/services/shopping/mcp.openrpc.json`,
    });
  const caps: Record<string, unknown[]> = {};
  for (const name of capabilities) {
    const f = CAPABILITY_FILES[name];
    caps[name] = [
      {
        version: v,
        ...(f
          ? {
              spec: `https://ucp.dev/${v}/specification/${f.page}`,
              schema: `https://ucp.dev/${v}/schemas/shopping/${f.file}.json`,
            }
          : {}),
      },
    ];
  }
  return {
    ucp: {
      version: v,
      supported_versions: {
        [SANDBOX_UCP_LEGACY_VERSION]: `${baseUrl}/.well-known/ucp/${SANDBOX_UCP_LEGACY_VERSION}`,
      },
      services: { 'dev.ucp.shopping': services },
      capabilities: caps,
      payment_handlers: paymentHandlers(),
    },
    signing_keys: [],
  };
}

/** The 2026-01-11 profile (checkout and order over REST), in that release's shape. */
export function legacyBusinessProfile(baseUrl: string) {
  const v = SANDBOX_UCP_LEGACY_VERSION;
  return {
    ucp: {
      version: v,
      services: {
        'dev.ucp.shopping': {
          version: v,
          spec: `https://ucp.dev/${v}/specification/overview`,
          rest: {
            schema: `https://ucp.dev/${v}/services/shopping/rest.openapi.json`,
            endpoint: `${baseUrl}${UCP_REST_PATH}`,
          },
        },
      },
      capabilities: ['checkout', 'order'].map((c) => ({
        name: `dev.ucp.shopping.${c}`,
        version: v,
        spec: `https://ucp.dev/${v}/specification/${c}`,
        schema: `https://ucp.dev/${v}/schemas/shopping/${c}.json`,
      })),
    },
    payment: {
      handlers: [
        {
          id: TEST_PAYMENT_HANDLER_ID,
          name: TEST_PAYMENT_HANDLER,
          version: v,
          spec: 'https://agentweb.invalid/sandbox/test-payment',
          config_schema: 'https://agentweb.invalid/sandbox/test-payment/config.json',
          instrument_schemas: ['https://ucp.dev/schemas/shopping/types/card_payment_instrument.json'],
          config: {},
        },
      ],
    },
  };
}

/** The payment handlers of the profile and of checkout responses. */
export function paymentHandlers() {
  return {
    [TEST_PAYMENT_HANDLER]: [
      {
        id: TEST_PAYMENT_HANDLER_ID,
        version: SANDBOX_UCP_VERSION,
        available_instruments: [{ type: 'card' }],
        // Public: these are test tokens a demo may use, never real credentials.
        config: { test_tokens: { success: TEST_TOKEN_SUCCESS, declined: TEST_TOKEN_DECLINED } },
      },
    ],
  };
}

/** The response `ucp` object. */
export function responseUcp(
  capabilities: readonly string[],
  withHandlers: boolean,
  status: 'success' | 'error' = 'success',
) {
  return {
    version: SANDBOX_UCP_VERSION,
    status,
    capabilities: Object.fromEntries(capabilities.map((c) => [c, [{ version: SANDBOX_UCP_VERSION }]])),
    ...(withHandlers ? { payment_handlers: paymentHandlers() } : {}),
  };
}

/** A price in minor units. */
export function minorUnits(price: number): number {
  return Math.round(price * 100);
}

/** A catalog product as a UCP product (one variant: the product itself, with its GTIN as a barcode). */
export function ucpProduct(p: SandboxProduct, currency: string) {
  const price = { amount: minorUnits(p.price), currency };
  return {
    id: p.id,
    title: p.name,
    description: { plain: p.description },
    url: p.url,
    categories: [{ value: p.category }],
    price_range: { min: price, max: price },
    tags: [p.brand, p.color],
    variants: [
      {
        id: p.id,
        sku: p.sku,
        title: p.name,
        description: { plain: p.description },
        price,
        barcodes: [{ type: 'gtin13', value: p.gtin }],
        availability: { available: p.availability === 'inStock', status: p.availability },
      },
    ],
  };
}

/** Products matching a free-text query (every word in the title, description, brand or category). */
export function searchProducts(catalog: SandboxCatalog, query: string | undefined): SandboxProduct[] {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return catalog.products;
  return catalog.products.filter((p) => {
    const text = `${p.name} ${p.description} ${p.brand} ${p.category} ${p.color}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
