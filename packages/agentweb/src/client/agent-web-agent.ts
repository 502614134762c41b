import {
  type A2AClient,
  type A2AWarning,
  createReplyTextAccumulator,
  isFinalState,
  isTaskNotFoundError,
  type OutgoingMessage,
  replyText,
  type SendMessageResult,
  type StreamEvent,
  type Task,
  type TaskState,
} from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';
import { formatPath } from '@agentweb/agentcard';
import type { ContextStore } from '@agentweb/cap';
import { TimeoutError } from '@agentweb/http';
import { AgentConversation, type ConversationTurn } from './agent-conversation.js';
import type {
  AgentInput,
  AgentOptions,
  AgentReply,
  AgentSendOptions,
  AgentUpdate,
  AgentWarning,
  AgentWebAgent,
} from './agent-types.js';
import { AgentWarningLog } from './agent-warning-log.js';
import { connectCard } from './connect-card.js';
import { AgentWebInputError } from './errors.js';
import { type FindCardDeps, findCard } from './find-card.js';
import type { AgentWebOptions } from './types.js';

/** What building an agent needs from the client. */
export interface AgentDeps extends FindCardDeps {
  contextStore: ContextStore;
  userId: string;
  credentials: AgentWebOptions['credentials'];
  /** The client's `strict`. */
  strict: boolean;
  /** Told when an agent is closed (the client keeps the open ones to close them with itself). */
  onClose?: (agent: AgentWebAgent) => void;
  /** Told of each warning the A2A reader finds in the agent's answers (the client's `agent:warning` event). */
  onWarning?: (agent: AgentWebAgent, warning: AgentWarning) => void;
}

/**
 * Finds a generic A2A agent by domain, origin or card URL (through the client's discovery, so every resolution
 * step it has applies) and builds its A2A client. Unlike a merchant, the agent need not declare CAP.
 *
 * @throws AgentWebInputError for an unusable target; CrossOriginEndpointError under `strict` for an endpoint on
 *   another origin than the card; DiscoveryError or the @agentweb/http errors when nothing could be found.
 */
export async function buildAgent(
  deps: AgentDeps,
  target: string | AgentProfile,
  options: AgentOptions = {},
): Promise<AgentWebAgent> {
  if (typeof target !== 'string' && (typeof target !== 'object' || target === null)) {
    throw new AgentWebInputError('target', 'expected a domain, an origin or a card URL');
  }
  const found = await findCard(deps, target, { signal: options.signal, requireCap: false, field: 'target' });
  // The A2A client is built before the agent's warning log can be (the identity's warnings come with it).
  let log: AgentWarningLog | undefined;
  const early: A2AWarning[] = [];
  const { a2a, identity, domain, cardWarnings } = await connectCard(deps, found, {
    credentials: options.credentials,
    signal: options.signal,
    strict: options.strict ?? deps.strict,
    onWarning: (warning) => (log === undefined ? early.push(warning) : log.add(warning)),
  });
  const fixed: AgentWarning[] = [
    ...found.issues.map((issue) => ({
      code: issue.rule,
      path: formatPath(issue.path),
      message: issue.message,
    })),
    ...identity.warnings,
    ...cardWarnings.map(({ code, path, message }) => ({ code, path, message })),
  ];
  log = new AgentWarningLog(Object.freeze(fixed));
  for (const warning of early) log.add(warning);
  const agent = new GenericAgent({
    a2a,
    id: identity.key,
    domain,
    profile: found.profile,
    card: found.card,
    cardUrl: found.cardUrl,
    warnings: log,
    store: deps.contextStore,
    userId: deps.userId,
    onClose: deps.onClose,
  });
  const { onWarning } = deps;
  if (onWarning !== undefined) log.listen((warning) => onWarning(agent, warning));
  return agent;
}

interface AgentParts {
  a2a: A2AClient;
  id: string;
  domain: string;
  profile: AgentProfile;
  card: unknown;
  cardUrl: string | undefined;
  warnings: AgentWarningLog;
  store: ContextStore;
  userId: string;
  onClose: ((agent: AgentWebAgent) => void) | undefined;
}

class GenericAgent implements AgentWebAgent {
  readonly id: string;
  readonly domain: string;
  readonly profile: AgentProfile;
  readonly card: unknown;
  readonly cardUrl: string | undefined;
  readonly #warnings: AgentWarningLog;
  readonly #a2a: A2AClient;
  readonly #store: ContextStore;
  readonly #userId: string;
  readonly #onClose: ((agent: AgentWebAgent) => void) | undefined;

