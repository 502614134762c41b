import type {
  Artifact,
  JsonObject,
  Message,
  MessageSendConfiguration,
  Part,
  PushNotificationConfig,
  Role,
  SendMessageResult,
  StreamEvent,
  Task,
  TaskArtifactUpdateEvent,
  TaskPushNotificationConfig,
  TaskState,
  TaskStatus,
  TaskStatusUpdateEvent,
} from './model.js';
import { isFinalState } from './model.js';
import {
  copyUnknown,
  isObject,
  optionalArray,
  optionalObject,
  optionalString,
  requireObject,
  requireString,
  setIf,
  shapeError,
} from './shape.js';

/*
 * Converters between the neutral (0.3-shaped) model and the 1.0 ProtoJSON wire form. Unknown enum values
 * and unknown fields pass through unchanged in both directions.
 */

const STATE_TO_V1: Record<string, string> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELED',
  failed: 'TASK_STATE_FAILED',
  rejected: 'TASK_STATE_REJECTED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
  unknown: 'TASK_STATE_UNSPECIFIED',
};
const STATE_FROM_V1: Record<string, string> = Object.fromEntries(
  Object.entries(STATE_TO_V1).map(([k, v]) => [v, k]),
);
// ProtoJSON may carry enum numbers; these are the a2a.proto TaskState numbers.
const STATE_NUMBERS = [
  'unknown',
  'submitted',
  'working',
  'completed',
  'failed',
  'canceled',
  'input-required',
  'rejected',
  'auth-required',
];

/** Neutral state to 1.0 (`completed` → `TASK_STATE_COMPLETED`); unknown values unchanged. */
export function stateToV1(state: TaskState): string {
  return STATE_TO_V1[state] ?? state;
}

/**
 * 1.0 state to neutral. Accepts the enum name, its number, and (A2A #1408) a lowercase 0.3 name; an unknown
 * value is kept as received (a number as its decimal string).
 */
export function stateFromV1(value: unknown, path = 'state'): TaskState {
  if (typeof value === 'number' && Number.isInteger(value)) return STATE_NUMBERS[value] ?? String(value);
  if (typeof value !== 'string') throw shapeError(path, 'a TaskState name', value);
  return STATE_FROM_V1[value] ?? value;
}

/** Neutral role to 1.0 (`user` → `ROLE_USER`); unknown values unchanged. */
export function roleToV1(role: Role): string {
  if (role === 'user') return 'ROLE_USER';
  if (role === 'agent') return 'ROLE_AGENT';
  return role;
}

/** 1.0 role to neutral; unknown values unchanged. */
export function roleFromV1(value: unknown, path = 'role'): Role {
  if (value === 'ROLE_USER' || value === 1) return 'user';
  if (value === 'ROLE_AGENT' || value === 2) return 'agent';
  if (typeof value !== 'string') throw shapeError(path, 'a Role name', value);
  return value;
}

const PART_KNOWN_V1 = new Set(['text', 'raw', 'url', 'data', 'mediaType', 'filename', 'metadata']);
const PART_KNOWN_NEUTRAL = new Set(['kind', 'text', 'data', 'file', 'mediaType', 'filename', 'metadata']);

/** Neutral part to a 1.0 part (`file` becomes `raw` or `url`; `mimeType` becomes `mediaType`). */
export function partToV1(part: Part): JsonObject {
  const out: JsonObject = {};
  if (part.kind === 'text') {
    out['text'] = part.text;
    setIf(out, 'mediaType', part.mediaType);
    setIf(out, 'filename', part.filename);
  } else if (part.kind === 'data') {
    out['data'] = part.data;
    setIf(out, 'mediaType', part.mediaType);
    setIf(out, 'filename', part.filename);
  } else if (part.kind === 'file') {
    const file = part.file;
    if (file.bytes !== undefined) out['raw'] = file.bytes;
    else setIf(out, 'url', file.uri);
    setIf(out, 'mediaType', file.mimeType);
    setIf(out, 'filename', file.name);
  }
  setIf(out, 'metadata', part.metadata);
  copyUnknown(part as unknown as JsonObject, PART_KNOWN_NEUTRAL, out);
  return out;
}

/** A 1.0 part to the neutral form. */
export function partFromV1(value: unknown, path = 'part'): Part {
  const p = requireObject(value, path);
  const mediaType = optionalString(p['mediaType'], `${path}.mediaType`);
  const filename = optionalString(p['filename'], `${path}.filename`);
  const metadata = optionalObject(p['metadata'], `${path}.metadata`);
  let out: JsonObject;
  if (typeof p['text'] === 'string') {
    out = { kind: 'text', text: p['text'] };
    setIf(out, 'mediaType', mediaType);
    setIf(out, 'filename', filename);
  } else if (typeof p['raw'] === 'string' || typeof p['url'] === 'string') {
    const file: JsonObject = {};
    if (typeof p['raw'] === 'string') file['bytes'] = p['raw'];
    else file['uri'] = p['url'];
    setIf(file, 'name', filename);
    setIf(file, 'mimeType', mediaType);
    out = { kind: 'file', file };
  } else if ('data' in p) {
    out = { kind: 'data', data: p['data'] };
    setIf(out, 'mediaType', mediaType);
    setIf(out, 'filename', filename);
  } else {
    throw shapeError(path, "a part with 'text', 'raw', 'url' or 'data'", p);
  }
  setIf(out, 'metadata', metadata);
  copyUnknown(p, PART_KNOWN_V1, out);
  return out as unknown as Part;
}

