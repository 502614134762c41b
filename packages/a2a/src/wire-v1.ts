import { inferKind } from './infer-kind.js';
import {
  camelKeys,
  coerceIds,
  idLeniently,
  roleLeniently,
  stateLeniently,
  timestampLeniently,
} from './lenient-values.js';
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
import { type WarningSink, warning } from './warnings.js';

/*
 * Converters between the neutral (0.3-shaped) model and the 1.0 ProtoJSON wire form. Unknown enum values
 * and unknown fields pass through unchanged in both directions. Readers accept `snake_case` keys besides the
 * camelCase ones, as ProtoJSON parsers must. Each reader takes an optional warning sink: given (lenient mode),
 * departures that can be understood (a bare Task where `{task}` belongs, `COMPLETED` for a state, a numeric id)
 * are read and reported to it; absent (strict mode), they are refused or kept as received, as before.
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
export function stateFromV1(value: unknown, path = 'state', warn?: WarningSink): TaskState {
  if (typeof value === 'number' && Number.isInteger(value)) return STATE_NUMBERS[value] ?? String(value);
  if (typeof value !== 'string') {
    // ProtoJSON omits an enum at its default, TASK_STATE_UNSPECIFIED; a missing state is that, read as `unknown`.
    if (warn !== undefined && (value === undefined || value === null)) {
      warn(
        warning('field-missing', path, "the status has no state; read as 'unknown' (TASK_STATE_UNSPECIFIED)"),
      );
      return 'unknown';
    }
    throw shapeError(path, 'a TaskState name', value);
  }
  return STATE_FROM_V1[value] ?? stateLeniently(value, path, warn);
}

/** Neutral role to 1.0 (`user` → `ROLE_USER`); unknown values unchanged. */
export function roleToV1(role: Role): string {
  if (role === 'user') return 'ROLE_USER';
  if (role === 'agent') return 'ROLE_AGENT';
  return role;
}

/** 1.0 role to neutral; unknown values unchanged. */
export function roleFromV1(value: unknown, path = 'role', warn?: WarningSink): Role {
  if (value === 'ROLE_USER' || value === 1) return 'user';
  if (value === 'ROLE_AGENT' || value === 2) return 'agent';
  if (typeof value !== 'string') throw shapeError(path, 'a Role name', value);
  return roleLeniently(value, path, warn);
}

const PART_KNOWN_V1 = new Set(['kind', 'text', 'raw', 'url', 'data', 'mediaType', 'filename', 'metadata']);
const PART_KNOWN_V03_FILE = new Set([...PART_KNOWN_V1, 'file']);
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

/**
 * Lenient mode: a part in the 0.3 JSON form (`{kind: 'file', file: {uri | bytes, mimeType, name}}`, or the 0.3
 * proto's `fileWithUri` / `fileWithBytes`), which 1.0 flattened into `url` / `raw`; undefined for any other part.
 */
function v03FilePart(p: JsonObject, path: string, warn: WarningSink): JsonObject | undefined {
  const f = p['file'];
  if (!isObject(f)) return undefined;
  const uri = f['uri'] ?? f['fileWithUri'] ?? f['file_with_uri'];
  const bytes = f['bytes'] ?? f['fileWithBytes'] ?? f['file_with_bytes'];
  if (typeof uri !== 'string' && typeof bytes !== 'string') return undefined;
  const file: JsonObject = typeof bytes === 'string' ? { bytes } : { uri };
  setIf(file, 'name', optionalString(f['name'] ?? p['filename'], `${path}.file.name`));
  setIf(
    file,
    'mimeType',
    optionalString(f['mimeType'] ?? f['mime_type'] ?? p['mediaType'], `${path}.file.mimeType`),
  );
  warn(
    warning(
      'part-other-dialect',
      `${path}.file`,
      "the part is a 0.3 file part ('file' object) where 1.0 has 'url' or 'raw'; read as the file it names",
    ),
  );
  return { kind: 'file', file };
}

