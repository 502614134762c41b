import { hasLoneSurrogate } from '@agentweb/core';
import type { ContextKey } from './context-store.js';
import { ContextStoreError } from './context-store-errors.js';

/**
 * Refuses keys that could merge two users' or two merchants' contexts (empty or non-string ids). Any other string is
 * a distinct key in every store: the Redis store escapes lone surrogates and hashes long ids (see
 * `@agentweb/redis`'s `keyPart`), so ids that are not well-formed Unicode are accepted there as here.
 */
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

/**
 * Refuses empty or non-string contextIds, which a merchant may not issue, ids over the size cap, and ids that are
 * not well-formed Unicode (a lone surrogate): a shared store holds UTF-8, where every lone surrogate turns into
 * U+FFFD, so such an id would come back as another id. Every store refuses them alike.
 */
export function checkContextId(contextId: string): string {
  if (typeof contextId !== 'string' || contextId === '') {
    throw new ContextStoreError('CAP_CONTEXT_INVALID', 'A contextId must be a non-empty string');
  }
  if (hasLoneSurrogate(contextId)) {
    throw new ContextStoreError(
      'CAP_CONTEXT_INVALID',
      'A contextId must be well-formed Unicode; the merchant issued one with a lone surrogate',
    );
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
