export {
  backoffCircuit,
  backoffWaitMs,
  type CallOutcome,
  CircuitOpenError,
  createMerchantBackoff,
  emptyBackoffState,
  isCircuitOpenError,
  MERCHANT_BACKOFF_OPTION_RULES,
  type MerchantBackoff,
  type MerchantBackoffOptions,
  type MerchantBackoffRules,
  type MerchantBackoffState,
  merchantBackoffKey,
  merchantBackoffRules,
  type RefreshOptions,
  type RunOptions,
  recordBackoffOutcome,
} from './backoff/index.js';
export {
  CapError,
  type CapErrorCode,
  type CapErrorOptions,
  isCapError,
  isKnownCapErrorCode,
  KNOWN_CAP_ERROR_CODES,
  type KnownCapErrorCode,
  MISSING_CAP_ERROR_CODE,
} from './cap-error.js';
export * from './context/index.js';
export * from './fan-out/index.js';
export * from './filter/index.js';
export {
  type CapCallOptions,
  type CapCallResult,
  CapCredentialsRequiredError,
  CapSkillNotSupportedError,
  CapTaskStateError,
  type CapTextResult,
  classifyCall,
  createMerchantClient,
  isCapCredentialsRequiredError,
  isCapSkillNotSupportedError,
  isCapTaskStateError,
  type MerchantClient,
  type MerchantClientOptions,
  type MerchantEndpointRef,
  type MerchantIdentity,
  type MerchantIdentityInput,
  type MerchantIdentityWarning,
  type MerchantIdentityWarningCode,
  merchantIdentity,
  parseRetryAfter,
  rateLimitOf,
  type SkillAvailability,
  type SkillNotSupportedReason,
} from './merchant/index.js';
export * from './offers/index.js';
export * from './schemas/index.js';
