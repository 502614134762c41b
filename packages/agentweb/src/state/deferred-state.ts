import type { ContextStore, MerchantBackoff, SearchCacheStore } from '@agentweb/cap';
import type { ApprovalStore } from '@agentweb/core';
import type { HttpCacheStore } from '@agentweb/http';

/** A state with every store, as `createRedisState` makes it. */
export interface FullState {
  readonly contextStore: Required<ContextStore>;
  readonly approvals: ApprovalStore;
  readonly merchantBackoff: (merchantId: string) => MerchantBackoff;
  readonly searchCache: SearchCacheStore;
  readonly httpCache: HttpCacheStore;
  close(): Promise<void>;
}

/**
 * A state usable at once whose stores forward to one still being made (`@agentweb/redis` is imported on first
 * use): every call waits for it, then goes to the real store, and fails as making it failed (a missing package,
 * a bad setting). `close()` closes the real state once it exists.
 */
export function deferredState(making: Promise<FullState>): FullState {
  let made: FullState | undefined;
  // Read by the synchronous parts (a cache entry's freshness, a backoff's state) once the state is there.
  making.then(
    (state) => {
      made = state;
    },
    () => undefined,
  );
  const contextStore: Required<ContextStore> = {
    get: async (...args) => (await making).contextStore.get(...args),
    set: async (...args) => (await making).contextStore.set(...args),
    delete: async (...args) => (await making).contextStore.delete(...args),
    read: async (...args) => (await making).contextStore.read(...args),
    setIfGeneration: async (...args) => (await making).contextStore.setIfGeneration(...args),
    lock: async (...args) => (await making).contextStore.lock(...args),
  };
  const approvals: ApprovalStore = {
    putMatch: async (...args) => (await making).approvals.putMatch(...args),
    getMatch: async (...args) => (await making).approvals.getMatch(...args),
    propose: async (...args) => (await making).approvals.propose(...args),
    consume: async (...args) => (await making).approvals.consume(...args),
  };
  const searchCache: SearchCacheStore = {
    get: async (...args) => (await making).searchCache.get(...args),
    set: async (...args) => (await making).searchCache.set(...args),
  };
  const httpCache: HttpCacheStore = {
    get: async (...args) => (await making).httpCache.get(...args),
    store: async (...args) => (await making).httpCache.store(...args),
    refresh: async (...args) => (await making).httpCache.refresh(...args),
    delete: async (...args) => (await making).httpCache.delete(...args),
    clear: async () => (await making).httpCache.clear(),
    // An entry comes from get or store, so the state is made by the time one is asked about; stale otherwise.
    isFresh: (...args) => made?.httpCache.isFresh(...args) ?? false,
    ttlSeconds: (...args) => made?.httpCache.ttlSeconds(...args) ?? 0,
  };
  const merchantBackoff = (merchantId: string): MerchantBackoff => {
    let backoff: MerchantBackoff | undefined;
    const real = async () => {
      backoff ??= (await making).merchantBackoff(merchantId);
      return backoff;
    };
    return {
      run: async (call, options) => (await real()).run(call, options),
      // fanOutSearch refreshes before it reads these, which makes the real backoff.
      get state() {
        return backoff?.state ?? 'closed';
      },
      get waitMs() {
        return backoff?.waitMs ?? 0;
      },
      refresh: async (options) => (await real()).refresh?.(options),
    };
  };
  return {
    contextStore,
    approvals,
    merchantBackoff,
    searchCache,
    httpCache,
    close: () =>
      making.then(
        (state) => state.close(),
        () => undefined,
      ),
  };
}
