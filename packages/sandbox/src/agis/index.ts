export {
  AGIS_SERVICE_IDS,
  type AgisServiceFaults,
  type AgisServiceId,
} from './agis-faults.js';
export { AGIS_BODY_DEADLINE_MS, AGIS_MAX_BODY_BYTES } from './agis-http.js';
export type { AgisRecordedRequest, AgisServiceStats } from './agis-runtime.js';
export type { SandboxAgisService, SandboxAgisServiceInfo } from './agis-services.js';
export { SANDBOX_PHARMACY_STORES, type SandboxPharmacyStore } from './pharmacy-logic.js';
export { SANDBOX_RESTAURANTS, type SandboxRestaurant } from './reservations-logic.js';
