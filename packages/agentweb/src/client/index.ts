// The reply text of a raw A2A result, for users who also call agents with the low-level client.
export { replyText } from '@agentweb/a2a/reply';
export type * from './agent-types.js';
export { AgentWeb } from './agent-web.js';
export { isCardUrl } from './card-url.js';
export type { CredentialsKey } from './credentials.js';
export * from './errors.js';
export type * from './public-types.js';
export { MAX_AGIS_DOCUMENT_BYTES, MAX_PRODUCT_PAGE_BYTES } from './size-caps.js';
export type * from './types.js';
export { isUcpMerchantRefusedError, UcpMerchantRefusedError } from './ucp/ucp-outcome-error.js';
