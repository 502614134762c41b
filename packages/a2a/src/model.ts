import type { A2AWarning } from './warnings.js';
/**
 * The dialect-neutral A2A model. It uses the 0.3 JSON shape (`kind` discriminators, lowercase states)
 * because CAP is written against it; 1.0 wire objects are converted into it by `wire-v1.ts`.
 */

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** Task states AgentWeb knows. */
export type KnownTaskState =
  | 'submitted'
  | 'working'
  | 'input-required'
  | 'completed'
  | 'canceled'
  | 'failed'
  | 'rejected'
  | 'auth-required'
  | 'unknown';

/** A task state; values the client does not know are kept as received, never rewritten. */
export type TaskState = KnownTaskState | (string & {});

/** Message author; unknown values are kept as received. */
export type Role = 'user' | 'agent' | (string & {});

/** States after which a task never changes again. */
export const TERMINAL_STATES: ReadonlySet<string> = new Set(['completed', 'canceled', 'failed', 'rejected']);
/** States in which a task waits for the client (a blocking call and a stream end on them). */
export const INTERRUPTED_STATES: ReadonlySet<string> = new Set(['input-required', 'auth-required']);

/** True for `completed`, `canceled`, `failed` and `rejected`. */
export function isTerminalState(state: TaskState): boolean {
  return TERMINAL_STATES.has(state);
}

/** True for terminal states and for `input-required` / `auth-required`. */
export function isFinalState(state: TaskState): boolean {
  return TERMINAL_STATES.has(state) || INTERRUPTED_STATES.has(state);
}

/** Fields every part may carry. */
interface PartBase {
  /** Free metadata. */
  metadata?: JsonObject;
}

/** Text content. */
export interface TextPart extends PartBase {
  /** Discriminator. */
  kind: 'text';
  /** The text. */
  text: string;
  /** 1.0 only: the part's media type (kept so a 1.0 part round-trips unchanged). */
  mediaType?: string;
  /** 1.0 only: a file name attached to the part. */
  filename?: string;
}

/** Structured content. */
export interface DataPart extends PartBase {
  /** Discriminator. */
  kind: 'data';
  /** The value (an object in 0.3; any JSON value in 1.0). */
  data: unknown;
  /** 1.0 only: the part's media type. */
  mediaType?: string;
  /** 1.0 only: a file name attached to the part. */
  filename?: string;
}

/** File content, inline (base64) or by reference. */
export interface FileContent {
  /** Base64 bytes (exclusive with `uri`). */
  bytes?: string;
  /** Location of the file (exclusive with `bytes`). */
  uri?: string;
  /** File name. */
  name?: string;
  /** Media type. */
  mimeType?: string;
}

/** A file. */
export interface FilePart extends PartBase {
  /** Discriminator. */
  kind: 'file';
  /** The file. */
  file: FileContent;
}

/** One piece of message or artifact content. */
export type Part = TextPart | DataPart | FilePart;

/** A message between client and agent. */
export interface Message {
  /** Discriminator. */
  kind: 'message';
  /** Unique id chosen by the sender. */
  messageId: string;
  /** Author. */
  role: Role;
  /** Content. */
  parts: Part[];
  /** Conversation the message belongs to. */
  contextId?: string;
  /** Task the message belongs to. */
  taskId?: string;
  /** Other tasks this message refers to. */
  referenceTaskIds?: string[];
  /** Extension URIs in use. */
  extensions?: string[];
  /** Free metadata. */
  metadata?: JsonObject;
}

/** A task's current status. */
export interface TaskStatus {
  /** The state. */
  state: TaskState;
  /** A message from the agent about the state. */
  message?: Message;
  /** ISO-8601 time of the status. */
  timestamp?: string;
}

/** An output of a task. */
export interface Artifact {
  /** Unique id within the task. */
  artifactId: string;
  /** Content. */
  parts: Part[];
  /** Display name. */
  name?: string;
  /** Description. */
  description?: string;
  /** Extension URIs. */
  extensions?: string[];
  /** Free metadata. */
  metadata?: JsonObject;
}

/** A unit of work on the agent. */
export interface Task {
  /** Discriminator. */
  kind: 'task';
  /** Task id. */
  id: string;
  /** Conversation id. */
  contextId: string;
  /** Current status. */
  status: TaskStatus;
  /** Produced artifacts. */
  artifacts?: Artifact[];
  /** Message history. */
  history?: Message[];
  /** Free metadata. */
  metadata?: JsonObject;
}

/** A task changed state. */
export interface TaskStatusUpdateEvent {
  /** Discriminator. */
  kind: 'status-update';
  /** Task id. */
  taskId: string;
  /** Conversation id. */
  contextId: string;
  /** The new status. */
  status: TaskStatus;
  /**
   * True when this is the last event of the stream. 0.3 servers send it; for 1.0 (which dropped it) it is
   * derived: true on a terminal or interrupted state.
   */
  final: boolean;
  /** Free metadata. */
  metadata?: JsonObject;
}

/** A task produced or extended an artifact. */
export interface TaskArtifactUpdateEvent {
  /** Discriminator. */
  kind: 'artifact-update';
  /** Task id. */
  taskId: string;
  /** Conversation id. */
  contextId: string;
  /** The artifact (or chunk). */
  artifact: Artifact;
  /** True when the parts extend an artifact sent before. */
  append?: boolean;
  /** True on the last chunk of the artifact. */
  lastChunk?: boolean;
  /** Free metadata. */
  metadata?: JsonObject;
}

/** Anything a stream yields. */
export type StreamEvent = Task | Message | TaskStatusUpdateEvent | TaskArtifactUpdateEvent;

/** The answer to `sendMessage`: a task, or a direct message. */
export type SendMessageResult = (
  | { task: Task; message?: undefined }
  | { message: Message; task?: undefined }
) & {
  /** What the lenient reader accepted in this answer that the specification does not allow; absent when nothing. */
  warnings?: A2AWarning[];
};

/** How the agent authenticates its push calls. */
export interface PushAuthentication {
  /** Scheme names (0.3 allows several; 1.0 carries exactly one). */
  schemes: string[];
  /** Credentials for the scheme. */
  credentials?: string;
}

/** Where and how the agent pushes task updates. */
export interface PushNotificationConfig {
  /** Config id (assigned by the agent when absent). */
  id?: string;
  /** Webhook URL. */
  url: string;
  /** Token the agent sends back, for the webhook to check. */
  token?: string;
  /** How the agent authenticates to the webhook. */
  authentication?: PushAuthentication;
}

/** A push config bound to a task (0.3 shape). */
export interface TaskPushNotificationConfig {
  /** The task. */
  taskId: string;
  /** The config. */
  pushNotificationConfig: PushNotificationConfig;
}

/** Options of a send. */
export interface MessageSendConfiguration {
  /** Output media types the client accepts. */
  acceptedOutputModes?: string[];
  /** How many history messages to return with the task. */
  historyLength?: number;
  /** Push config to register with the task. */
  pushNotificationConfig?: PushNotificationConfig;
  /** Wait for a terminal or interrupted state before answering (default true). In 1.0, `!returnImmediately`. */
  blocking?: boolean;
}
