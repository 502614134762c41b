import { describe, expect, it } from 'vitest';
import { createDeadlineQueue } from './deadline-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const refTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('deadline queue (the unary gRPC deadlines)', () => {
  it('expires each entry once its deadline has passed, in deadline order, and never a removed one', async () => {
    const queue = createDeadlineQueue();
    const start = performance.now();
    const expired: Array<[string, number]> = [];
    const at = (name: string, ms: number) =>
      queue.add(start + ms, () => expired.push([name, performance.now() - start]));
    at('a', 40);
    const removed = at('b', 60);
    at('c', 80);
    // Out of order (a retried read keeps its first deadline): it still goes first.
    at('early', 20);
    queue.remove(removed);
    queue.remove(removed); // a second removal changes nothing
    await sleep(150);
    expect(expired.map(([name]) => name)).toEqual(['early', 'a', 'c']);
    for (const [name, after] of expired) {
      const due = { early: 20, a: 40, c: 80 }[name] ?? 0;
      expect(after).toBeGreaterThanOrEqual(due - 1);
    }
  });

  it('a deadline already past expires at once; removing an expired entry is harmless', async () => {
    const queue = createDeadlineQueue();
    let fired = 0;
    const entry = queue.add(performance.now() - 5, () => fired++);
    await sleep(10);
    expect(fired).toBe(1);
    queue.remove(entry);
    queue.add(performance.now() + 5, () => fired++);
    await sleep(30);
    expect(fired).toBe(2);
  });

  it('holds the process open only while an entry waits', async () => {
    const queue = createDeadlineQueue();
    const before = refTimers();
    const first = queue.add(performance.now() + 60_000, () => {});
    expect(refTimers()).toBe(before + 1);
    const second = queue.add(performance.now() + 60_000, () => {});
    expect(refTimers()).toBe(before + 1);
    queue.remove(first);
    expect(refTimers()).toBe(before + 1);
    queue.remove(second);
    // The timer may still be set, but no longer keeps the process alive.
    expect(refTimers()).toBe(before);
    const third = queue.add(performance.now() + 60_000, () => {});
    expect(refTimers()).toBe(before + 1);
    queue.remove(third);
    expect(refTimers()).toBe(before);
  });

  it('uses the clock it is given', async () => {
    let now = 1_000;
    const queue = createDeadlineQueue(() => now);
    let fired = false;
    queue.add(1_010, () => {
      fired = true;
    });
    // The timer goes off after the real 10 ms, but the given clock says it is not time yet: it waits again.
    await sleep(30);
    expect(fired).toBe(false);
    now = 1_010;
    await sleep(30);
    expect(fired).toBe(true);
  });
});
