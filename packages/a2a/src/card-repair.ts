import { detectA2AVersion, type ParsedAgentCard, parseAgentCard } from '@agentweb/agentcard';
import type { JsonObject } from './model.js';
import { isObject } from './shape.js';
import { type A2AWarning, type A2AWarningCode, warning } from './warnings.js';

/** What {@link repairA2ACard} returns. */
export interface RepairedCard {
  /** The card to validate: the input itself when nothing was repaired, else a repaired copy. */
  card: unknown;
  /** One warning per repair, in card order; empty when the card needed none. */
  warnings: A2AWarning[];
}

/** MIME types for the bare words some servers put in input and output modes. */
const MODE_WORDS: Readonly<Record<string, string>> = {
  text: 'text/plain',
  txt: 'text/plain',
  plain: 'text/plain',
  markdown: 'text/markdown',
  md: 'text/markdown',
  html: 'text/html',
  json: 'application/json',
  data: 'application/json',
  file: 'application/octet-stream',
  binary: 'application/octet-stream',
  image: 'image/*',
  audio: 'audio/*',
  video: 'video/*',
  pdf: 'application/pdf',
};

const DEFAULT_MODES: readonly string[] = ['text/plain'];

/** True for an A2A card shape (an endpoint in `url` or `supportedInterfaces`), not an IETF or Nooterra card. */
function looksLikeA2A(card: JsonObject): boolean {
  if ('agent_id' in card || 'schemaVersion' in card) return false;
  return typeof card['url'] === 'string' || Array.isArray(card['supportedInterfaces']);
}

class Repairs {
  readonly warnings: A2AWarning[] = [];
  copy: JsonObject | undefined;

  constructor(readonly source: JsonObject) {}

  get card(): JsonObject {
    return this.copy ?? this.source;
  }

  set(key: string, value: unknown, code: A2AWarningCode, message: string): void {
    this.copy ??= { ...this.source };
    this.copy[key] = value;
    this.warnings.push(warning(code, key, message));
  }
}

/** A mode list with bare words mapped to MIME types, or undefined when every entry already is one. */
function mimeModes(list: unknown, path: string, warnings: A2AWarning[]): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  let out: string[] | undefined;
  list.forEach((mode, i) => {
    if (typeof mode !== 'string' || mode.includes('/')) return;
    const mime = MODE_WORDS[mode.trim().toLowerCase()];
    if (mime === undefined) return;
    out ??= list.slice() as string[];
    out[i] = mime;
    warnings.push(
      warning(
        'card-mode-not-mime',
        `${path}[${i}]`,
        `mode ${JSON.stringify(mode)} is not a MIME type; read as ${mime}`,
      ),
    );
  });
  return out;
}

/** A skill with missing required fields derived, or undefined when it needs nothing. */
function repairSkill(skill: JsonObject, i: number, warnings: A2AWarning[]): JsonObject | undefined {
  let out: JsonObject | undefined;
  const fix = (key: string, value: unknown, how: string) => {
    out ??= { ...skill };
    out[key] = value;
    warnings.push(
      warning('card-skill-field-missing', `skills[${i}].${key}`, `the skill has no ${key}; ${how}`),
    );
  };
  const name = typeof skill['name'] === 'string' ? skill['name'] : undefined;
  if (typeof skill['id'] !== 'string') fix('id', name ?? `skill-${i}`, 'derived from its name or position');
  if (name === undefined) fix('name', (out ?? skill)['id'], 'read as its id');
  if (skill['description'] === undefined || skill['description'] === null)
    fix('description', '', 'read as empty');
  if (skill['tags'] === undefined || skill['tags'] === null) fix('tags', [], 'read as no tags');
  for (const key of ['inputModes', 'outputModes']) {
    const modes = mimeModes(skill[key], `skills[${i}].${key}`, warnings);
    if (modes !== undefined) {
      out ??= { ...skill };
      out[key] = modes;
    }
  }
  return out;
}

