import { type A2AWarning, MAX_CLIENT_WARNINGS } from '@agentweb/a2a';
import type { AgentWarning } from './agent-types.js';

/**
 * An agent's warnings: those of its card and identity, then the A2A reader's about its answers (the most recent
 * {@link MAX_CLIENT_WARNINGS} of those). Each turn collects the warnings found while it runs, for its reply.
 *
 * The A2A client has one warning hook, so turns running at the same time on one agent each see the warnings of
 * the other's answers too: over-reporting, never losing one.
 */
export class AgentWarningLog {
  readonly #fixed: readonly AgentWarning[];
  readonly #found: AgentWarning[] = [];
  readonly #turns = new Set<AgentWarning[]>();
  #listener: ((warning: AgentWarning) => void) | undefined;

  constructor(fixed: readonly AgentWarning[]) {
    this.#fixed = fixed;
  }

  /** Who is told of each warning found after the agent was built (the client's `agent:warning` event). */
  listen(listener: (warning: AgentWarning) => void): void {
    this.#listener = listener;
  }

  /** The hook given to the A2A client. */
  readonly add = (warning: A2AWarning): void => {
    const copy: AgentWarning = { code: warning.code, path: warning.path, message: warning.message };
    if (this.#found.length >= MAX_CLIENT_WARNINGS) this.#found.shift();
    this.#found.push(copy);
    for (const turn of this.#turns) turn.push(copy);
    this.#listener?.(copy);
  };

  /** A snapshot: the card's and identity's warnings, then the reader's, oldest first. */
  get list(): readonly AgentWarning[] {
    return Object.freeze([...this.#fixed, ...this.#found]);
  }

  /** Starts collecting the warnings found during a turn, until `end()`. */
  turn(): { readonly seen: readonly AgentWarning[]; end(): void } {
    const seen: AgentWarning[] = [];
    this.#turns.add(seen);
    return {
      get seen() {
        return seen;
      },
      end: () => {
        this.#turns.delete(seen);
      },
    };
  }

  /** The warnings of a reply: the card's and identity's, then those found during the turn. */
  reply(seen: readonly AgentWarning[]): readonly AgentWarning[] {
    return Object.freeze([...this.#fixed, ...seen]);
  }
}