function partsFromV1(value: unknown, path: string): Part[] {
  return (optionalArray(value, path) ?? []).map((p, i) => partFromV1(p, `${path}[${i}]`));
}

const MESSAGE_KNOWN = new Set(['kind', 'role', 'parts']);

/** Neutral message to 1.0 (no `kind`, `ROLE_*`, 1.0 parts). */
export function messageToV1(message: Message): JsonObject {
  const out: JsonObject = { role: roleToV1(message.role), parts: message.parts.map(partToV1) };
  copyUnknown(message as unknown as JsonObject, MESSAGE_KNOWN, out);
  return out;
}

/** A 1.0 message to the neutral form. */
export function messageFromV1(value: unknown, path = 'message'): Message {
  const m = requireObject(value, path);
  requireString(m['messageId'], `${path}.messageId`);
  const out: JsonObject = {
    kind: 'message',
    role: roleFromV1(m['role'], `${path}.role`),
    parts: partsFromV1(m['parts'], `${path}.parts`),
  };
  copyUnknown(m, MESSAGE_KNOWN, out);
  return out as unknown as Message;
}

const STATUS_KNOWN = new Set(['state', 'message']);

function statusToV1(status: TaskStatus): JsonObject {
  const out: JsonObject = { state: stateToV1(status.state) };
  if (status.message) out['message'] = messageToV1(status.message);
  copyUnknown(status as unknown as JsonObject, STATUS_KNOWN, out);
  return out;
}

function statusFromV1(value: unknown, path: string): TaskStatus {
  const s = requireObject(value, path);
  const out: JsonObject = { state: stateFromV1(s['state'], `${path}.state`) };
  const message = optionalObject(s['message'], `${path}.message`);
  if (message) out['message'] = messageFromV1(message, `${path}.message`);
  optionalString(s['timestamp'], `${path}.timestamp`);
  copyUnknown(s, STATUS_KNOWN, out);
  return out as unknown as TaskStatus;
}

const ARTIFACT_KNOWN = new Set(['parts']);

function artifactToV1(artifact: Artifact): JsonObject {
  const out: JsonObject = { parts: artifact.parts.map(partToV1) };
  copyUnknown(artifact as unknown as JsonObject, ARTIFACT_KNOWN, out);
  return out;
}

function artifactFromV1(value: unknown, path: string): Artifact {
  const a = requireObject(value, path);
  requireString(a['artifactId'], `${path}.artifactId`);
  const out: JsonObject = { parts: partsFromV1(a['parts'], `${path}.parts`) };
  copyUnknown(a, ARTIFACT_KNOWN, out);
  return out as unknown as Artifact;
}

const TASK_KNOWN = new Set(['kind', 'status', 'artifacts', 'history']);

/** Neutral task to 1.0. */
export function taskToV1(task: Task): JsonObject {
  const out: JsonObject = { status: statusToV1(task.status) };
  if (task.artifacts) out['artifacts'] = task.artifacts.map(artifactToV1);
  if (task.history) out['history'] = task.history.map(messageToV1);
  copyUnknown(task as unknown as JsonObject, TASK_KNOWN, out);
  return out;
}

/** A 1.0 task to the neutral form. */
export function taskFromV1(value: unknown, path = 'task'): Task {
  const t = requireObject(value, path);
  requireString(t['id'], `${path}.id`);
  const out: JsonObject = { kind: 'task', status: statusFromV1(t['status'], `${path}.status`) };
  const artifacts = optionalArray(t['artifacts'], `${path}.artifacts`);
  if (artifacts) out['artifacts'] = artifacts.map((a, i) => artifactFromV1(a, `${path}.artifacts[${i}]`));
  const history = optionalArray(t['history'], `${path}.history`);
  if (history) out['history'] = history.map((m, i) => messageFromV1(m, `${path}.history[${i}]`));
  copyUnknown(t, TASK_KNOWN, out);
  // ProtoJSON omits an empty contextId; the neutral model always has one.
  if (typeof out['contextId'] !== 'string') out['contextId'] = '';
  return out as unknown as Task;
}

const STATUS_EVENT_KNOWN = new Set(['kind', 'status', 'final']);
const ARTIFACT_EVENT_KNOWN = new Set(['kind', 'artifact']);

/** Neutral stream event to a 1.0 `StreamResponse` (one-key wrapper; `final` dropped, 1.0 has none). */
export function streamEventToV1(event: StreamEvent): JsonObject {
  switch (event.kind) {
    case 'task':
      return { task: taskToV1(event) };
    case 'message':
      return { message: messageToV1(event) };
    case 'status-update': {
      const out: JsonObject = { status: statusToV1(event.status) };
      copyUnknown(event as unknown as JsonObject, STATUS_EVENT_KNOWN, out);
      return { statusUpdate: out };
    }
    case 'artifact-update': {
      const out: JsonObject = { artifact: artifactToV1(event.artifact) };
      copyUnknown(event as unknown as JsonObject, ARTIFACT_EVENT_KNOWN, out);
      return { artifactUpdate: out };
    }
  }
}

