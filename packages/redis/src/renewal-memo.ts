/**
 * The keys one store renewed lately (a TTL reset sent to Redis), so that an active user's reads do not each turn
 * into a write. Forgetting a key early costs one more renewal, never correctness, so this is a plain Map in
 * insertion order with the oldest entry dropped past `max`, not an LRU: it sits on every context read and write.
 */
export class RenewalMemo {
  readonly #renewedAt = new Map<string, number>();
  readonly #max: number;
  readonly #forMs: number;
  readonly #now: () => number;

  constructor(options: { max: number; forMs: number; now?: () => number }) {
    this.#max = options.max;
    this.#forMs = options.forMs;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Whether `key` was renewed within the last `forMs`. */
  isFresh(key: string): boolean {
    const at = this.#renewedAt.get(key);
    return at !== undefined && this.#now() - at < this.#forMs;
  }

  /** Notes that `key` was renewed now. */
  renewed(key: string): void {
    const size = this.#renewedAt.size;
    this.#renewedAt.set(key, this.#now());
    if (this.#renewedAt.size > size && size >= this.#max) {
      const oldest = this.#renewedAt.keys().next().value;
      if (oldest !== undefined) this.#renewedAt.delete(oldest);
    }
  }
}