  constructor(parts: AgentParts) {
    this.id = parts.id;
    this.domain = parts.domain;
    this.profile = parts.profile;
    this.card = parts.card;
    this.cardUrl = parts.cardUrl;
    this.#warnings = parts.warnings;
    this.#a2a = parts.a2a;
    this.#store = parts.store;
    this.#userId = parts.userId;
    this.#onClose = parts.onClose;
  }

  get warnings(): readonly AgentWarning[] {
    return this.#warnings.list;
  }

  async send(input: AgentInput, options: AgentSendOptions = {}): Promise<AgentReply> {
    const message = outgoing(input, options);
    const conversation = this.#conversation(options);
    const deadline = turnDeadline(options, this.#a2a.endpoint.url);
    const started = performance.now();
    const found = this.#warnings.turn();
    try {
      const { turn, lease } = await this.#begin(conversation, options, deadline.signal);
      try {
        let result: SendMessageResult;
        try {
          result = await this.#sendOnce(message, turn, deadline.signal);
        } catch (error) {
          // A stored task the agent has forgotten (expired, restarted): drop it and ask again in a new task.
          if (!turn.storedTask || !isTaskNotFoundError(error)) throw error;
          await conversation.dropTask();
          turn.taskId = undefined;
          turn.storedTask = false;
          result = await this.#sendOnce(message, turn, deadline.signal);
        }
        if (result.task !== undefined && !isFinalState(result.task.status.state)) {
          // A non-blocking agent answered before the task ended: follow it to its end.
          const task = await this.#a2a.waitForTask(result.task.id, { signal: deadline.signal });
          result = { task };
        }
        const reply = this.#reply(result, started, found.seen);
        await conversation.end(turn, reply);
        return reply;
      } finally {
        await lease?.release();
      }
    } catch (error) {
      throw deadline.reason(error);
    } finally {
      found.end();
      deadline.clear();
    }
  }

  async *stream(
    input: AgentInput,
    options: AgentSendOptions = {},
  ): AsyncGenerator<AgentUpdate, void, undefined> {
    const message = outgoing(input, options);
    const conversation = this.#conversation(options);
    const deadline = turnDeadline(options, this.#a2a.endpoint.url);
    const accumulator = createReplyTextAccumulator();
    let state: TaskState = 'submitted';
    let taskId: string | undefined;
    let contextId: string | undefined;
    const found = this.#warnings.turn();
    try {
      const begun = await this.#begin(conversation, options, deadline.signal);
      const { turn } = begun;
      let lease = begun.lease;
      try {
        const events = this.#a2a.streamMessage(
          { message: { ...message, ...turnIds(turn) } },
          { signal: deadline.signal },
        );
        for await (const event of events) {
          const ids = idsOf(event);
          taskId = ids.taskId ?? taskId;
          contextId = ids.contextId ?? contextId;
          state = stateOf(event) ?? state;
          // Stored as soon as the agent names it, so a consumer that stops reading early keeps the conversation, and
          // first turns waiting for the lock may go ahead and continue it.
          if (contextId !== undefined && contextId !== turn.contextId) {
            await conversation.end(turn, { contextId, taskId, state: 'working' });
            turn.contextId = contextId;
          }
          if (lease !== undefined && contextId !== undefined) {
            await lease.release();
            lease = undefined;
          }
          const { text, delta } = accumulator.push(event);
          const final = isFinalState(state) || event.kind === 'message' || isFinalEvent(event);
          const warnings = this.#warnings.reply(found.seen);
          yield { text, delta, state, final, taskId, contextId, event, warnings };
        }
        await conversation.end(turn, { contextId, taskId, state });
      } finally {
        await lease?.release();
      }
    } catch (error) {
      throw deadline.reason(error);
    } finally {
      found.end();
      deadline.clear();
    }
  }

  async forget(options: { user?: string } = {}): Promise<void> {
    await new AgentConversation(this.#store, this.id, checkedUser(options.user, this.#userId)).forget();
  }

  close(): Promise<void> {
    this.#onClose?.(this);
    return this.#a2a.close();
  }

  #conversation(options: AgentSendOptions): AgentConversation {
    return new AgentConversation(this.#store, this.id, checkedUser(options.user, this.#userId));
  }

  async #begin(
    conversation: AgentConversation,
    options: AgentSendOptions,
    signal: AbortSignal,
  ): Promise<{ turn: ConversationTurn; lease: Awaited<ReturnType<AgentConversation['lockFirstTurn']>> }> {
    const turn = await conversation.begin(options);
    if (turn.contextId !== undefined) return { turn, lease: undefined };
    const lease = await conversation.lockFirstTurn(signal);
    if (lease === undefined) return { turn, lease };
    try {
      // Another turn may have started the conversation while this one waited for the lock.
      const again = await conversation.begin({ ...options, newContext: false });
      if (again.contextId === undefined) return { turn: again, lease };
      await lease.release();
      return { turn: again, lease: undefined };
    } catch (error) {
      await lease.release();
      throw error;
    }
  }

  #sendOnce(
    message: OutgoingMessage,
    turn: ConversationTurn,
    signal: AbortSignal,
  ): Promise<SendMessageResult> {
    return this.#a2a.sendMessage(
      { message: { ...message, ...turnIds(turn) }, configuration: { blocking: true } },
      { signal },
    );
  }

  #reply(result: SendMessageResult, started: number, found: readonly AgentWarning[]): AgentReply {
    const task: Task | undefined = result.task;
    const state: TaskState = task?.status.state ?? 'completed';
    return {
      text: replyText(result),
      state,
      taskId: task?.id,
      contextId: task?.contextId ?? result.message?.contextId,
      artifacts: task?.artifacts ?? [],
      result,
      provenance: {
        agent: this.id,
        cardUrl: this.cardUrl,
        endpoint: this.#a2a.endpoint.url,
        binding: this.#a2a.binding,
        dialect: this.#a2a.dialect,
        receivedAt: new Date().toISOString(),
        elapsedMs: performance.now() - started,
      },
      // The card's and identity's warnings, then those the A2A reader found in this turn's answers.
      warnings: this.#warnings.reply(found),
    };
  }
}