/** A 1.0 part to the neutral form. */
export function partFromV1(value: unknown, path = 'part', warn?: WarningSink): Part {
  const p = camelKeys(requireObject(value, path));
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
    const file = warn === undefined ? undefined : v03FilePart(p, path, warn);
    if (file === undefined) throw shapeError(path, "a part with 'text', 'raw', 'url' or 'data'", p);
    setIf(file, 'metadata', metadata);
    copyUnknown(p, PART_KNOWN_V03_FILE, file);
    return file as unknown as Part;
  }
  setIf(out, 'metadata', metadata);
  copyUnknown(p, PART_KNOWN_V1, out);
  return out as unknown as Part;
}

function partsFromV1(value: unknown, path: string, warn: WarningSink | undefined): Part[] {
  return (optionalArray(value, path) ?? []).map((p, i) => partFromV1(p, `${path}[${i}]`, warn));
}

/**
 * A required id: a string, or in lenient mode a number (`value-coerced`) or, when `fallback` is given, nothing at
 * all (`field-missing`, read as `fallback`).
 */
function requiredId(value: unknown, path: string, warn: WarningSink | undefined, fallback?: string): string {
  if (warn !== undefined && fallback !== undefined && (value === undefined || value === null)) {
    warn(
      warning(
        'field-missing',
        path,
        `${path.slice(path.lastIndexOf('.') + 1)} is missing; read as '${fallback}'`,
      ),
    );
    return fallback;
  }
  return idLeniently(value, path, warn);
}

const MESSAGE_KNOWN = new Set(['kind', 'role', 'parts']);
const MESSAGE_READ = new Set([...MESSAGE_KNOWN, 'messageId']);
const MESSAGE_IDS = ['contextId', 'taskId'];

/** Neutral message to 1.0 (no `kind`, `ROLE_*`, 1.0 parts). */
export function messageToV1(message: Message): JsonObject {
  const out: JsonObject = { role: roleToV1(message.role), parts: message.parts.map(partToV1) };
  copyUnknown(message as unknown as JsonObject, MESSAGE_KNOWN, out);
  return out;
}

/**
 * A 1.0 message to the neutral form. `defaultRole`: in lenient mode, the role of a message that has none, where the
 * place says who wrote it (a task status message is the agent's), with a `field-missing` warning.
 */
export function messageFromV1(
  value: unknown,
  path = 'message',
  warn?: WarningSink,
  defaultRole?: Role,
): Message {
  const m = camelKeys(requireObject(value, path));
  let role: Role;
  if (warn !== undefined && defaultRole !== undefined && (m['role'] === undefined || m['role'] === null)) {
    warn(
      warning(
        'field-missing',
        `${path}.role`,
        `the message has no role; read as '${defaultRole}' from where it is`,
      ),
    );
    role = defaultRole;
  } else role = roleFromV1(m['role'], `${path}.role`, warn);
  const out: JsonObject = {
    kind: 'message',
    role,
    messageId: requiredId(m['messageId'], `${path}.messageId`, warn, ''),
    parts: partsFromV1(m['parts'], `${path}.parts`, warn),
  };
  copyUnknown(m, MESSAGE_READ, out);
  coerceIds(out, MESSAGE_IDS, path, warn);
  return out as unknown as Message;
}

const STATUS_KNOWN = new Set(['state', 'message']);
const STATUS_READ = new Set([...STATUS_KNOWN, 'timestamp']);

function statusToV1(status: TaskStatus): JsonObject {
  const out: JsonObject = { state: stateToV1(status.state) };
  if (status.message) out['message'] = messageToV1(status.message);
  copyUnknown(status as unknown as JsonObject, STATUS_KNOWN, out);
  return out;
}

function statusFromV1(value: unknown, path: string, warn: WarningSink | undefined): TaskStatus {
  const s = camelKeys(requireObject(value, path));
  const out: JsonObject = { state: stateFromV1(s['state'], `${path}.state`, warn) };
  const message = optionalObject(s['message'], `${path}.message`);
  if (message) out['message'] = messageFromV1(message, `${path}.message`, warn, 'agent');
  setIf(
    out,
    'timestamp',
    optionalString(timestampLeniently(s['timestamp'], `${path}.timestamp`, warn), `${path}.timestamp`),
  );
  copyUnknown(s, STATUS_READ, out);
  return out as unknown as TaskStatus;
}

