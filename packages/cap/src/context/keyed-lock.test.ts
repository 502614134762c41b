import { describe, expect, it } from 'vitest';
import { isContextLockTimeoutError } from './context-store-errors.js';
import { KeyedLock } from './keyed-lock.js';

describe('KeyedLock', () => {
  it('grants one key to one caller at a time, in arrival order; other keys are independent', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const first = await lock.acquire('k', { waitMs: 1_000 });
    const second = lock.acquire('k', { waitMs: 1_000 }).then((release) => {
      order.push('second');
      return release;
    });
    const third = lock.acquire('k', { waitMs: 1_000 }).then((release) => {
      order.push('third');
      return release;
    });
    const other = await lock.acquire('other', { waitMs: 1_000 });
    other();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    first();
    // A second release of the same lease is a no-op: it must not let a third caller in next to the second.
    first();
    const releaseSecond = await second;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['second']);
    releaseSecond();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(lock.isHeld('k')).toBe(false);
  });

  it('a waiter stops at its signal with its reason, and at waitMs with ContextLockTimeoutError; neither blocks the next', async () => {
    const lock = new KeyedLock();
    const held = await lock.acquire('k', { waitMs: 1_000 });
    const controller = new AbortController();
    const aborted = lock.acquire('k', { waitMs: 10_000, signal: controller.signal });
    const reason = new Error('gave up');
    controller.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    const timedOut = await lock.acquire('k', { waitMs: 30 }).catch((error: unknown) => error);
    expect(isContextLockTimeoutError(timedOut)).toBe(true);
    expect(timedOut).toMatchObject({ code: 'CAP_CONTEXT_LOCK_TIMEOUT' });
    expect((timedOut as { waitedMs: number }).waitedMs).toBeGreaterThanOrEqual(25);
    const next = lock.acquire('k', { waitMs: 1_000 });
    held();
    (await next)();
    expect(lock.isHeld('k')).toBe(false);
    // An already aborted signal does not even queue.
    await expect(lock.acquire('k', { waitMs: 1_000, signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    expect(lock.isHeld('k')).toBe(false);
  });
});
