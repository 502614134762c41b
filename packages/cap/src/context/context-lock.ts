import { checkKey, keyString } from './check-key.js';
import type { ContextKey, ContextLease, ContextLockOptions, ContextStore } from './context-store.js';
import { DEFAULT_CONTEXT_LOCK_WAIT_MS, KeyedLock } from './keyed-lock.js';

/** A store's `lock`, as a merchant client calls it. */
export type ContextLockFunction = (key: ContextKey, options?: ContextLockOptions) => Promise<ContextLease>;

/**
 * The `lock` of a store whose state lives in this process (memory, file; or a store of your own): a
 * {@link KeyedLock} on the key, waited for at most `waitMs` (default 20 000), then `ContextLockTimeoutError`.
 */
export function inProcessContextLock(
  waitMs: number = DEFAULT_CONTEXT_LOCK_WAIT_MS,
  locks: KeyedLock = new KeyedLock(),
): ContextLockFunction {
  return async (key, options = {}) => {
    const release = await locks.acquire(keyString(checkKey(key)), { signal: options.signal, waitMs });
    return { release: async () => release() };
  };
}

// For stores without `lock` (a caller's own get/set/delete store): one in-process lock per store object, so that the
// merchant clients sharing that store in this process still share one context creation per user and merchant.
const fallbacks = new WeakMap<ContextStore, ContextLockFunction>();

/** The store's `lock`, or an in-process one for this store object when it has none. */
export function contextLockOf(store: ContextStore): ContextLockFunction {
  if (typeof store.lock === 'function') return store.lock.bind(store);
  let lock = fallbacks.get(store);
  if (lock === undefined) {
    lock = inProcessContextLock();
    fallbacks.set(store, lock);
  }
  return lock;
}