const ARTIFACT_KNOWN = new Set(['parts']);
const ARTIFACT_READ = new Set([...ARTIFACT_KNOWN, 'artifactId']);

function artifactToV1(artifact: Artifact): JsonObject {
  const out: JsonObject = { parts: artifact.parts.map(partToV1) };
  copyUnknown(artifact as unknown as JsonObject, ARTIFACT_KNOWN, out);
  return out;
}

function artifactFromV1(value: unknown, path: string, warn: WarningSink | undefined): Artifact {
  const a = camelKeys(requireObject(value, path));
  const out: JsonObject = {
    artifactId: requiredId(a['artifactId'], `${path}.artifactId`, warn, ''),
    parts: partsFromV1(a['parts'], `${path}.parts`, warn),
  };
  copyUnknown(a, ARTIFACT_READ, out);
  return out as unknown as Artifact;
}

const TASK_KNOWN = new Set(['kind', 'status', 'artifacts', 'history']);
const TASK_READ = new Set([...TASK_KNOWN, 'id']);
const TASK_IDS = ['contextId'];

/** Neutral task to 1.0. */
export function taskToV1(task: Task): JsonObject {
  const out: JsonObject = { status: statusToV1(task.status) };
  if (task.artifacts) out['artifacts'] = task.artifacts.map(artifactToV1);
  if (task.history) out['history'] = task.history.map(messageToV1);
  copyUnknown(task as unknown as JsonObject, TASK_KNOWN, out);
  return out;
}

/**
 * A 1.0 task to the neutral form. Lenient mode also reads a task sent inside a `{task: {...}}` wrapper, where
 * GetTask and CancelTask answer a bare Task (`result-wrapped`).
 */
export function taskFromV1(value: unknown, path = 'task', warn?: WarningSink): Task {
  let t = camelKeys(requireObject(value, path));
  if (warn !== undefined && t['id'] === undefined && t['status'] === undefined && isObject(t['task'])) {
    warn(
      warning(
        'result-wrapped',
        path,
        'the task came in a {"task": ...} wrapper where a bare Task belongs; read as it',
      ),
    );
    t = camelKeys(t['task']);
  }
  const out: JsonObject = {
    kind: 'task',
    id: idLeniently(t['id'], `${path}.id`, warn),
    status: statusFromV1(t['status'], `${path}.status`, warn),
  };
  const artifacts = optionalArray(t['artifacts'], `${path}.artifacts`);
  if (artifacts)
    out['artifacts'] = artifacts.map((a, i) => artifactFromV1(a, `${path}.artifacts[${i}]`, warn));
  const history = optionalArray(t['history'], `${path}.history`);
  if (history) out['history'] = history.map((m, i) => messageFromV1(m, `${path}.history[${i}]`, warn));
  copyUnknown(t, TASK_READ, out);
  coerceIds(out, TASK_IDS, path, warn);
  // ProtoJSON omits an empty contextId; the neutral model always has one.
  if (typeof out['contextId'] !== 'string') out['contextId'] = '';
  return out as unknown as Task;
}

const STATUS_EVENT_KNOWN = new Set(['kind', 'status', 'final']);
const ARTIFACT_EVENT_KNOWN = new Set(['kind', 'artifact']);
const STATUS_EVENT_READ = new Set([...STATUS_EVENT_KNOWN, 'taskId']);
const ARTIFACT_EVENT_READ = new Set([...ARTIFACT_EVENT_KNOWN, 'taskId']);

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

const UPDATE_IDS = ['taskId', 'contextId'];

function statusUpdateFromV1(value: JsonObject, path: string, warn: WarningSink | undefined): StreamEvent {
  const s = camelKeys(value);
  const taskId = idLeniently(s['taskId'], `${path}.taskId`, warn);
  const status = statusFromV1(s['status'], `${path}.status`, warn);
  const out: JsonObject = { kind: 'status-update', taskId, status, final: isFinalState(status.state) };
  copyUnknown(s, STATUS_EVENT_READ, out);
  coerceIds(out, UPDATE_IDS, path, warn);
  return out as unknown as TaskStatusUpdateEvent;
}

