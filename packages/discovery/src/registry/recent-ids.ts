/** A bounded set of recently seen ids: the oldest is forgotten once `capacity` is reached. */
export class RecentIds {
  readonly #capacity: number;
  readonly #ids = new Set<string>();

  constructor(capacity: number) {
    this.#capacity = Math.max(1, capacity);
  }

  /** True when `id` was added and not yet forgotten. */
  has(id: string): boolean {
    return this.#ids.has(id);
  }

  /** Remembers `id`, forgetting the oldest one when full. */
  add(id: string): void {
    if (this.#ids.has(id)) return;
    if (this.#ids.size >= this.#capacity) {
      const oldest = this.#ids.values().next();
      if (!oldest.done) this.#ids.delete(oldest.value);
    }
    this.#ids.add(id);
  }
}
