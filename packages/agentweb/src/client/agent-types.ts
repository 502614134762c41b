import type {
  A2AAuth,
  A2ABinding,
  A2ADialect,
  Artifact,
  JsonObject,
  OutgoingMessage,
  SendMessageResult,
  StreamEvent,
  TaskState,
} from '@agentweb/a2a';
import type { AgentProfile } from '@agentweb/agentcard';

/**
 * Something the client accepted from an agent but found wrong: a card field it had to default, a departure from
 * the protocol it could still read. `strict: true` refuses instead of warning where the reader supports it.
 */
export interface AgentWarning {
  /**
   * Stable code: a card rule such as `a2a/invalid_type`, an identity code such as `endpoint-cross-origin`, or an
   * `A2AWarningCode` of `@agentweb/a2a` for a departure in an answer (`kind-inferred`, `sse-framing-noise`).
   */
  code: string;
  /** Where: a card path (`skills[0].id`), or a path in the answer. */
  path: string;
  /** What was wrong, for people. */
  message: string;
}

/** Options of `aw.agent(target, options)`. */
export interface AgentOptions {
  /** Aborts discovery and the card fetch. */
  signal?: AbortSignal;
  /**
   * Refuse what is only tolerated: an endpoint on another origin than the card (`CrossOriginEndpointError`), and
   * protocol departures where the A2A reader supports strict reading. Default: the client's `strict`.
   */
  strict?: boolean;
  /** Credentials for this agent (default: looked up in the client's `credentials` by domain or card URL). */
  credentials?: A2AAuth;
}

/** What to send: a text, or a whole message (`parts`, and optionally `messageId`, `metadata`, ...). */
export type AgentInput = string | OutgoingMessage;

/** Options of one `send` or `stream`. */
export interface AgentSendOptions {
  /**
   * Whose conversation this is (default: the client's `userId`). Each user has their own conversation (contextId)
   * with each agent, kept in the client's context store, so another instance sharing the store continues it.
   */
  user?: string;
  /** Aborts the call (and closes a stream). */
  signal?: AbortSignal;
  /**
   * Deadline of the whole turn in ms, discovery excluded (default: none beyond the A2A client's per-request and
   * stream deadlines). Past it the call rejects with a `TimeoutError` of `@agentweb/http`.
   */
  timeoutMs?: number;
  /** Continue this conversation instead of the stored one (its contextId is then stored for the user). */
  contextId?: string;
  /** Start a new conversation: the stored contextId (and any task waiting for input) is dropped first. */
  newContext?: boolean;
  /**
   * Continue this task. Default: the task that is waiting for the user's input (`input-required`,
   * `auth-required`) in this conversation, if any; otherwise the agent starts a new task.
   */
  taskId?: string;
  /** Metadata of the message. */
  metadata?: JsonObject;
}

/** Where a reply came from. */
export interface AgentReplyProvenance {
  /** The agent's verified identity (card origin, endpoint, binding), the key its conversations are stored under. */
  agent: string;
  /** The URL the card was read from, when it was fetched. */
  cardUrl: string | undefined;
  /** The endpoint called. */
  endpoint: string;
  /** The binding used. */
  binding: A2ABinding;
  /** The protocol dialect used. */
  dialect: A2ADialect;
  /** When the reply arrived (ISO-8601). */
  receivedAt: string;
  /** How long the turn took, ms. */
  elapsedMs: number;
}

/** The agent's answer to one `send`. */
export interface AgentReply {
  /**
   * The answer as text, wherever the agent put it (see `replyText` of `@agentweb/a2a`); for `input-required` and
   * `auth-required`, the agent's question. `''` when the answer has no text (see `artifacts`).
   */
  text: string;
  /**
   * The task's state: `completed`, `input-required`, `auth-required`, `failed`, `rejected`, `canceled`, or
   * `working` / `submitted` when the turn ended before the task did. A direct message reply is `completed`.
   */
  state: TaskState;
  /** The task, when the agent made one (send it as `taskId` to continue that task explicitly). */
  taskId: string | undefined;
  /** The conversation, stored for the user so the next turn continues it. */
  contextId: string | undefined;
  /** The task's artifacts (data and file parts included). */
  artifacts: readonly Artifact[];
  /** The A2A result as received. */
  result: SendMessageResult;
  /** Where the reply came from. */
  provenance: AgentReplyProvenance;
  /**
   * What was accepted but wrong: the agent's card and identity, then the departures from the protocol the A2A
   * reader read past in this turn's answers (codes of `A2AWarningCode`, e.g. `kind-inferred`).
   */
  warnings: readonly AgentWarning[];
}

/** One step of a streamed reply. */
export interface AgentUpdate {
  /** The reply so far. */
  text: string;
  /** What this event added to `text` (`''` when nothing; all of it when the event replaced the text). */
  delta: string;
  /** The task's state after this event. */
  state: TaskState;
  /** True on the last update of the turn (a terminal or waiting state, or a direct message). */
  final: boolean;
  /** The task, once known. */
  taskId: string | undefined;
  /** The conversation, once known. */
  contextId: string | undefined;
  /** The A2A event as received. */
  event: StreamEvent;
  /** What was accepted but wrong so far: the card's and identity's warnings, then this turn's (as on `AgentReply`). */
  warnings: readonly AgentWarning[];
}

/** A generic A2A agent found by `aw.agent(target)`: ask it things, follow up in the same conversation. */
export interface AgentWebAgent {
  /** The agent's verified identity: card origin, endpoint and binding (not the id its card claims). */
  readonly id: string;
  /** The host the agent speaks for (its card URL's host). */
  readonly domain: string;
  /** The agent's normalized profile. */
  readonly profile: AgentProfile;
  /** The card JSON, when it was fetched. */
  readonly card: unknown;
  /** The URL the card was read from, when it was fetched. */
  readonly cardUrl: string | undefined;
  /**
   * What was accepted but wrong: in the card and the agent's identity, then what the A2A reader read past in the
   * agent's answers (the most recent 100 of those). Each is also sent as an `agent:warning` event.
   */
  readonly warnings: readonly AgentWarning[];
  /** Sends a message and resolves when the turn ends (a terminal state, or the agent waits for the user). */
  send(input: AgentInput, options?: AgentSendOptions): Promise<AgentReply>;
  /** Sends a message and yields the reply as it arrives; the last update has `final: true`. */
  stream(input: AgentInput, options?: AgentSendOptions): AsyncGenerator<AgentUpdate, void, undefined>;
  /** Forgets the user's conversation with this agent (the next turn starts a new one). */
  forget(options?: { user?: string }): Promise<void>;
  /** Releases the agent's connections (a gRPC channel). Idempotent; the client's `close` does it too. */
  close(): Promise<void>;
}
