export type { ContextKey, ContextStore } from './context-store.js';
export {
  ContextStoreCorruptError,
  ContextStoreError,
  isContextStoreCorruptError,
  isContextStoreError,
} from './context-store-errors.js';
export { createFileContextStore, type FileContextStoreOptions } from './file-context-store.js';
export { createMemoryContextStore, type MemoryContextStoreOptions } from './memory-context-store.js';
