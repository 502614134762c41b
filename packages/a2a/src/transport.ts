import type { AgentProfile } from '@agentweb/agentcard';
import type { HttpClient } from '@agentweb/http';
import type { AppliedAuth } from './auth.js';
import type { A2ABinding } from './binding.js';
import type { A2ADialect } from './dialect.js';
import type {
  JsonObject,
  Message,
  MessageSendConfiguration,
  SendMessageResult,
  StreamEvent,
  Task,
  TaskPushNotificationConfig,
} from './model.js';
import type { WarningSink } from './warnings.js';

/** Settings every binding is built with. */
export interface TransportSettings {
  /** HTTP client (the gRPC binding uses its address policy, `allowHttp` and defaults). */
  http: HttpClient;
  /** The endpoint URL from the card (a gRPC target may be `host:port`). */
  url: string;
  /** Dialect spoken there. */
  dialect: A2ADialect;
  /** 1.0 tenant sent with every call. */
  tenant: string | undefined;
  /** Applies the agent's credentials. */
  applyAuth: (url: string, signal?: AbortSignal) => Promise<AppliedAuth>;
  /** False when no credentials were given, so `applyAuth` adds nothing (lets a binding skip the call). */
  hasCredentials: boolean;
  /** The card's profile (for the schemes named in auth errors). */
  profile: AgentProfile | undefined;
  /** Extension URIs to declare. */
  extensions: readonly string[];
  /** Per-call deadline for unary calls, ms (undefined: the HTTP client's). */
  timeoutMs: number | undefined;
  /** Per-call body cap for unary calls, bytes (undefined: the HTTP client's). */
  maxBodyBytes: number | undefined;
  /** Deadline for a whole stream, ms. */
  streamTimeoutMs: number;
  /** Cap on a whole stream's bytes. */
  maxStreamBytes: number;
  /** Cap on one stream event. */
  maxEventBytes: number;
  /** Longest silence on a stream, ms. */
  idleTimeoutMs: number;
  /** Receives the departures read leniently; undefined in strict mode, where they are refused. */
  warn?: WarningSink | undefined;
}

/** Options of one unary call. */
export interface TransportCall {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Receives this call's lenient-reading warnings (instead of the transport's sink); ignored in strict mode. */
  warn?: WarningSink | undefined;
}

/** A message with its defaults filled in, and the send options, in the neutral model. */
export interface OutgoingSend {
  /** The message (role and messageId set). */
  message: Message;
  /** Send options. */
  configuration?: MessageSendConfiguration;
  /** Request metadata. */
  metadata?: JsonObject;
}

/**
 * One A2A operation set over one binding, in the dialect-neutral model: a binding maps each operation to its
 * wire form (JSON-RPC method, REST path and verb, gRPC method) and each answer or error back, so the client
 * above it (resume, polling, CAP) never sees which binding is in use.
 */
export interface A2ATransport {
  /** The binding. */
  readonly binding: A2ABinding;
  /** The endpoint URL. */
  readonly url: string;
  /** Sends a message. */
  send(params: OutgoingSend, call?: TransportCall): Promise<SendMessageResult>;
  /**
   * Sends a message and yields its events as they come, until the agent closes the stream: in batches of what
   * arrived together (one read of the body, the gRPC messages waiting), so the layers above take one asynchronous
   * step per batch rather than per event.
   */
  stream(params: OutgoingSend, signal?: AbortSignal): AsyncGenerator<StreamEvent[], void, undefined>;
  /** Reads a task. */
  getTask(params: { id: string; historyLength?: number }, call?: TransportCall): Promise<Task>;
  /** Cancels a task. */
  cancelTask(params: { id: string }, call?: TransportCall): Promise<Task>;
  /** Re-attaches to a task's events. */
  subscribe(params: { id: string }, signal?: AbortSignal): AsyncGenerator<StreamEvent[], void, undefined>;
  /** The authenticated extended card, as received (validated by the caller). */
  getExtendedCard(call?: TransportCall): Promise<unknown>;
  /** Registers a push config. */
  setPushConfig(
    config: TaskPushNotificationConfig,
    call?: TransportCall,
  ): Promise<TaskPushNotificationConfig>;
  /** Reads one push config. */
  getPushConfig(
    params: { taskId: string; configId?: string },
    call?: TransportCall,
  ): Promise<TaskPushNotificationConfig>;
  /** Lists a task's push configs. */
  listPushConfigs(params: { taskId: string }, call?: TransportCall): Promise<TaskPushNotificationConfig[]>;
  /** Deletes one push config. */
  deletePushConfig(params: { taskId: string; configId: string }, call?: TransportCall): Promise<void>;
  /** Releases what the binding holds open (gRPC channels); HTTP bindings share the HTTP client's pool. */
  close(): Promise<void>;
}