function artifactUpdateFromV1(value: JsonObject, path: string, warn: WarningSink | undefined): StreamEvent {
  const a = camelKeys(value);
  const out: JsonObject = {
    kind: 'artifact-update',
    taskId: idLeniently(a['taskId'], `${path}.taskId`, warn),
    artifact: artifactFromV1(a['artifact'], `${path}.artifact`, warn),
  };
  copyUnknown(a, ARTIFACT_EVENT_READ, out);
  coerceIds(out, UPDATE_IDS, path, warn);
  return out as unknown as TaskArtifactUpdateEvent;
}

/**
 * Lenient mode: the kind of a bare object sent where a one-key wrapper belongs (a 0.3-style answer on a 1.0 or
 * HTTP+JSON endpoint), from its `kind` tag or its fields, with a `result-unwrapped` warning; undefined (and no
 * warning) when neither says.
 */
export function unwrappedKind(
  r: JsonObject,
  path: string,
  warn: WarningSink,
): 'task' | 'message' | 'status-update' | 'artifact-update' | undefined {
  const tag = r['kind'];
  const kind =
    tag === 'task' || tag === 'message' || tag === 'status-update' || tag === 'artifact-update'
      ? tag
      : tag === undefined
        ? inferKind(r)
        : undefined;
  if (kind !== undefined) {
    const how = tag === undefined ? 'its fields' : 'its kind';
    warn(
      warning(
        'result-unwrapped',
        path,
        `a bare ${kind} came where a one-key wrapper ({task}, {message}, {statusUpdate}, {artifactUpdate}) belongs; told from ${how}`,
      ),
    );
  }
  return kind;
}

/** A 1.0 `StreamResponse` to a neutral stream event; `final` is derived from the state. */
export function streamEventFromV1(value: unknown, path = 'result', warn?: WarningSink): StreamEvent {
  const r = camelKeys(requireObject(value, path));
  if (isObject(r['task'])) return taskFromV1(r['task'], `${path}.task`, warn);
  if (isObject(r['message'])) return messageFromV1(r['message'], `${path}.message`, warn);
  if (isObject(r['statusUpdate'])) return statusUpdateFromV1(r['statusUpdate'], `${path}.statusUpdate`, warn);
  if (isObject(r['artifactUpdate'])) {
    return artifactUpdateFromV1(r['artifactUpdate'], `${path}.artifactUpdate`, warn);
  }
  switch (warn === undefined ? undefined : unwrappedKind(r, path, warn)) {
    case 'task':
      return taskFromV1(r, path, warn);
    case 'message':
      return messageFromV1(r, path, warn);
    case 'status-update':
      return statusUpdateFromV1(r, path, warn);
    case 'artifact-update':
      return artifactUpdateFromV1(r, path, warn);
    default:
      throw shapeError(path, "one of 'task', 'message', 'statusUpdate', 'artifactUpdate'", r);
  }
}

/** A 1.0 `SendMessage` result (`{task}` or `{message}`) to the neutral result. */
export function sendResultFromV1(value: unknown, warn?: WarningSink): SendMessageResult {
  const r = camelKeys(requireObject(value, 'result'));
  if (isObject(r['task'])) return { task: taskFromV1(r['task'], 'result.task', warn) };
  if (isObject(r['message'])) return { message: messageFromV1(r['message'], 'result.message', warn) };
  if (warn !== undefined) {
    const kind = unwrappedKind(r, 'result', warn);
    if (kind === 'task') return { task: taskFromV1(r, 'result', warn) };
    if (kind === 'message') return { message: messageFromV1(r, 'result', warn) };
  }
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
export function pushConfigFromV1(
  value: unknown,
  path = 'result',
  warn?: WarningSink,
): TaskPushNotificationConfig {
  const c = camelKeys(requireObject(value, path));
  const taskId = idLeniently(c['taskId'], `${path}.taskId`, warn);
  const inner: PushNotificationConfig = { url: requireString(c['url'], `${path}.url`) };
  const id = c['id'] === undefined || c['id'] === null ? undefined : idLeniently(c['id'], `${path}.id`, warn);
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
