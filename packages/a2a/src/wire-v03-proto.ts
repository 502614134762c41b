import { idLeniently } from './lenient-values.js';
import type {
  Artifact,
  JsonObject,
  Message,
  MessageSendConfiguration,
  Part,
  PushNotificationConfig,
  SendMessageResult,
  StreamEvent,
  Task,
  TaskPushNotificationConfig,
  TaskStatus,
} from './model.js';
import { isFinalState } from './model.js';
import {
  isObject,
  optionalArray,
  optionalObject,
  optionalString,
  requireObject,
  requireString,
  setIf,
  shapeError,
} from './shape.js';
import type { WarningSink } from './warnings.js';
import { roleFromV1, roleToV1, stateFromV1, unwrappedKind } from './wire-v1.js';

/*
 * Converters between the neutral model and the ProtoJSON form of the A2A 0.3 proto (package `a2a.v1`), which
 * the 0.3 HTTP+JSON binding carries and the 0.3 gRPC binding decodes to. It differs from the 0.3 JSON-RPC
 * shapes: `content` holds a message's parts, parts are `{text}` / `{file: {fileWithUri | fileWithBytes,
 * mimeType}}` / `{data: {data}}`, states are `TASK_STATE_*` (with `TASK_STATE_CANCELLED`), roles `ROLE_*`, tasks
 * are named `tasks/{id}`, and results are one-key wrappers. The 0.3 proto has no part metadata, no file name and
 * no `referenceTaskIds`: those neutral fields are not sent on this binding. Readers accept the proto field
 * names (`msg`, `update`, `request`) besides the JSON names, as ProtoJSON parsers must.
 */

/** The 0.3 proto's TaskState names (`CANCELLED` with two Ls, unlike 1.0). */
const STATE_TO_V03_PROTO: Record<string, string> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELLED',
  failed: 'TASK_STATE_FAILED',
  rejected: 'TASK_STATE_REJECTED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
  unknown: 'TASK_STATE_UNSPECIFIED',
};

/** A 0.3 proto state to neutral (the 1.0 reader handles the shared names, numbers and unknown values). */
export function stateFromV03Proto(value: unknown, path = 'state', warn?: WarningSink): string {
  return value === 'TASK_STATE_CANCELLED' ? 'canceled' : stateFromV1(value, path, warn);
}

/** Neutral state to the 0.3 proto name; unknown values unchanged. */
export function stateToV03Proto(state: string): string {
  return STATE_TO_V03_PROTO[state] ?? state;
}

/** Neutral part to a 0.3 proto part. A data part's value must be a JSON object (a `google.protobuf.Struct`). */
export function partToV03Proto(part: Part): JsonObject {
  if (part.kind === 'text') return { text: part.text };
  if (part.kind === 'data') {
    if (!isObject(part.data)) {
      throw new TypeError('A2A 0.3 over HTTP+JSON or gRPC carries only JSON objects in data parts');
    }
    return { data: { data: part.data } };
  }
  const file: JsonObject = {};
  if (part.file.bytes !== undefined) file['fileWithBytes'] = part.file.bytes;
  else setIf(file, 'fileWithUri', part.file.uri);
  setIf(file, 'mimeType', part.file.mimeType);
  return { file };
}

/** A 0.3 proto part to neutral. */
export function partFromV03Proto(value: unknown, path = 'part', warn?: WarningSink): Part {
  const p = requireObject(value, path);
  if (typeof p['text'] === 'string') return { kind: 'text', text: p['text'] };
  const file = optionalObject(p['file'], `${path}.file`);
  if (file) {
    const out: JsonObject = {};
    const uri = optionalString(file['fileWithUri'] ?? file['file_with_uri'], `${path}.file.fileWithUri`);
    const bytes = optionalString(
      file['fileWithBytes'] ?? file['file_with_bytes'],
      `${path}.file.fileWithBytes`,
    );
    if (bytes !== undefined) out['bytes'] = bytes;
    else if (uri !== undefined) out['uri'] = uri;
    else if (warn !== undefined && (typeof file['uri'] === 'string' || typeof file['bytes'] === 'string')) {
      // The 0.3 JSON-RPC form of a file part (`uri` / `bytes`, `name`) on the proto binding.
      warn({
        code: 'part-other-dialect',
        path: `${path}.file`,
        message: "the file part uses the 0.3 JSON-RPC form ('uri' / 'bytes'); read as the file it names",
      });
      if (typeof file['bytes'] === 'string') out['bytes'] = file['bytes'];
      else out['uri'] = file['uri'];
      setIf(out, 'name', optionalString(file['name'], `${path}.file.name`));
    } else throw shapeError(`${path}.file`, "'fileWithUri' or 'fileWithBytes'", file);
    setIf(out, 'mimeType', optionalString(file['mimeType'] ?? file['mime_type'], `${path}.file.mimeType`));
    return { kind: 'file', file: out };
  }
  const data = optionalObject(p['data'], `${path}.data`);
  if (data) return { kind: 'data', data: requireObject(data['data'] ?? {}, `${path}.data.data`) };
  throw shapeError(path, "a part with 'text', 'file' or 'data'", p);
}

