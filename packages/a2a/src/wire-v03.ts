import { inferKind, inferPartKind } from './infer-kind.js';
import { roleLeniently, stateLeniently } from './lenient-values.js';
import type {
  Artifact,
  JsonObject,
  Message,
  Part,
  SendMessageResult,
  StreamEvent,
  Task,
  TaskArtifactUpdateEvent,
  TaskPushNotificationConfig,
  TaskStatus,
  TaskStatusUpdateEvent,
} from './model.js';
import { isFinalState } from './model.js';
import {
  optionalArray,
  optionalObject,
  optionalString,
  requireObject,
  requireString,
  shapeError,
} from './shape.js';
import { type WarningSink, warning } from './warnings.js';

/*
 * The neutral model is the 0.3 JSON shape, so reading 0.3 is validation: every object is checked for the
 * fields the client relies on and returned as received (unknown fields and unknown enum values kept).
 * Each reader takes an optional warning sink: given (lenient mode), departures that can be understood (a
 * missing `kind`, a missing `contextId`) are read and reported to it; absent (strict mode), they are refused.
 */

/** Checks a 0.3 part. */
export function partFromV03(value: unknown, path: string, warn?: WarningSink): Part {
  const part = requireObject(value, path);
  let kind = part['kind'] ?? part['type'];
  if (kind === undefined && warn) {
    kind = inferPartKind(part);
    if (kind !== undefined) {
      warn(
        warning(
          'part-kind-inferred',
          `${path}.kind`,
          `the part has no kind; read as '${kind}' from its fields`,
        ),
      );
    }
  }
  if (kind === 'text') requireString(part['text'], `${path}.text`);
  else if (kind === 'file') requireObject(part['file'], `${path}.file`);
  else if (kind === 'data') {
    if (!('data' in part)) throw shapeError(`${path}.data`, 'a value', undefined);
  } else throw shapeError(`${path}.kind`, "'text', 'file' or 'data'", kind);
  // 0.1 agents tag parts with `type`; the neutral model always uses `kind`.
  if (part['kind'] === undefined) {
    const { type: _type, ...rest } = part;
    return { ...rest, kind } as unknown as Part;
  }
  return part as unknown as Part;
}

function partsFromV03(value: unknown, path: string, warn: WarningSink | undefined): Part[] {
  const list = optionalArray(value, path);
  if (list === undefined) throw shapeError(path, 'an array', value);
  return list.map((p, i) => partFromV03(p, `${path}[${i}]`, warn));
}

/** Checks a 0.3 message. */
export function messageFromV03(value: unknown, path: string, warn?: WarningSink): Message {
  const msg = requireObject(value, path);
  if (msg['kind'] !== undefined && msg['kind'] !== 'message')
    throw shapeError(`${path}.kind`, "'message'", msg['kind']);
  requireString(msg['messageId'], `${path}.messageId`);
  const role = requireString(msg['role'], `${path}.role`);
  const out = {
    ...msg,
    kind: 'message',
    parts: partsFromV03(msg['parts'], `${path}.parts`, warn),
  } as Message;
  // Lenient mode: `AGENT`, `Agent`, `role_user` read as the role they spell (the reply text depends on it).
  if (warn !== undefined) out.role = roleLeniently(role, `${path}.role`, warn);
  return out;
}

function statusFromV03(value: unknown, path: string, warn: WarningSink | undefined): TaskStatus {
  const status = requireObject(value, path);
  const state = requireString(status['state'], `${path}.state`);
  optionalString(status['timestamp'], `${path}.timestamp`);
  const message = optionalObject(status['message'], `${path}.message`);
  const out = { ...status } as unknown as TaskStatus;
  // Unknown states are kept as received (forward compatibility); only other spellings of known ones are mapped.
  out.state = stateLeniently(state, `${path}.state`, warn);
  if (message !== undefined) out.message = messageFromV03(message, `${path}.message`, warn);
  return out;
}

function artifactFromV03(value: unknown, path: string, warn: WarningSink | undefined): Artifact {
  const a = requireObject(value, path);
  requireString(a['artifactId'], `${path}.artifactId`);
  return { ...a, parts: partsFromV03(a['parts'], `${path}.parts`, warn) } as unknown as Artifact;
}

