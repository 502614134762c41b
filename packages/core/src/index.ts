export { abortableDelay, raceAbort } from './abortable.js';
export {
  AgentWebError,
  type AgentWebErrorOptions,
  createErrorGuard,
  isAgentWebError,
} from './agentweb-error.js';
export { type ModuleEntry, moduleEntry } from './module-entry.js';
export type { ProgressEvent, ProgressListener, ProvenanceRecord } from './provenance.js';
