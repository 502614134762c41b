export { abortableDelay, raceAbort } from './abortable.js';
export {
  AgentWebError,
  type AgentWebErrorOptions,
  createErrorGuard,
  isAgentWebError,
} from './agentweb-error.js';
export type { ApprovalStore } from './approval-store.js';
export {
  checkOptions,
  describeValue,
  is,
  type OptionRule,
  type OptionRules,
  required,
} from './check-options.js';
export { createDeadlineQueue, type DeadlineEntry, type DeadlineQueue } from './deadline-queue.js';
export { type AgentWebErrorJson, type ErrorSummary, errorSummary } from './error-json.js';
export {
  InvalidOptionError,
  type InvalidOptionErrorOptions,
  isInvalidOptionError,
} from './invalid-option-error.js';
export { lazyRequire } from './lazy-require.js';
export { type LoadPeerOptions, type LoadPeerSyncOptions, loadPeer, loadPeerSync } from './load-peer.js';
export { hasLoneSurrogate } from './lone-surrogate.js';
export { isPromiseLike, type MaybePromise } from './maybe-promise.js';
export {
  isMissingPeerDependencyError,
  MissingPeerDependencyError,
  type MissingPeerDependencyErrorOptions,
} from './missing-peer-dependency-error.js';
export { type ModuleEntry, moduleEntry } from './module-entry.js';
export type { ProgressEvent, ProgressListener, ProvenanceRecord } from './provenance.js';
export { isStateStoreError, StateStoreError, type StateStoreErrorOptions } from './state-store-error.js';
export { clampTimerMs, MAX_TIMER_MS } from './timer-ms.js';
export { trimTrailingSlashes } from './trim-trailing-slashes.js';
export { SECRET_WITHHELD, withholdSecrets } from './withhold-secrets.js';
export { CREDENTIALS_WITHHELD, QUERY_WITHHELD, withholdUrlSecrets } from './withhold-url-secrets.js';
