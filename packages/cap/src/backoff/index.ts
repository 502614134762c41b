export { CircuitOpenError, isCircuitOpenError } from './circuit-open-error.js';
export {
  type CallOutcome,
  createMerchantBackoff,
  type MerchantBackoff,
  type MerchantBackoffOptions,
  type RunOptions,
} from './merchant-backoff.js';
