export {
  AGIS_BODY_DEADLINE_MS,
  AGIS_MAX_BODY_BYTES,
  AGIS_SERVICE_IDS,
  type AgisRecordedRequest,
  type AgisServiceFaults,
  type AgisServiceId,
  type AgisServiceStats,
  SANDBOX_PHARMACY_STORES,
  SANDBOX_RESTAURANTS,
  type SandboxAgisService,
  type SandboxAgisServiceInfo,
  type SandboxPharmacyStore,
  type SandboxRestaurant,
} from './agis/index.js';
export type { CapErrorPayload, CapSkillId } from './cap-error.js';
export { CAP_SKILLS, PUBLIC_SKILLS, TEXT_SKILLS } from './cap-error.js';
export { catalogSizeFor, type GenerateCatalogOptions, generateCatalog } from './catalog.js';
export type { SandboxCatalog, SandboxOffer, SandboxProduct, SandboxVariant } from './catalog-types.js';
export type { MerchantCrawlStats, SandboxCrawlingOptions } from './crawl-log.js';
export {
  answerQuery,
  type DnsAaaaRecord,
  type DnsARecord,
  type DnsRecord,
  type DnsServerOptions,
  type DnsServerStats,
  type DnsSoaOptions,
  type DnsTxtRecord,
  type DnsZone,
  type RunningDnsServer,
  startDnsServer,
} from './dns/index.js';
export type { MerchantFaults, SandboxFaults } from './faults.js';
export { evaluateFilter, type FilterNode, type FilterValue, parseFilter } from './filter-eval.js';
export { gtinCheckDigit, isValidGtin } from './gtin.js';
export type { MerchantBinding, MerchantDialect, MerchantInfo, MerchantStats } from './merchant-runtime.js';
export {
  type MinimalSdkMerchants,
  type MinimalSdkMerchantsOptions,
  startMinimalSdkMerchants,
} from './minimal-sdk-merchants.js';
export { sandboxOrderIds } from './order-skill.js';
export type { ChildProcessOptions } from './process/spawn-child.js';
export {
  type MinimalSdkMerchantsProcess,
  type MinimalSdkMerchantsProcessOptions,
  type SandboxProcess,
  type SandboxProcessOptions,
  startMinimalSdkMerchantsProcess,
  startSandboxProcess,
} from './process/start-sandbox-process.js';
export {
  FilterSyntaxError,
  isFilterSyntaxError,
  isSandboxFetchError,
  isSandboxListenError,
  isSandboxOptionsError,
  isSandboxProcessError,
  SandboxFetchError,
  type SandboxFetchErrorCode,
  SandboxListenError,
  SandboxOptionsError,
  SandboxProcessError,
} from './sandbox-errors.js';
export { createSandboxFetch } from './sandbox-fetch.js';
export { createSandboxLookup, type SandboxLookup } from './sandbox-lookup.js';
export { type Sandbox, type SandboxMerchant, type SandboxOptions, startSandbox } from './start-sandbox.js';
export {
  SANDBOX_UCP_LEGACY_VERSION,
  SANDBOX_UCP_VERSION,
  TEST_PAYMENT_HANDLER,
  TEST_PAYMENT_HANDLER_ID,
  TEST_TOKEN_DECLINED,
  TEST_TOKEN_SUCCESS,
  type UcpMerchantTransports,
} from './ucp/ucp-documents.js';
export { SANDBOX_UCP_CAPABILITIES, type SandboxUcpMerchant, type SandboxUcpOptions } from './ucp/ucp-host.js';
export {
  createUcpSchemaValidator,
  type UcpDirection,
  type UcpSchemaProblem,
  type UcpSchemaValidator,
} from './ucp/ucp-json-schemas.js';
export type { UcpMerchantStats } from './ucp/ucp-merchant-http.js';
export { ESCALATION_QUANTITY } from './ucp/ucp-merchant-state.js';
export { createMerchantValidation, type UcpMerchantValidation } from './ucp/ucp-validation.js';
