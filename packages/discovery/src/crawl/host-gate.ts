import { abortableDelay, raceAbort } from '@agentweb/core';

/**
 * Decides when a request to a host may start. `crawl` runs every request through one: the in-process
 * {@link HostGate} by default, or one shared by many processes (e.g. `createRedisHostGate` of `@agentweb/redis`), so
 * that Crawl-delay holds for a whole fleet of crawlers.
 */
export interface CrawlHostGate {
  /**
   * Runs `task` in `host`'s next turn: no other task of that host runs meanwhile, and the next one starts no sooner
   * than `delayMs()` after this one ended (`delayMs` is read at the end, so a Crawl-delay learnt during the task
   * applies). Rejects with `signal.reason` on abort.
   */
  run<T>(host: string, delayMs: () => number, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/**
 * Spaces requests to one host: one request at a time per host, and the next one starts only `delayMs` after
 * the previous one finished (measured from its end, so slow answers do not eat into the pause). Hosts do not
 * wait for each other.
 */
export class HostGate implements CrawlHostGate {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly nextFree = new Map<string, number>();

  /**
   * Runs `task` in `host`'s next turn and keeps the host for `delayMs()` after it ends (`delayMs` is read at
   * the end, so a Crawl-delay learnt during the task applies). Rejects with `signal.reason` on abort.
   */
  async run<T>(
    host: string,
    delayMs: () => number,
    task: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const previous = this.tails.get(host) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.tails.set(host, tail);
    try {
      await raceAbort(previous, signal);
      await abortableDelay((this.nextFree.get(host) ?? 0) - Date.now(), signal);
      try {
        return await task();
      } finally {
        this.nextFree.set(host, Date.now() + Math.max(0, delayMs()));
      }
    } finally {
      release();
      if (this.tails.get(host) === tail)
        tail.then(() => this.tails.get(host) === tail && this.tails.delete(host));
    }
  }
}
