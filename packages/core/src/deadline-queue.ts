/** A call waiting in a {@link DeadlineQueue}, until it ends (`remove`) or its deadline passes. */
export interface DeadlineEntry {
  /** When the entry expires, on the queue's clock (ms). */
  readonly deadline: number;
}

/**
 * Deadlines of many short calls that share one timeout (unary gRPC calls of one client, Redis round trips of one
 * connection), enforced by one timer for all of them instead of a `setTimeout` per call, which costs a few µs of a
 * sub-millisecond loopback round trip. Calls sharing a timeout come in deadline order: adding and removing an entry
 * is a few pointer updates on a linked list, and the timer, armed for the earliest deadline, is set again about
 * once per timeout.
 */
export interface DeadlineQueue {
  /** Calls `expire` once `deadline` (on the queue's clock) has passed, unless `remove(entry)` runs first. */
  add(deadline: number, expire: () => void): DeadlineEntry;
  /** Forgets `entry`; nothing happens for one already removed or expired. */
  remove(entry: DeadlineEntry): void;
}

class Entry implements DeadlineEntry {
  prev: Entry | undefined = undefined;
  next: Entry | undefined = undefined;
  queued = true;
  constructor(
    readonly deadline: number,
    readonly expire: () => void,
  ) {}
}

/**
 * A {@link DeadlineQueue} on `now` (default `performance.now`, which wall-clock changes do not move). Its timer
 * holds the process open only while an entry waits, as a call's own deadline timer would.
 */
export function createDeadlineQueue(now: () => number = () => performance.now()): DeadlineQueue {
  let head: Entry | undefined;
  let tail: Entry | undefined;
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  /** The deadline the timer is set for; Infinity when none is set. */
  let timerAt = Number.POSITIVE_INFINITY;

  function unlink(entry: Entry): void {
    entry.queued = false;
    if (entry.prev) entry.prev.next = entry.next;
    else head = entry.next;
    if (entry.next) entry.next.prev = entry.prev;
    else tail = entry.prev;
    entry.prev = undefined;
    entry.next = undefined;
    // An idle queue's timer may still go off (and find nothing), but never keeps the process alive.
    if (--size === 0) timer?.unref();
  }

  function arm(at: number): void {
    timerAt = at;
    timer = setTimeout(fire, Math.max(0, Math.ceil(at - now())));
  }

  function fire(): void {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    const t = now();
    const expired: Entry[] = [];
    while (head !== undefined && head.deadline <= t) {
      expired.push(head);
      unlink(head);
    }
    // Set again before the callbacks run, so one that throws cannot leave later deadlines unwatched.
    if (head !== undefined) arm(head.deadline);
    for (const entry of expired) entry.expire();
  }

  return {
    add(deadline, expire) {
      const entry = new Entry(deadline, expire);
      // From the tail: entries come in deadline order, except a retried read that keeps its first deadline.
      let before = tail;
      while (before !== undefined && before.deadline > deadline) before = before.prev;
      entry.prev = before;
      entry.next = before ? before.next : head;
      if (entry.next) entry.next.prev = entry;
      else tail = entry;
      if (before) before.next = entry;
      else head = entry;
      if (size++ === 0) timer?.ref();
      if (deadline < timerAt) {
        if (timer !== undefined) clearTimeout(timer);
        arm(deadline);
      }
      return entry;
    },
    remove(entry) {
      if (entry instanceof Entry && entry.queued) unlink(entry);
    },
  };
}
