import { LRUCache } from 'lru-cache';

/**
 * The generations of one process's context keys, for the in-process stores. A delete (or an unconditional set)
 * gives its key a generation no key had before. The table is bounded: when a deleted key's generation is evicted, every key without a
 * generation of its own moves to a new one too, so a write checked against a generation read before the eviction
 * is refused (costing a fresh context) instead of bringing a revoked context back.
 */
export class GenerationTable {
  readonly #byKey: LRUCache<string, string>;
  #advances = 0;
  #evictions = 0;

  constructor(maxEntries: number) {
    this.#byKey = new LRUCache<string, string>({
      max: maxEntries,
      dispose: (_value, _key, reason) => {
        if (reason === 'evict') this.#evictions += 1;
      },
    });
  }

  /** The key's current generation. */
  of(key: string): string {
    return this.#byKey.get(key) ?? `e${this.#evictions}`;
  }

  /** Starts a new generation for the key (on delete and unconditional set). */
  advance(key: string): void {
    this.#advances += 1;
    this.#byKey.set(key, `d${this.#advances}`);
  }
}