function partsFromV03Proto(value: unknown, path: string, warn: WarningSink | undefined): Part[] {
  return (optionalArray(value, path) ?? []).map((p, i) => partFromV03Proto(p, `${path}[${i}]`, warn));
}

/** Neutral message to the 0.3 proto form. */
export function messageToV03Proto(message: Message): JsonObject {
  const out: JsonObject = {
    messageId: message.messageId,
    role: roleToV1(message.role),
    content: message.parts.map(partToV03Proto),
  };
  setIf(out, 'contextId', message.contextId);
  setIf(out, 'taskId', message.taskId);
  setIf(out, 'metadata', message.metadata);
  if (message.extensions?.length) out['extensions'] = message.extensions;
  return out;
}

/** A 0.3 proto message to neutral (`content` or, from hand-written peers, `parts`). */
export function messageFromV03Proto(value: unknown, path = 'message', warn?: WarningSink): Message {
  const m = requireObject(value, path);
  const out: JsonObject = {
    kind: 'message',
    messageId: idLeniently(m['messageId'] ?? m['message_id'], `${path}.messageId`, warn),
    role: roleFromV1(m['role'], `${path}.role`, warn),
    parts: partsFromV03Proto(m['content'] ?? m['parts'], `${path}.content`, warn),
  };
  const contextId = optionalString(m['contextId'] ?? m['context_id'], `${path}.contextId`);
  if (contextId) out['contextId'] = contextId;
  const taskId = optionalString(m['taskId'] ?? m['task_id'], `${path}.taskId`);
  if (taskId) out['taskId'] = taskId;
  setIf(out, 'metadata', optionalObject(m['metadata'], `${path}.metadata`));
  const extensions = optionalArray(m['extensions'], `${path}.extensions`);
  if (extensions?.length) out['extensions'] = extensions;
  return out as unknown as Message;
}

function statusFromV03Proto(value: unknown, path: string, warn: WarningSink | undefined): TaskStatus {
  const s = requireObject(value, path);
  const out: TaskStatus = { state: stateFromV03Proto(s['state'], `${path}.state`, warn) };
  const message = optionalObject(s['message'] ?? s['update'], `${path}.message`);
  if (message) out.message = messageFromV03Proto(message, `${path}.message`, warn);
  const timestamp = optionalString(s['timestamp'], `${path}.timestamp`);
  if (timestamp !== undefined) out.timestamp = timestamp;
  return out;
}

function artifactFromV03Proto(value: unknown, path: string, warn: WarningSink | undefined): Artifact {
  const a = requireObject(value, path);
  const out: JsonObject = {
    artifactId: idLeniently(a['artifactId'] ?? a['artifact_id'], `${path}.artifactId`, warn),
    parts: partsFromV03Proto(a['parts'], `${path}.parts`, warn),
  };
  const name = optionalString(a['name'], `${path}.name`);
  if (name) out['name'] = name;
  const description = optionalString(a['description'], `${path}.description`);
  if (description) out['description'] = description;
  setIf(out, 'metadata', optionalObject(a['metadata'], `${path}.metadata`));
  const extensions = optionalArray(a['extensions'], `${path}.extensions`);
  if (extensions?.length) out['extensions'] = extensions;
  return out as unknown as Artifact;
}

