import { createMerchantBackoff } from '@agentweb/cap';
import { describeMerchantBackoffContract } from './helpers/merchant-backoff-contract.js';

// The in-process backoff: one object is what every caller in a process shares. The Redis run of the same contract
// is in redis-merchant-backoff.test.ts (an interop suite).
describeMerchantBackoffContract('in process (createMerchantBackoff)', (options) => {
  const backoff = createMerchantBackoff(options);
  return { instance: () => backoff };
});
