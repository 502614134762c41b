export { checkContextId, checkKey as checkContextKey, MAX_CONTEXT_ID_BYTES } from './check-key.js';
export { type ContextLockFunction, inProcessContextLock } from './context-lock.js';
export type {
  ContextKey,
  ContextLease,
  ContextLockOptions,
  ContextRecord,
  ContextStore,
} from './context-store.js';
export {
  ContextLockTimeoutError,
  ContextStoreCorruptError,
  ContextStoreError,
  isContextLockTimeoutError,
  isContextStoreCorruptError,
  isContextStoreError,
} from './context-store-errors.js';
export { createFileContextStore, type FileContextStoreOptions } from './file-context-store.js';
export {
  DEFAULT_CONTEXT_LOCK_WAIT_MS,
  KeyedLock,
  type KeyedLockAcquireOptions,
} from './keyed-lock.js';
export { createMemoryContextStore, type MemoryContextStoreOptions } from './memory-context-store.js';