/** A 0.3 proto task to neutral (lenient mode: also from inside a `{task: ...}` wrapper, `result-wrapped`). */
export function taskFromV03Proto(value: unknown, path = 'task', warn?: WarningSink): Task {
  let t = requireObject(value, path);
  if (warn !== undefined && t['id'] === undefined && t['status'] === undefined && isObject(t['task'])) {
    warn({
      code: 'result-wrapped',
      path,
      message: 'the task came in a {"task": ...} wrapper where a bare Task belongs; read as it',
    });
    t = t['task'];
  }
  const context = t['contextId'] ?? t['context_id'];
  const task: JsonObject = {
    kind: 'task',
    id: idLeniently(t['id'], `${path}.id`, warn),
    contextId:
      context === undefined || context === null ? '' : idLeniently(context, `${path}.contextId`, warn),
    status: statusFromV03Proto(t['status'], `${path}.status`, warn),
  };
  const artifacts = optionalArray(t['artifacts'], `${path}.artifacts`);
  if (artifacts)
    task['artifacts'] = artifacts.map((a, i) => artifactFromV03Proto(a, `${path}.artifacts[${i}]`, warn));
  const history = optionalArray(t['history'], `${path}.history`);
  if (history) task['history'] = history.map((m, i) => messageFromV03Proto(m, `${path}.history[${i}]`, warn));
  setIf(task, 'metadata', optionalObject(t['metadata'], `${path}.metadata`));
  return task as unknown as Task;
}

/** A 0.3 proto `SendMessageResponse` (`{task}` or `{message}`) to the neutral result. */
export function sendResultFromV03Proto(value: unknown, warn?: WarningSink): SendMessageResult {
  const r = requireObject(value, 'result');
  if (isObject(r['task'])) return { task: taskFromV03Proto(r['task'], 'result.task', warn) };
  const message = r['message'] ?? r['msg'];
  if (isObject(message)) return { message: messageFromV03Proto(message, 'result.message', warn) };
  if (warn !== undefined) {
    const kind = bareKind(r, warn);
    if (kind === 'task') return { task: taskFromV03Proto(r, 'result', warn) };
    if (kind === 'message') return { message: messageFromV03Proto(r, 'result', warn) };
  }
  throw shapeError('result', "an object with 'task' or 'message'", r);
}

/** The kind of a bare answer object (lenient mode), a proto message's parts being in `content`. */
function bareKind(r: JsonObject, warn: WarningSink) {
  const probe =
    r['kind'] === undefined && Array.isArray(r['content']) && r['parts'] === undefined
      ? { ...r, parts: r['content'] }
      : r;
  return unwrappedKind(probe, 'result', warn);
}

function statusUpdateFromV03Proto(
  statusUpdate: JsonObject,
  p: string,
  warn: WarningSink | undefined,
): StreamEvent {
  const status = statusFromV03Proto(statusUpdate['status'], `${p}.status`, warn);
  const context = statusUpdate['contextId'] ?? statusUpdate['context_id'];
  const event: JsonObject = {
    kind: 'status-update',
    taskId: idLeniently(statusUpdate['taskId'] ?? statusUpdate['task_id'], `${p}.taskId`, warn),
    contextId: context === undefined || context === null ? '' : idLeniently(context, `${p}.contextId`, warn),
    status,
    // ProtoJSON omits a false bool, so a missing `final` means false unless the state says otherwise.
    final: statusUpdate['final'] === true || isFinalState(status.state),
  };
  setIf(event, 'metadata', optionalObject(statusUpdate['metadata'], `${p}.metadata`));
  return event as unknown as StreamEvent;
}

function artifactUpdateFromV03Proto(
  artifactUpdate: JsonObject,
  p: string,
  warn: WarningSink | undefined,
): StreamEvent {
  const context = artifactUpdate['contextId'] ?? artifactUpdate['context_id'];
  const event: JsonObject = {
    kind: 'artifact-update',
    taskId: idLeniently(artifactUpdate['taskId'] ?? artifactUpdate['task_id'], `${p}.taskId`, warn),
    contextId: context === undefined || context === null ? '' : idLeniently(context, `${p}.contextId`, warn),
    artifact: artifactFromV03Proto(artifactUpdate['artifact'], `${p}.artifact`, warn),
  };
  if (artifactUpdate['append'] === true) event['append'] = true;
  if ((artifactUpdate['lastChunk'] ?? artifactUpdate['last_chunk']) === true) event['lastChunk'] = true;
  setIf(event, 'metadata', optionalObject(artifactUpdate['metadata'], `${p}.metadata`));
  return event as unknown as StreamEvent;
}

