export { AgentWeb } from './agent-web.js';
export { isCardUrl } from './build-merchant.js';
export type { CredentialsKey } from './credentials.js';
export * from './errors.js';
export { MAX_AGIS_DOCUMENT_BYTES } from './load-agis.js';
export { MAX_PRODUCT_PAGE_BYTES } from './product-lookup.js';
export type * from './public-types.js';
export type * from './types.js';
