export {
  backoffCircuit,
  backoffWaitMs,
  emptyBackoffState,
  MERCHANT_BACKOFF_OPTION_RULES,
  type MerchantBackoffRules,
  type MerchantBackoffState,
  merchantBackoffRules,
  recordBackoffOutcome,
} from './backoff-state.js';
export { CircuitOpenError, isCircuitOpenError } from './circuit-open-error.js';
export {
  type CallOutcome,
  createMerchantBackoff,
  type MerchantBackoff,
  type MerchantBackoffOptions,
  type RefreshOptions,
  type RunOptions,
} from './merchant-backoff.js';
export { merchantBackoffKey } from './merchant-backoff-key.js';
