import { INTERRUPTED_STATES, type TaskState } from '@agentweb/a2a';
import type { ContextKey, ContextLease, ContextStore } from '@agentweb/cap';

/** Where one user's conversation with one agent continues. */
export interface ConversationTurn {
  /** The conversation to continue, if any. */
  contextId: string | undefined;
  /** The task to continue (one waiting for the user's input, or the caller's), if any. */
  taskId: string | undefined;
  /** True when `taskId` came from the store rather than the caller (a stale one may be dropped and retried). */
  storedTask: boolean;
}

/** How a turn ended, as far as the conversation is concerned. */
export interface TurnOutcome {
  contextId: string | undefined;
  taskId: string | undefined;
  state: TaskState;
}

/**
 * One user's conversation with one agent in the client's context store (memory, file or Redis), so every instance
 * sharing the store continues it. Two keys per user and agent: the contextId the agent issued, and the task that
 * waits for the user's answer (as `[contextId, taskId]` JSON, so it is only continued in its own conversation).
 * Kept apart from CAP merchant contexts of the same agent by the key's prefix.
 */
export class AgentConversation {
  readonly #store: ContextStore;
  readonly #context: ContextKey;
  readonly #task: ContextKey;

  constructor(store: ContextStore, agentId: string, userId: string) {
    this.#store = store;
    this.#context = { userId, merchantId: `agent ${agentId}` };
    this.#task = { userId, merchantId: `agent-task ${agentId}` };
  }

  /** Where the next turn continues, after the caller's overrides. */
  async begin(options: {
    contextId?: string;
    taskId?: string;
    newContext?: boolean;
  }): Promise<ConversationTurn> {
    if (options.newContext === true) await this.forget();
    const contextId = options.contextId ?? (await this.#store.get(this.#context));
    if (options.taskId !== undefined) return { contextId, taskId: options.taskId, storedTask: false };
    const pending = parsePending(await this.#store.get(this.#task));
    const taskId = pending !== undefined && pending[0] === contextId ? pending[1] : undefined;
    return { contextId, taskId, storedTask: taskId !== undefined };
  }

  /**
   * Takes the store's context-creation lock when there is no conversation yet, so concurrent first turns (parallel
   * tool calls, two instances) share one conversation: the caller reads again under the lock.
   */
  async lockFirstTurn(signal: AbortSignal | undefined): Promise<ContextLease | undefined> {
    if (typeof this.#store.lock !== 'function') return undefined;
    return this.#store.lock(this.#context, signal ? { signal } : {});
  }

  /** Stores where the conversation stands after a turn. */
  async end(turn: ConversationTurn, outcome: TurnOutcome): Promise<void> {
    const { contextId, taskId, state } = outcome;
    if (contextId !== undefined && contextId !== '' && contextId !== turn.contextId) {
      await this.#store.set(this.#context, contextId);
    }
    if (INTERRUPTED_STATES.has(state) && contextId && taskId) {
      await this.#store.set(this.#task, JSON.stringify([contextId, taskId]));
    } else if (turn.storedTask || turn.taskId !== undefined) {
      await this.#store.delete(this.#task);
    }
  }

  /** Drops a stored task the agent no longer knows. */
  async dropTask(): Promise<void> {
    await this.#store.delete(this.#task);
  }

  /** Forgets the conversation and any task waiting in it. */
  async forget(): Promise<void> {
    await this.#store.delete(this.#context);
    await this.#store.delete(this.#task);
  }
}

function parsePending(value: string | undefined): [string, string] | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string'
    ) {
      return [parsed[0], parsed[1]];
    }
  } catch {
    // Not ours (or damaged): no task to continue.
  }
  return undefined;
}
