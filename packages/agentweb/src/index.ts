// The base error every AgentWeb package throws, so facade users can check any error by `code` with one import,
// and the configuration error every factory throws for an option it cannot use.
export {
  AgentWebError,
  type AgentWebErrorJson,
  type AgentWebErrorOptions,
  type ApprovalStore,
  createErrorGuard,
  InvalidOptionError,
  isAgentWebError,
  isInvalidOptionError,
  isMissingPeerDependencyError,
  isStateStoreError,
  MissingPeerDependencyError,
  StateStoreError,
} from '@agentweb/core';
export * from './client/index.js';
export * from './state/index.js';
export * from './tools/facade-exports.js';
