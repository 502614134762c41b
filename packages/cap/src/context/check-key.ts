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

/**
 * Longest contextId kept, in UTF-8 bytes. Merchants issue UUID-sized ids; the cap keeps a hostile merchant from
 * filling a shared store with one huge id per user.
 */
export const MAX_CONTEXT_ID_BYTES = 4096;

/** Refuses empty or non-string contextIds, which a merchant may not issue, and ids over the size cap. */
export function checkContextId(contextId: string): string {
  if (typeof contextId !== 'string' || contextId === '') {
    throw new ContextStoreError('CAP_CONTEXT_INVALID', 'A contextId must be a non-empty string');
  }
  // A UTF-16 unit is at most 3 UTF-8 bytes: an id that short cannot be over the cap, and needs no byte count.
  if (
    contextId.length * 3 > MAX_CONTEXT_ID_BYTES &&
    (contextId.length > MAX_CONTEXT_ID_BYTES || Buffer.byteLength(contextId) > MAX_CONTEXT_ID_BYTES)
  ) {
    throw new ContextStoreError(
      'CAP_CONTEXT_INVALID',
      `A contextId must be at most ${MAX_CONTEXT_ID_BYTES} bytes; the merchant issued a longer one`,
    );
  }
  return contextId;
}

/** One string per key that no two different keys share (JSON keeps the two parts apart). */
export function keyString(key: ContextKey): string {
  return JSON.stringify([key.userId, key.merchantId]);
}
