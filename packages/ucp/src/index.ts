export type {
  UcpCallOptions,
  UcpCartInput,
  UcpCheckoutInput,
  UcpCheckoutResult,
  UcpClient,
  UcpClientOptions,
  UcpCompleteOptions,
  UcpLineItemInput,
  UcpPaymentInstrument,
  UcpSearchInput,
  UcpSession,
} from './client/client-types.js';
export { createUcpClient } from './client/create-ucp-client.js';
export { outcomeOf, type UcpMessage, type UcpOutcome, type UcpResult } from './client/results.js';
export { capabilitiesAt, UCP_CAPABILITIES, UCP_SHOPPING_SERVICE } from './profile/capability-names.js';
export {
  businessProfileUrl,
  type FetchProfileOptions,
  fetchBusinessProfile,
  MAX_PROFILE_BYTES,
} from './profile/fetch-business-profile.js';
export {
  chooseVersion,
  intersectCapabilities,
  type NegotiatedCapability,
  SUPPORTED_UCP_VERSIONS,
  type UcpVersion,
  type VersionChoice,
} from './profile/negotiate.js';
export { type ParseProfileOptions, parseBusinessProfile } from './profile/parse-business-profile.js';
export { createPlatformProfile, type PlatformProfileOptions } from './profile/platform-profile.js';
export {
  type CachedProfile,
  createMemoryProfileCache,
  MAX_PROFILE_TTL_MS,
  MIN_PROFILE_TTL_MS,
  type ProfileCache,
  profileTtlMs,
} from './profile/profile-cache.js';
export type {
  BusinessProfile,
  UcpCapability,
  UcpPaymentHandler,
  UcpService,
  UcpSigningKey,
  UcpTransportName,
} from './profile/profile-types.js';
export type { Cart } from './schemas/cart.js';
export type { Product, ProductDetail, ProductList } from './schemas/catalog.js';
export { CHECKOUT_STATUSES, type Checkout, type CheckoutStatus } from './schemas/checkout.js';
export { type CheckedOperation, validateUcpInput } from './schemas/inputs.js';
export type { Order } from './schemas/order.js';
export { readUcpDocument, type UcpDocumentType } from './schemas/read-document.js';
export { UCP_OPERATIONS, type UcpOperationName, type UcpOperationSpec } from './transport/operations.js';
export { parseSseData } from './transport/sse-events.js';
export type {
  UcpApiKeyAuth,
  UcpAuth,
  UcpBearerAuth,
  UcpCredentialSource,
  UcpHeadersAuth,
} from './transport/ucp-auth.js';
export {
  isUcpConfirmationRequiredError,
  isUcpDocumentError,
  isUcpInputError,
  isUcpNotSupportedError,
  isUcpProtocolError,
  UcpConfirmationRequiredError,
  UcpDocumentError,
  type UcpDocumentKind,
  UcpInputError,
  type UcpIssue,
  UcpNotSupportedError,
  UcpProtocolError,
  type UcpUnsupportedReason,
} from './ucp-errors.js';
export type { UcpLenientResult, UcpWarning, UcpWarningCode } from './ucp-warnings.js';
