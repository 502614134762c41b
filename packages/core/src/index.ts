export {
  AgentWebError,
  type AgentWebErrorOptions,
  createErrorGuard,
  isAgentWebError,
} from './agentweb-error.js';
export type { ProgressEvent, ProgressListener, ProvenanceRecord } from './provenance.js';
