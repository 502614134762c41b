export type { AgentWebState } from './agent-web-state.js';
export { createMemoryApprovalStore, type MemoryApprovalStoreOptions } from './memory-approval-store.js';
