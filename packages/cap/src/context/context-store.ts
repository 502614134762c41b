/** Identifies one user's context with one merchant. */
export interface ContextKey {
  /** The user on whose behalf the client calls; contexts are never shared between users. */
  userId: string;
  /** The merchant that issued the contextId; contexts are never sent to another merchant. */
  merchantId: string;
}

/** A stored contextId with the generation a conditional write is checked against. */
export interface ContextRecord {
  /** The contextId this merchant issued to this user, if any. */
  contextId: string | undefined;
  /**
   * Changes whenever the key is deleted (a consent revocation) or written by an unconditional `set`, for every
   * instance sharing the store; a `setIfGeneration` keeps it. Opaque: compare it for equality only.
   */
  generation: string;
}

/** Options of one {@link ContextStore.lock} call. */
export interface ContextLockOptions {
  /** Stops waiting for the lock: `lock` rejects with the signal's reason (the call it guards was aborted). */
  signal?: AbortSignal;
}

/** A held context-creation lock: the caller alone may start this user's context with this merchant. */
export interface ContextLease {
  /**
   * Lets the next caller in. Never rejects: a lease that could not be released (a store that is down) runs out
   * by itself.
   */
  release(): Promise<void>;
}

/**
 * Where merchant-issued `contextId`s live, per user and per merchant (CAP §Context).
 *
 * `read` and `setIfGeneration` are optional (a store with only `get`, `set` and `delete` still works) and come
 * together. With them a merchant client reads the contextId and its generation before a call and stores the
 * merchant's new contextId only if no `delete` happened since, so a consent revocation on one instance cannot be
 * undone by a late answer to a call another instance sent before it. Every store of this SDK has them.
 */
export interface ContextStore {
  /** The contextId this merchant issued to this user, if any. */
  get(key: ContextKey): Promise<string | undefined>;
  /**
   * Stores (or replaces) the merchant's contextId for this user. Unconditional, so it starts a new generation: a
   * conditional write checked against a generation read before it is refused.
   */
  set(key: ContextKey, contextId: string): Promise<void>;
  /** Forgets it (e.g. on consent revocation), and starts a new generation. */
  delete(key: ContextKey): Promise<void>;
  /** The contextId with its generation. */
  read?(key: ContextKey): Promise<ContextRecord>;
  /**
   * Stores (or replaces) the contextId unless the key was deleted since `generation` was read; resolves to whether
   * it was stored. A refused write is not an error: the context it carried was revoked.
   */
  setIfGeneration?(key: ContextKey, contextId: string, generation: string): Promise<boolean>;
  /**
   * Takes the key's context-creation lock (single flight per user and merchant): resolves once this caller holds
   * it, after any earlier holder released it. A merchant client that finds no contextId takes it, reads again,
   * and holds it while its first call creates the context and the contextId is stored, so that concurrent first
   * calls (parallel tool calls, a double submit, two instances) share one context instead of each starting one and
   * losing what the others put in theirs. The wait is bounded: `signal`, and a store's own limit, past which it
   * rejects with `ContextLockTimeoutError`. Optional: without it a merchant client still single-flights the calls
   * made through this store object in its process. Every store of this SDK has it (in process for the memory and
   * file stores, across instances with a lease that runs out for the Redis store).
   */
  lock?(key: ContextKey, options?: ContextLockOptions): Promise<ContextLease>;
}

/** The store's `read` and `setIfGeneration`, when it has both. */
export function conditionalWrites(
  store: ContextStore,
): Required<Pick<ContextStore, 'read' | 'setIfGeneration'>> | undefined {
  const { read, setIfGeneration } = store;
  if (typeof read !== 'function' || typeof setIfGeneration !== 'function') return undefined;
  return { read: read.bind(store), setIfGeneration: setIfGeneration.bind(store) };
}