/**
 * Fills in what sloppy but honest A2A servers leave out of their cards, so that `parseAgentCard` can read them:
 * `skills` (Mastra's 1.0 card has none) as `[]`; a missing `description`, `version`, `capabilities`, 0.3
 * `protocolVersion`, default modes; skills without `id`, `name`, `description` or `tags`; bare-word modes
 * (`"text"`, as VoltAgent sends) as MIME types. Every repair is a warning. A card that needs none is returned as
 * is, and so is anything that is not an A2A card shape (it is left to `parseAgentCard` to judge). Never throws;
 * touches only the top level, the skills and their mode lists, so it runs in time linear in the card.
 */
export function repairA2ACard(input: unknown): RepairedCard {
  if (!isObject(input) || !looksLikeA2A(input)) return { card: input, warnings: [] };
  const r = new Repairs(input);
  const version = detectA2AVersion(input);
  const modern = version !== '0.2';
  if (input['skills'] === undefined || input['skills'] === null) {
    r.set('skills', [], 'card-skills-missing', 'the card has no skills; read as an empty list');
  }
  if (modern && (input['description'] === undefined || input['description'] === null)) {
    r.set('description', '', 'card-description-missing', 'the card has no description; read as empty');
  }
  if (input['version'] === undefined || input['version'] === null) {
    r.set('version', '0.0.0', 'card-version-missing', 'the card has no version; read as 0.0.0');
  }
  if (input['capabilities'] === undefined || input['capabilities'] === null) {
    r.set(
      'capabilities',
      {},
      'card-capabilities-missing',
      'the card has no capabilities; read as none declared',
    );
  }
  if (version === '0.3' && input['protocolVersion'] === undefined) {
    r.set(
      'protocolVersion',
      '0.3.0',
      'card-protocol-version-missing',
      'the card has no protocolVersion; read as 0.3.0',
    );
  }
  for (const key of ['defaultInputModes', 'defaultOutputModes']) {
    const value = input[key];
    if (modern && (value === undefined || value === null)) {
      r.set(key, DEFAULT_MODES.slice(), 'card-modes-missing', `the card has no ${key}; read as text/plain`);
      continue;
    }
    const fixed = mimeModes(value, key, r.warnings);
    if (fixed !== undefined) {
      r.copy ??= { ...input };
      r.copy[key] = fixed;
    }
  }
  const skills = r.card['skills'];
  if (Array.isArray(skills)) {
    let list: unknown[] | undefined;
    skills.forEach((skill, i) => {
      if (!isObject(skill)) return;
      const fixed = repairSkill(skill, i, r.warnings);
      if (fixed === undefined) return;
      list ??= skills.slice();
      list[i] = fixed;
    });
    if (list !== undefined) {
      r.copy ??= { ...input };
      r.copy['skills'] = list;
    }
  }
  return { card: r.card, warnings: r.warnings };
}

/** A card read leniently or strictly. */
export interface ReadCard {
  /** The validated card (of the repaired copy when lenient and repairs were needed). */
  parsed: ParsedAgentCard;
  /** The repairs made; always empty in strict mode. */
  warnings: A2AWarning[];
}

/**
 * Validates a card with `parseAgentCard`: strictly as received, or (lenient) after {@link repairA2ACard}. A card
 * that cannot be read even repaired fails with the error of the card as received, which names every problem.
 */
export function readAgentCard(data: unknown, strict: boolean): ReadCard {
  if (strict) return { parsed: parseAgentCard(data), warnings: [] };
  const repaired = repairA2ACard(data);
  if (repaired.warnings.length === 0) return { parsed: parseAgentCard(data), warnings: [] };
  try {
    return { parsed: parseAgentCard(repaired.card), warnings: repaired.warnings };
  } catch (error) {
    parseAgentCard(data);
    throw error;
  }
}