function checkedUser(user: string | undefined, fallback: string): string {
  if (user === undefined) return fallback;
  if (typeof user !== 'string' || user.trim() === '') {
    throw new AgentWebInputError('user', 'must be a non-empty string');
  }
  return user;
}

/** The message to send, from a text or a message the caller built. */
function outgoing(input: AgentInput, options: AgentSendOptions): OutgoingMessage {
  let message: OutgoingMessage;
  if (typeof input === 'string') {
    if (input.trim() === '') throw new AgentWebInputError('text', 'expected a non-empty text');
    message = { parts: [{ kind: 'text', text: input }] };
  } else if (
    typeof input === 'object' &&
    input !== null &&
    Array.isArray(input.parts) &&
    input.parts.length > 0
  ) {
    message = { ...input };
  } else {
    throw new AgentWebInputError('message', 'expected a text or a message with at least one part');
  }
  if (options.metadata !== undefined) message.metadata = { ...message.metadata, ...options.metadata };
  return message;
}

function turnIds(turn: ConversationTurn): { contextId?: string; taskId?: string } {
  return {
    ...(turn.contextId === undefined ? {} : { contextId: turn.contextId }),
    ...(turn.taskId === undefined ? {} : { taskId: turn.taskId }),
  };
}

function idsOf(event: StreamEvent): { taskId?: string; contextId?: string } {
  switch (event.kind) {
    case 'task':
      return { taskId: event.id, contextId: event.contextId };
    case 'message':
      return {
        ...(event.taskId ? { taskId: event.taskId } : {}),
        ...(event.contextId ? { contextId: event.contextId } : {}),
      };
    default:
      return {
        ...(event.taskId ? { taskId: event.taskId } : {}),
        ...(event.contextId ? { contextId: event.contextId } : {}),
      };
  }
}

function stateOf(event: StreamEvent): TaskState | undefined {
  switch (event.kind) {
    case 'task':
    case 'status-update':
      return event.status?.state;
    case 'message':
      return 'completed';
    default:
      return undefined;
  }
}

function isFinalEvent(event: StreamEvent): boolean {
  return event.kind === 'status-update' && event.final === true;
}

/** The turn's signal: the caller's, ended by `timeoutMs` with a `TimeoutError` when given. */
function turnDeadline(options: AgentSendOptions, url: string) {
  const { timeoutMs, signal } = options;
  if (
    timeoutMs !== undefined &&
    !(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))
  ) {
    throw new AgentWebInputError('timeoutMs', `must be a positive number, got ${String(timeoutMs)}`);
  }
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timeout =
    timeoutMs === undefined ? undefined : new TimeoutError({ url, timeoutMs: Math.ceil(timeoutMs) });
  const timer =
    timeout === undefined
      ? undefined
      : setTimeout(() => controller.abort(timeout), Math.ceil(timeoutMs ?? 0));
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    /** The timeout error when the deadline ended the turn, else the error itself. */
    reason(error: unknown): unknown {
      return timeout !== undefined && controller.signal.reason === timeout && !signal?.aborted
        ? timeout
        : error;
    },
    clear() {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}
