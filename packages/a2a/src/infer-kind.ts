import type { JsonObject } from './model.js';
import { isObject } from './shape.js';

/** The four kinds of object an A2A answer or stream event can be. */
export type InferredKind = 'task' | 'message' | 'status-update' | 'artifact-update';

/**
 * Tells an untagged answer object's kind from its fields, or undefined when they do not say: a task has `id` and
 * `status`; a status update `taskId` and `status`; an artifact update `taskId` and `artifact`; a message `messageId`,
 * `role` and `parts`. Checked in that order, so a task (which may also carry a `taskId`-less status message) wins.
 */
export function inferKind(value: JsonObject): InferredKind | undefined {
  const hasStatus = isObject(value['status']);
  if (hasStatus && typeof value['id'] === 'string') return 'task';
  if (typeof value['taskId'] === 'string') {
    if (hasStatus) return 'status-update';
    if (isObject(value['artifact'])) return 'artifact-update';
  }
  if (
    typeof value['messageId'] === 'string' &&
    typeof value['role'] === 'string' &&
    Array.isArray(value['parts'])
  ) {
    return 'message';
  }
  return undefined;
}

/** The kind of a part without `kind` (or 0.1's `type`), from the field it carries; undefined when none. */
export function inferPartKind(part: JsonObject): 'text' | 'file' | 'data' | undefined {
  if (typeof part['text'] === 'string') return 'text';
  if (isObject(part['file'])) return 'file';
  if ('data' in part) return 'data';
  return undefined;
}