/** A 0.3 proto `StreamResponse` to a neutral stream event (`final` kept as sent, else derived). */
export function streamEventFromV03Proto(value: unknown, path = 'result', warn?: WarningSink): StreamEvent {
  const r = requireObject(value, path);
  if (isObject(r['task'])) return taskFromV03Proto(r['task'], `${path}.task`, warn);
  const message = r['message'] ?? r['msg'];
  if (isObject(message)) return messageFromV03Proto(message, `${path}.message`, warn);
  const statusUpdate = r['statusUpdate'] ?? r['status_update'];
  if (isObject(statusUpdate)) return statusUpdateFromV03Proto(statusUpdate, `${path}.statusUpdate`, warn);
  const artifactUpdate = r['artifactUpdate'] ?? r['artifact_update'];
  if (isObject(artifactUpdate)) {
    return artifactUpdateFromV03Proto(artifactUpdate, `${path}.artifactUpdate`, warn);
  }
  switch (warn === undefined ? undefined : bareKind(r, warn)) {
    case 'task':
      return taskFromV03Proto(r, path, warn);
    case 'message':
      return messageFromV03Proto(r, path, warn);
    case 'status-update':
      return statusUpdateFromV03Proto(r, path, warn);
    case 'artifact-update':
      return artifactUpdateFromV03Proto(r, path, warn);
    default:
      throw shapeError(path, "one of 'task', 'message', 'statusUpdate', 'artifactUpdate'", r);
  }
}

function pushConfigInnerToV03Proto(config: PushNotificationConfig): JsonObject {
  const out: JsonObject = { url: config.url };
  setIf(out, 'id', config.id);
  setIf(out, 'token', config.token);
  if (config.authentication) {
    const auth: JsonObject = { schemes: config.authentication.schemes };
    setIf(auth, 'credentials', config.authentication.credentials);
    out['authentication'] = auth;
  }
  return out;
}

/** Neutral send configuration to 0.3 proto (`pushNotificationConfig` becomes `pushNotification`). */
export function sendConfigurationToV03Proto(config: MessageSendConfiguration): JsonObject {
  const out: JsonObject = {};
  setIf(out, 'acceptedOutputModes', config.acceptedOutputModes);
  setIf(out, 'historyLength', config.historyLength);
  setIf(out, 'blocking', config.blocking);
  if (config.pushNotificationConfig)
    out['pushNotification'] = pushConfigInnerToV03Proto(config.pushNotificationConfig);
  return out;
}

/** The 0.3 resource name of a task. */
export function taskName(taskId: string): string {
  return `tasks/${taskId}`;
}

/** The 0.3 `CreateTaskPushNotificationConfigRequest` for a neutral push config. */
export function createPushConfigRequestV03(config: TaskPushNotificationConfig): JsonObject {
  const parent = taskName(config.taskId);
  const configId = config.pushNotificationConfig.id ?? '';
  return {
    parent,
    configId,
    config: {
      name: configId === '' ? parent : `${parent}/pushNotificationConfigs/${configId}`,
      pushNotificationConfig: pushConfigInnerToV03Proto(config.pushNotificationConfig),
    },
  };
}

/** A 0.3 proto `TaskPushNotificationConfig` (`name: tasks/{id}/pushNotificationConfigs/{cid}`) to neutral. */
export function pushConfigFromV03Proto(value: unknown, path = 'result'): TaskPushNotificationConfig {
  const c = requireObject(value, path);
  const name = requireString(c['name'], `${path}.name`);
  const match = /^tasks\/([^/]+)/.exec(name);
  if (!match?.[1]) throw shapeError(`${path}.name`, "'tasks/{id}/…'", name);
  const inner = requireObject(
    c['pushNotificationConfig'] ?? c['push_notification_config'],
    `${path}.pushNotificationConfig`,
  );
  const out: PushNotificationConfig = {
    url: requireString(inner['url'], `${path}.pushNotificationConfig.url`),
  };
  const id = optionalString(inner['id'], `${path}.pushNotificationConfig.id`);
  if (id) out.id = id;
  const token = optionalString(inner['token'], `${path}.pushNotificationConfig.token`);
  if (token) out.token = token;
  const auth = optionalObject(inner['authentication'], `${path}.pushNotificationConfig.authentication`);
  if (auth) {
    const schemes = (
      optionalArray(auth['schemes'], `${path}.pushNotificationConfig.authentication.schemes`) ?? []
    ).map((s, i) => requireString(s, `${path}.pushNotificationConfig.authentication.schemes[${i}]`));
    out.authentication = { schemes };
    const credentials = optionalString(
      auth['credentials'],
      `${path}.pushNotificationConfig.authentication.credentials`,
    );
    if (credentials) out.authentication.credentials = credentials;
  }
  return { taskId: match[1], pushNotificationConfig: out };
}
