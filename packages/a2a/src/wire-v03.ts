import type {
  Artifact,
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

/*
 * The neutral model is the 0.3 JSON shape, so reading 0.3 is validation: every object is checked for the
 * fields the client relies on and returned as received (unknown fields and unknown enum values kept).
 */

/** Checks a 0.3 part. */
export function partFromV03(value: unknown, path: string): Part {
  const part = requireObject(value, path);
  const kind = part['kind'] ?? part['type'];
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

function partsFromV03(value: unknown, path: string): Part[] {
  const list = optionalArray(value, path);
  if (list === undefined) throw shapeError(path, 'an array', value);
  return list.map((p, i) => partFromV03(p, `${path}[${i}]`));
}

/** Checks a 0.3 message. */
export function messageFromV03(value: unknown, path: string): Message {
  const msg = requireObject(value, path);
  if (msg['kind'] !== undefined && msg['kind'] !== 'message')
    throw shapeError(`${path}.kind`, "'message'", msg['kind']);
  requireString(msg['messageId'], `${path}.messageId`);
  requireString(msg['role'], `${path}.role`);
  return { ...msg, kind: 'message', parts: partsFromV03(msg['parts'], `${path}.parts`) } as Message;
}

function statusFromV03(value: unknown, path: string): TaskStatus {
  const status = requireObject(value, path);
  requireString(status['state'], `${path}.state`);
  optionalString(status['timestamp'], `${path}.timestamp`);
  const message = optionalObject(status['message'], `${path}.message`);
  const out = { ...status } as unknown as TaskStatus;
  if (message !== undefined) out.message = messageFromV03(message, `${path}.message`);
  return out;
}

function artifactFromV03(value: unknown, path: string): Artifact {
  const a = requireObject(value, path);
  requireString(a['artifactId'], `${path}.artifactId`);
  return { ...a, parts: partsFromV03(a['parts'], `${path}.parts`) } as unknown as Artifact;
}

/** Checks a 0.3 task. */
export function taskFromV03(value: unknown, path: string): Task {
  const t = requireObject(value, path);
  if (t['kind'] !== undefined && t['kind'] !== 'task') throw shapeError(`${path}.kind`, "'task'", t['kind']);
  requireString(t['id'], `${path}.id`);
  requireString(t['contextId'], `${path}.contextId`);
  const out = { ...t, kind: 'task', status: statusFromV03(t['status'], `${path}.status`) } as unknown as Task;
  const artifacts = optionalArray(t['artifacts'], `${path}.artifacts`);
  if (artifacts) out.artifacts = artifacts.map((a, i) => artifactFromV03(a, `${path}.artifacts[${i}]`));
  const history = optionalArray(t['history'], `${path}.history`);
  if (history) out.history = history.map((m, i) => messageFromV03(m, `${path}.history[${i}]`));
  return out;
}

/** Reads a 0.3 `message/send` result: a bare task or message, told apart by `kind`. */
export function sendResultFromV03(value: unknown): SendMessageResult {
  const r = requireObject(value, 'result');
  if (r['kind'] === 'task') return { task: taskFromV03(r, 'result') };
  if (r['kind'] === 'message') return { message: messageFromV03(r, 'result') };
  throw shapeError('result.kind', "'task' or 'message'", r['kind']);
}

/** Reads one 0.3 stream event (`result` of an SSE data line). */
export function streamEventFromV03(value: unknown): StreamEvent {
  const r = requireObject(value, 'result');
  switch (r['kind']) {
    case 'task':
      return taskFromV03(r, 'result');
    case 'message':
      return messageFromV03(r, 'result');
    case 'status-update': {
      requireString(r['taskId'], 'result.taskId');
      const status = statusFromV03(r['status'], 'result.status');
      const final = typeof r['final'] === 'boolean' ? r['final'] : isFinalState(status.state);
      return { ...r, status, final } as unknown as TaskStatusUpdateEvent;
    }
    case 'artifact-update': {
      requireString(r['taskId'], 'result.taskId');
      return {
        ...r,
        artifact: artifactFromV03(r['artifact'], 'result.artifact'),
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
