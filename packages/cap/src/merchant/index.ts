export { classifyCall, isAbort, rateLimitOf } from './classify.js';
export {
  CapCredentialsRequiredError,
  CapSkillNotSupportedError,
  CapTaskStateError,
  isCapCredentialsRequiredError,
  isCapSkillNotSupportedError,
  isCapTaskStateError,
  isMerchantClientClosedError,
  MerchantClientClosedError,
  type SkillNotSupportedReason,
} from './errors.js';
export { createMerchantClient } from './merchant-client.js';
export {
  type MerchantEndpointRef,
  type MerchantIdentity,
  type MerchantIdentityInput,
  type MerchantIdentityWarning,
  type MerchantIdentityWarningCode,
  merchantIdentity,
} from './merchant-identity.js';
export type {
  CapCallOptions,
  CapCallResult,
  CapTextResult,
  MerchantClient,
  MerchantClientOptions,
  SkillAvailability,
} from './merchant-types.js';
export { parseRetryAfter } from './retry-after.js';
