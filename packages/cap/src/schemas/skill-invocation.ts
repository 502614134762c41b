import type { CapWarning } from './warnings.js';

/** A part as the A2A model has it (only what is read here). */
export interface PartLike {
  kind: string;
  data?: unknown;
  text?: string;
  metadata?: Record<string, unknown>;
}

/** A message or artifact (only what is read here). */
export interface PartsOwner {
  parts: PartLike[];
  metadata?: Record<string, unknown>;
}

/** One skill invocation found in a message. */
export interface SkillInvocation {
  /** The skill id. */
  skillId: string;
  /** The DataPart's `data` (the skill input or output). */
  data: unknown;
  /** Where the skill id was found. */
  source: 'part-metadata' | 'message-metadata';
  /** Index of the DataPart in `parts`. */
  index: number;
}

function skillIdOf(metadata: Record<string, unknown> | undefined): string | undefined {
  const value = metadata?.skillId;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Finds the DataParts of a message (or artifact) with their skill ids. CAP puts `skillId` in `DataPart.metadata`,
 * but its Core Skills preamble says Message metadata (ambiguity 1); both are accepted, the part's own wins, and
 * the message-level fallback is reported as a warning.
 */
export function readSkillInvocations(owner: PartsOwner, warnings?: CapWarning[]): SkillInvocation[] {
  const fallback = skillIdOf(owner.metadata);
  const found: SkillInvocation[] = [];
  owner.parts.forEach((part, index) => {
    if (part.kind !== 'data') return;
    const own = skillIdOf(part.metadata);
    if (own) {
      found.push({ skillId: own, data: part.data, source: 'part-metadata', index });
      return;
    }
    if (fallback) {
      warnings?.push({
        code: 'skill-id-in-message-metadata',
        path: `parts.${index}`,
        message: `skillId "${fallback}" read from the message metadata`,
      });
      found.push({ skillId: fallback, data: part.data, source: 'message-metadata', index });
    }
  });
  return found;
}

/** Builds the DataPart CAP's direct invocation uses: the input as `data`, the skill id in the part's metadata. */
export function skillDataPart(
  skillId: string,
  input: unknown,
): { kind: 'data'; data: unknown; metadata: { skillId: string } } {
  return { kind: 'data', data: input, metadata: { skillId } };
}