/** Checks a 0.3 task. */
export function taskFromV03(value: unknown, path: string, warn?: WarningSink): Task {
  const t = requireObject(value, path);
  if (t['kind'] !== undefined && t['kind'] !== 'task') throw shapeError(`${path}.kind`, "'task'", t['kind']);
  requireString(t['id'], `${path}.id`);
  let contextId = t['contextId'];
  if ((contextId === undefined || contextId === null) && warn) {
    warn(
      warning(
        'task-context-missing',
        `${path}.contextId`,
        'the task has no contextId; read as an empty string',
      ),
    );
    contextId = '';
  }
  requireString(contextId, `${path}.contextId`);
  const out = {
    ...t,
    kind: 'task',
    contextId,
    status: statusFromV03(t['status'], `${path}.status`, warn),
  } as unknown as Task;
  const artifacts = optionalArray(t['artifacts'], `${path}.artifacts`);
  if (artifacts) out.artifacts = artifacts.map((a, i) => artifactFromV03(a, `${path}.artifacts[${i}]`, warn));
  const history = optionalArray(t['history'], `${path}.history`);
  if (history) out.history = history.map((m, i) => messageFromV03(m, `${path}.history[${i}]`, warn));
  return out;
}

/**
 * The `kind` of an answer object: as sent, or (lenient mode, `warn` given) told from its fields when it is
 * missing, with a `kind-inferred` warning. A `kind` that is present but wrong is never second-guessed.
 */
function kindOf(r: JsonObject, warn: WarningSink | undefined): unknown {
  const kind = r['kind'];
  if (kind !== undefined || !warn) return kind;
  const inferred = inferKind(r);
  if (inferred !== undefined) {
    warn(
      warning(
        'kind-inferred',
        'result.kind',
        `the result has no kind; read as '${inferred}' from its fields`,
      ),
    );
  }
  return inferred;
}

/** Reads a 0.3 `message/send` result: a bare task or message, told apart by `kind`. */
export function sendResultFromV03(value: unknown, warn?: WarningSink): SendMessageResult {
  const r = requireObject(value, 'result');
  const kind = kindOf(r, warn);
  if (kind === 'task') return { task: taskFromV03(r, 'result', warn) };
  if (kind === 'message') return { message: messageFromV03(r, 'result', warn) };
  throw shapeError('result.kind', "'task' or 'message'", r['kind']);
}

/** Reads one 0.3 stream event (`result` of an SSE data line). */
export function streamEventFromV03(value: unknown, warn?: WarningSink): StreamEvent {
  const r = requireObject(value, 'result');
  switch (kindOf(r, warn)) {
    case 'task':
      return taskFromV03(r, 'result', warn);
    case 'message':
      return messageFromV03(r, 'result', warn);
    case 'status-update': {
      requireString(r['taskId'], 'result.taskId');
      const status = statusFromV03(r['status'], 'result.status', warn);
      const final = typeof r['final'] === 'boolean' ? r['final'] : isFinalState(status.state);
      return { ...r, kind: 'status-update', status, final } as unknown as TaskStatusUpdateEvent;
    }
    case 'artifact-update': {
      requireString(r['taskId'], 'result.taskId');
      return {
        ...r,
        kind: 'artifact-update',
        artifact: artifactFromV03(r['artifact'], 'result.artifact', warn),
      } as unknown as TaskArtifactUpdateEvent;
    }
    default:
      throw shapeError('result.kind', "'task', 'message', 'status-update' or 'artifact-update'", r['kind']);
  }
}

/** Reads a 0.3 push config result. */
export function pushConfigFromV03(value: unknown, path = 'result'): TaskPushNotificationConfig {
  const c = requireObject(value, path);
  requireString(c['taskId'], `${path}.taskId`);
  const inner = requireObject(c['pushNotificationConfig'], `${path}.pushNotificationConfig`);
  requireString(inner['url'], `${path}.pushNotificationConfig.url`);
  return c as unknown as TaskPushNotificationConfig;
}
