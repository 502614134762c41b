// The minimal official-SDK merchants moved to src so a child process can serve them too; tests keep this path.
export {
  type MinimalSdkMerchants,
  type MinimalSdkMerchantsOptions,
  startMinimalSdkMerchants,
} from '../../src/minimal-sdk-merchants.js';
