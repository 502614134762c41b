export { checkContextId, checkKey as checkContextKey, MAX_CONTEXT_ID_BYTES } from './check-key.js';
export type { ContextKey, ContextRecord, ContextStore } from './context-store.js';
export {
  ContextStoreCorruptError,
  ContextStoreError,
  isContextStoreCorruptError,
  isContextStoreError,
} from './context-store-errors.js';
export { createFileContextStore, type FileContextStoreOptions } from './file-context-store.js';
export { createMemoryContextStore, type MemoryContextStoreOptions } from './memory-context-store.js';
