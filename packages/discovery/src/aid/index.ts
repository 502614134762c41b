export { AID_ERROR_NUMBERS, AidError, type AidErrorCode, isAidError } from './aid-error.js';
export {
  AID_AUTH_SCHEMES,
  AID_LOCAL_SCHEMES,
  AID_PROTOCOLS,
  type AidAuthScheme,
  type AidProtocol,
} from './aid-tokens.js';
export { type AidDiscovery, type DiscoverAidOptions, discoverAid } from './discover-aid.js';
export {
  type AidLookup,
  type AidLookupAttempt,
  type LookupAidOptions,
  lookupAid,
} from './lookup-aid.js';
export { decodeAidPublicKey } from './multibase-key.js';
export { type AidRecord, type ParseAidRecordOptions, parseAidRecord } from './parse-aid-record.js';
export { type AidRecordSelection, selectAidRecord } from './select-aid-record.js';
export { type AidSignatureInput, parseAidSignatureInput } from './signature-input.js';
export {
  type AidEndpointProof,
  type VerifyAidEndpointOptions,
  verifyAidEndpoint,
} from './verify-aid-endpoint.js';
