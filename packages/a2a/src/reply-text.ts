import {
  type Artifact,
  INTERRUPTED_STATES,
  type Message,
  type Part,
  type SendMessageResult,
  type StreamEvent,
  type Task,
} from './model.js';

/** What {@link replyText} reads: a send result, a task, a message or any stream event. */
export type ReplySource = SendMessageResult | StreamEvent;

// Artifacts are separate outputs; a blank line keeps them apart in the text. Parts of one artifact are chunks of
// one output (a stream appends them), so they join with nothing between them.
const ARTIFACT_SEPARATOR = '\n\n';

/**
 * The agent's answer as text, wherever the server put it. Servers in the field differ: some put the answer only in
 * artifacts, some only in the task's status message (cumulative or not), some in agent messages in the history,
 * some reply with a direct message. Read in that order of preference: the status message first when the task
 * waits for the caller (`input-required`, `auth-required`: the agent's question), then the artifacts' text parts
 * (in order), then the status message, then the agent's messages in the history after the last user message. A
 * message whose role is `user` is never read: servers echo the caller's message in the history (sometimes twice).
 *
 * For a stream event, the text that event carries: an `artifact-update`'s chunk, a `status-update`'s message, a
 * task snapshot's or a message's whole text. Use {@link createReplyTextAccumulator} to follow a stream's reply so
 * far. Data and file parts are not text and are left out; an answer without text is `''`. Never throws: a field of
 * another type than the model's reads as absent.
 */
export function replyText(result: ReplySource): string {
  if (!isRecord(result)) return '';
  if ('kind' in result) {
    switch (result.kind) {
      case 'task':
        return taskText(result);
      case 'message':
        return messageText(result);
      case 'status-update':
        return messageText(result.status?.message);
      case 'artifact-update':
        return partsText(result.artifact?.parts);
    }
  }
  const sent = result as SendMessageResult;
  if (sent.task !== undefined) return taskText(sent.task);
  if (sent.message !== undefined) return messageText(sent.message);
  return '';
}

/** The reply so far after one more stream event, and what that event added. */
export interface ReplyTextStep {
  /** The whole reply so far. */
  text: string;
  /** What this event added to it (`''` when nothing; the whole text when the event replaced what was there). */
  delta: string;
}

/** Follows a stream's reply text event by event. */
export interface ReplyTextAccumulator {
  /** Reads one event and returns the reply so far and what it added. */
  push(event: StreamEvent): ReplyTextStep;
  /** The reply so far. */
  readonly text: string;
}

/**
 * Builds the reply of a stream as it arrives. Artifact chunks are kept per artifact (`append` extends one, a chunk
 * without it replaces it) and, once there is artifact text, it is the reply. Otherwise status messages make the
 * reply: a message that starts with the text so far is the cumulative text (servers that resend everything), any
 * other is added to it (servers that send pieces). A task snapshot is the whole reply as of that moment and
 * replaces what was there, as does a direct message. The question of an `input-required` / `auth-required` status
 * is the reply at that point.
 */
export function createReplyTextAccumulator(): ReplyTextAccumulator {
  const artifacts = new Map<string, string>();
  let lastArtifactId: string | undefined;
  let statusText = '';
  let text = '';
  /** What `text` was last made of: appending to it directly is only right while that holds. */
  let source: 'artifacts' | 'status' | 'other' = 'other';
  const unchanged = (): ReplyTextStep => ({ text, delta: '' });
  // `appended` is given when `next` is `text` plus it: no comparison of the whole text, so a stream of many small
  // chunks costs time linear in its size.
  const step = (next: string, from: typeof source, appended?: string): ReplyTextStep => {
    const delta = appended ?? (next.startsWith(text) ? next.slice(text.length) : next);
    text = next;
    source = from;
    return { text, delta };
  };
  const artifactsText = () => [...artifacts.values()].filter((t) => t !== '').join(ARTIFACT_SEPARATOR);
  const fromArtifactsOrStatus = (): ReplyTextStep => {
    const joined = artifactsText();
    return joined !== '' ? step(joined, 'artifacts') : step(statusText, 'status');
  };
  return {
    get text() {
      return text;
    },
    push(event) {
      if (!isRecord(event)) return unchanged();
      switch (event.kind) {
        case 'artifact-update': {
          const id = event.artifact?.artifactId ?? '';
          const chunk = partsText(event.artifact?.parts);
          const before = artifacts.get(id);
          if (event.append === true && before !== undefined) {
            artifacts.set(id, before + chunk);
            // The common case: the newest artifact grows, and the reply is the artifacts' text.
            if (id === lastArtifactId && source === 'artifacts' && before !== '') {
              return chunk === '' ? unchanged() : step(text + chunk, 'artifacts', chunk);
            }
          } else {
            if (before === undefined) lastArtifactId = id;
            artifacts.set(id, chunk);
          }
          return fromArtifactsOrStatus();
        }
        case 'status-update': {
          const said = messageText(event.status?.message);
          if (said === '') return unchanged();
          if (INTERRUPTED_STATES.has(event.status.state)) return step(said, 'other');
          const cumulative = said.startsWith(statusText);
          statusText = cumulative ? said : statusText + said;
          if (artifacts.size > 0 && artifactsText() !== '') return unchanged();
          return !cumulative && source === 'status'
            ? step(text + said, 'status', said)
            : step(statusText, 'status');
        }
        case 'task': {
          for (const artifact of listOf(event.artifacts)) {
            if (!isRecord(artifact)) continue;
            if (!artifacts.has(artifact.artifactId)) lastArtifactId = artifact.artifactId;
            artifacts.set(artifact.artifactId, artifactText(artifact));
          }
          const whole = taskText(event);
          if (whole === '') return unchanged();
          statusText = messageText(event.status?.message);
          return step(
            whole,
            artifactsText() === whole ? 'artifacts' : whole === statusText ? 'status' : 'other',
          );
        }
        case 'message': {
          const said = messageText(event);
          return said === '' ? unchanged() : step(said, 'other');
        }
        default:
          return unchanged();
      }
    },
  };
}

function taskText(task: Task): string {
  const status = messageText(task.status?.message);
  if (status !== '' && INTERRUPTED_STATES.has(task.status.state)) return status;
  const artifacts = listOf(task.artifacts)
    .map(artifactText)
    .filter((t) => t !== '')
    .join(ARTIFACT_SEPARATOR);
  if (artifacts !== '') return artifacts;
  if (status !== '') return status;
  return historyText(task.history);
}

/** The agent's messages after the caller's last message (earlier ones answered earlier turns). */
function historyText(history: readonly Message[] | undefined): string {
  if (!Array.isArray(history)) return '';
  let start = 0;
  history.forEach((message, index) => {
    if (isRecord(message) && message.role === 'user') start = index + 1;
  });
  return history
    .slice(start)
    .map(messageText)
    .filter((t) => t !== '')
    .join(ARTIFACT_SEPARATOR);
}

function artifactText(artifact: Artifact): string {
  return isRecord(artifact) ? partsText(artifact.parts) : '';
}

function messageText(message: Message | undefined): string {
  if (!isRecord(message) || message.role === 'user') return '';
  return partsText(message.parts);
}

function partsText(parts: readonly Part[] | undefined): string {
  if (!Array.isArray(parts)) return '';
  let out = '';
  for (const part of parts) {
    if (isRecord(part) && part.kind === 'text' && typeof part.text === 'string') out += part.text;
  }
  return out;
}

/** A list the server sent, or none when it sent something else there. */
function listOf<T>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

function isRecord<T>(value: T | undefined | null): value is T {
  return typeof value === 'object' && value !== null;
}
