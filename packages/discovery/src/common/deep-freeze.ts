/**
 * Freezes `value` and every object reachable from it, then returns it. Used for results that are cached and
 * shared between callers: freezing once is far cheaper than copying on every cache hit, and an attempt to
 * edit a shared result fails loudly (a TypeError in strict mode) instead of silently changing what other
 * callers and later cache hits see. Iterative with a visited set, so deep or cyclic values are safe.
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  const seen = new WeakSet<object>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    Object.freeze(next);
    for (const key of Object.keys(next)) pending.push((next as Record<string, unknown>)[key]);
  }
  return value;
}
