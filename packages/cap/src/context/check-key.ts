import type { ContextKey } from './context-store.js';
import { ContextStoreError } from './context-store-errors.js';

/** Refuses keys that could merge two users' or two merchants' contexts (empty or non-string ids). */
export function checkKey(key: ContextKey): ContextKey {
  if (typeof key !== 'object' || key === null)
    throw new ContextStoreError('CAP_CONTEXT_INVALID', 'A context key must be an object');
  for (const name of ['userId', 'merchantId'] as const) {
    if (typeof key[name] !== 'string' || key[name] === '') {
      throw new ContextStoreError('CAP_CONTEXT_INVALID', `A context key needs a non-empty string ${name}`);
    }
  }
  return key;
}

/** Refuses empty or non-string contextIds, which a merchant may not issue. */
export function checkContextId(contextId: string): string {
  if (typeof contextId !== 'string' || contextId === '') {
    throw new ContextStoreError('CAP_CONTEXT_INVALID', 'A contextId must be a non-empty string');
  }
  return contextId;
}

/** One string per key that no two different keys share (JSON keeps the two parts apart). */
export function keyString(key: ContextKey): string {
  return JSON.stringify([key.userId, key.merchantId]);
}
