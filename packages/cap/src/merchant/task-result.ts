import type { Message, Part, SendMessageResult, Task } from '@agentweb/a2a';
import { type CapErrorPayload, CapErrorPayloadSchema } from '../schemas/error-payload.js';
import { readSkillInvocations } from '../schemas/skill-invocation.js';
import type { CapWarning } from '../schemas/warnings.js';

const FAILED_STATES = new Set(['failed', 'rejected', 'canceled']);

function textOf(parts: Part[] | undefined): string {
  return (parts ?? [])
    .filter((part): part is Extract<Part, { kind: 'text' }> => part.kind === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** The CAP error payload of a failed task (first DataPart of its status message); undefined otherwise. */
export function capFailureOf(result: SendMessageResult): CapErrorPayload | undefined {
  if (!('task' in result) || !result.task || !FAILED_STATES.has(result.task.status.state)) return undefined;
  return errorPayloadOf(result.task);
}

/**
 * Reads `{capErrorCode, description, details}` from a task's status message, when present. Read leniently: a
 * payload whose `description` is missing or whose `details` is not an object still gives its code (losing
 * `CAP_RATE_LIMIT_EXCEEDED` over a missing description would also lose the rate limit); the status text, or
 * the code itself, stands in for the description.
 */
export function errorPayloadOf(task: Task): CapErrorPayload | undefined {
  for (const part of task.status.message?.parts ?? []) {
    if (part.kind !== 'data') continue;
    const parsed = CapErrorPayloadSchema.safeParse(part.data);
    if (parsed.success) return parsed.data;
    const data = part.data as Record<string, unknown> | undefined;
    const code = data?.capErrorCode;
    if (typeof code !== 'string' || code === '') continue;
    const { details, description } = data as { details?: unknown; description?: unknown };
    const usableDetails = typeof details === 'object' && details !== null && !Array.isArray(details);
    return {
      capErrorCode: code,
      description: typeof description === 'string' ? description : statusText(task) || code,
      ...(usableDetails ? { details: details as Record<string, unknown> } : {}),
    };
  }
  return undefined;
}

/** Human-readable text of a task's status message (used when a failure has no CAP payload). */
export function statusText(task: Task): string {
  return textOf(task.status.message?.parts);
}

/** The data a skill produced: the artifact DataPart tagged with the skill, else the first DataPart. */
export interface SkillOutputData {
  /** The DataPart's data, or undefined when the answer had no DataPart. */
  data: unknown;
  /** Every text part of the answer, joined. */
  text: string;
  /** Whether a DataPart was found. */
  found: boolean;
}

/**
 * Picks the skill's output among a task's artifacts (or a direct message's parts). A merchant answering a message
 * that also carried `cap:user_preferences_set` may return several artifacts in any order (ambiguity 2), so the
 * part tagged with `skillId` wins; an untagged DataPart is used otherwise.
 */
export function skillOutputOf(
  source: Task | Message,
  skillId: string,
  warnings: CapWarning[],
): SkillOutputData {
  const owners: { parts: Part[]; metadata?: Record<string, unknown> }[] =
    source.kind === 'task' ? (source.artifacts ?? []) : [source];
  let untagged: unknown;
  let found = false;
  const texts: string[] = [];
  for (const owner of owners) {
    texts.push(textOf(owner.parts));
    const tagged = readSkillInvocations(owner, warnings).find((invocation) => invocation.skillId === skillId);
    if (tagged) return { data: tagged.data, text: texts.join('\n'), found: true };
    const first = owner.parts.find((part) => part.kind === 'data');
    if (!found && first && first.kind === 'data' && readSkillInvocations({ parts: [first] }).length === 0) {
      untagged = first.data;
      found = true;
    }
  }
  return { data: untagged, text: texts.filter(Boolean).join('\n'), found };
}
