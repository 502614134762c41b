/**
 * A value now, or a promise of it. Interfaces with both in-memory and shared (Redis) implementations return this,
 * so callers await only the answers that are promises and an in-memory store costs no extra turn.
 */
export type MaybePromise<T> = T | PromiseLike<T>;

/** True when `value` is a promise or another thenable, i.e. the answer is still to come. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
