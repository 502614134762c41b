/** Identifies one user's context with one merchant. */
export interface ContextKey {
  /** The user on whose behalf the client calls; contexts are never shared between users. */
  userId: string;
  /** The merchant that issued the contextId; contexts are never sent to another merchant. */
  merchantId: string;
}

/** Where merchant-issued `contextId`s live, per user and per merchant (CAP §Context). */
export interface ContextStore {
  /** The contextId this merchant issued to this user, if any. */
  get(key: ContextKey): Promise<string | undefined>;
  /** Stores (or replaces) the merchant's contextId for this user. */
  set(key: ContextKey, contextId: string): Promise<void>;
  /** Forgets it (e.g. on consent revocation). */
  delete(key: ContextKey): Promise<void>;
}
