import type { IntentMatch, LoadedAgisService } from '../client/types.js';

const CAPACITY = 32;

/** A kept match and the services that were loaded when it was made. */
export interface StoredMatch {
  /** The match as `intent()` returned it. */
  match: IntentMatch;
  /** `agisServices()` at match time: a candidate is only as current as the document it was computed from. */
  services: readonly LoadedAgisService[];
  /**
   * Actions shown to the model in a `CONFIRMATION_REQUIRED` result, by candidate index: the canonical JSON of the
   * input it would send. A later `confirmed: true` approves exactly that input and nothing else.
   */
  proposals: Map<number, string>;
}

/**
 * Recent intent matches by id, so `invoke_intent` can act on exactly the match the model (and the user) saw,
 * rather than on a new match of the same words. Bounded: the oldest match is forgotten first.
 */
export class IntentMatchStore {
  readonly #matches = new Map<string, StoredMatch>();
  #next = 1;

  /** Keeps a match, with the services it was computed from; returns its id and the kept entry. */
  put(match: IntentMatch, services: readonly LoadedAgisService[]): { id: string; stored: StoredMatch } {
    const id = `match-${this.#next++}`;
    const stored: StoredMatch = { match, services, proposals: new Map() };
    this.#matches.set(id, stored);
    while (this.#matches.size > CAPACITY) {
      const oldest = this.#matches.keys().next().value;
      if (oldest === undefined) break;
      this.#matches.delete(oldest);
    }
    return { id, stored };
  }

  /** The match with this id, if still kept. */
  get(id: string): StoredMatch | undefined {
    return this.#matches.get(id);
  }
}