/** A 1.0 `StreamResponse` to a neutral stream event; `final` is derived from the state. */
export function streamEventFromV1(value: unknown, path = 'result'): StreamEvent {
  const r = requireObject(value, path);
  if (isObject(r['task'])) return taskFromV1(r['task'], `${path}.task`);
  if (isObject(r['message'])) return messageFromV1(r['message'], `${path}.message`);
  if (isObject(r['statusUpdate'])) {
    const s = r['statusUpdate'];
    requireString(s['taskId'], `${path}.statusUpdate.taskId`);
    const status = statusFromV1(s['status'], `${path}.statusUpdate.status`);
    const out: JsonObject = { kind: 'status-update', status, final: isFinalState(status.state) };
    copyUnknown(s, STATUS_EVENT_KNOWN, out);
    return out as unknown as TaskStatusUpdateEvent;
  }
  if (isObject(r['artifactUpdate'])) {
    const a = r['artifactUpdate'];
    requireString(a['taskId'], `${path}.artifactUpdate.taskId`);
    const out: JsonObject = {
      kind: 'artifact-update',
      artifact: artifactFromV1(a['artifact'], `${path}.artifactUpdate.artifact`),
    };
    copyUnknown(a, ARTIFACT_EVENT_KNOWN, out);
    return out as unknown as TaskArtifactUpdateEvent;
  }
  throw shapeError(path, "one of 'task', 'message', 'statusUpdate', 'artifactUpdate'", r);
}

/** A 1.0 `SendMessage` result (`{task}` or `{message}`) to the neutral result. */
export function sendResultFromV1(value: unknown): SendMessageResult {
  const r = requireObject(value, 'result');
  if (isObject(r['task'])) return { task: taskFromV1(r['task'], 'result.task') };
  if (isObject(r['message'])) return { message: messageFromV1(r['message'], 'result.message') };
  throw shapeError('result', "an object with 'task' or 'message'", r);
}

/** Neutral result to the 1.0 wrapper. */
export function sendResultToV1(result: SendMessageResult): JsonObject {
  return result.task ? { task: taskToV1(result.task) } : { message: messageToV1(result.message) };
}

function pushAuthToV1(config: PushNotificationConfig): JsonObject | undefined {
  const auth = config.authentication;
  if (!auth) return undefined;
  const out: JsonObject = { scheme: auth.schemes[0] ?? '' };
  setIf(out, 'credentials', auth.credentials);
  return out;
}

/** Neutral push config to the flat 1.0 `TaskPushNotificationConfig` (1.0 carries a single auth scheme). */
export function pushConfigToV1(config: TaskPushNotificationConfig, tenant?: string): JsonObject {
  const inner = config.pushNotificationConfig;
  const out: JsonObject = { taskId: config.taskId, url: inner.url };
  setIf(out, 'tenant', tenant);
  setIf(out, 'id', inner.id);
  setIf(out, 'token', inner.token);
  setIf(out, 'authentication', pushAuthToV1(inner));
  return out;
}

/** A flat 1.0 push config to the neutral (0.3) shape. */
export function pushConfigFromV1(value: unknown, path = 'result'): TaskPushNotificationConfig {
  const c = requireObject(value, path);
  const taskId = requireString(c['taskId'], `${path}.taskId`);
  const inner: PushNotificationConfig = { url: requireString(c['url'], `${path}.url`) };
  const id = optionalString(c['id'], `${path}.id`);
  if (id !== undefined) inner.id = id;
  const token = optionalString(c['token'], `${path}.token`);
  if (token !== undefined && token !== '') inner.token = token;
  const auth = optionalObject(c['authentication'], `${path}.authentication`);
  if (auth) {
    inner.authentication = { schemes: [requireString(auth['scheme'], `${path}.authentication.scheme`)] };
    const credentials = optionalString(auth['credentials'], `${path}.authentication.credentials`);
    if (credentials !== undefined && credentials !== '') inner.authentication.credentials = credentials;
  }
  return { taskId, pushNotificationConfig: inner };
}

/** Neutral send configuration to 1.0 (`blocking` becomes the inverted `returnImmediately`). */
export function sendConfigurationToV1(config: MessageSendConfiguration): JsonObject {
  const out: JsonObject = {};
  setIf(out, 'acceptedOutputModes', config.acceptedOutputModes);
  setIf(out, 'historyLength', config.historyLength);
  if (config.blocking !== undefined) out['returnImmediately'] = !config.blocking;
  if (config.pushNotificationConfig) {
    const p = config.pushNotificationConfig;
    const push: JsonObject = { url: p.url };
    setIf(push, 'id', p.id);
    setIf(push, 'token', p.token);
    setIf(push, 'authentication', pushAuthToV1(p));
    out['taskPushNotificationConfig'] = push;
  }
  return out;
}
