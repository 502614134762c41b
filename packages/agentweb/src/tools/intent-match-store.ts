import type { IntentMatch } from '../client/types.js';

const DEFAULT_CAPACITY = 32;

/**
 * Recent intent matches by id, so `invoke_intent` can act on exactly the match the model (and the user) saw,
 * rather than on a new match of the same words. Bounded: the oldest match is forgotten first.
 */
export class IntentMatchStore {
  readonly #matches = new Map<string, IntentMatch>();
  readonly #capacity: number;
  #next = 1;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  /** Keeps a match and returns its id. */
  put(match: IntentMatch): string {
    const id = `match-${this.#next++}`;
    this.#matches.set(id, match);
    while (this.#matches.size > this.#capacity) {
      const oldest = this.#matches.keys().next().value;
      if (oldest === undefined) break;
      this.#matches.delete(oldest);
    }
    return id;
  }

  /** The match with this id, if still kept. */
  get(id: string): IntentMatch | undefined {
    return this.#matches.get(id);
  }
}
