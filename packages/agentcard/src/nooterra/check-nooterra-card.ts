import { describeError } from '../errors.js';
import type { CardFormatModule, FormatCheck, FormatCheckOptions } from '../format-check.js';
import { IssueCollector } from '../issue-collector.js';
import { isRecord, type JsonObject } from '../json-value.js';
import { fromZodIssues } from '../validation-issue.js';
import {
  NOOTERRA_AGENT_CARD_VERSION,
  type NooterraAgentCard,
  NooterraAgentCardSchema,
} from './nooterra-card-schema.js';
import { nooterraCardToProfile } from './nooterra-card-to-profile.js';
import { describeCapabilityIdentifierCode, validateCapabilityId } from './validate-capability-id.js';

/** Rule id for a `toolId` used by more than one tool. */
export const NOOTERRA_TOOL_ID_DUPLICATE_RULE = 'nooterra/tool-id-duplicate';
/** Rule id (warning) for a card whose `createdAt` is later than its `updatedAt`. */
export const NOOTERRA_CREATED_AFTER_UPDATED_RULE = 'nooterra/created-after-updated';
/** Rule id for input that could not be read at all (e.g. a getter that throws). */
export const NOOTERRA_UNREADABLE_RULE = 'nooterra/unreadable';

/**
 * Capability identifier policy failures on each `capabilities[]` entry. Non-string entries are left to the
 * schema, which already reports them, so each problem is listed once.
 */
function checkCapabilities(input: JsonObject, out: IssueCollector): void {
  const capabilities = input['capabilities'];
  if (!Array.isArray(capabilities)) return;
  capabilities.forEach((entry: unknown, index) => {
    if (typeof entry !== 'string') return;
    const result = validateCapabilityId(entry);
    if (result.ok) return;
    const path = ['capabilities', index];
    const rule = `nooterra/${result.code}`;
    const detail = `failed capability namespace policy (${result.code}): ${describeCapabilityIdentifierCode(result.code)}`;
    // Nooterra's card validator itself only demands non-empty strings; the rest of the policy reaches cards
    // through agent registration, so in lenient mode it is advisory.
    if (result.code === 'CAPABILITY_IDENTIFIER_REQUIRED') out.error(path, rule, detail);
    else out.errorWhenStrict(path, rule, detail);
  });
}

function checkToolIds(input: JsonObject, out: IssueCollector): void {
  const tools = input['tools'];
  if (!Array.isArray(tools)) return;
  const firstIndex = new Map<string, number>();
  tools.forEach((tool: unknown, index) => {
    if (!isRecord(tool)) return;
    const toolId = tool['toolId'];
    if (typeof toolId !== 'string') return;
    // Nooterra trims ids before storing them, so ids differing only in surrounding spaces collide.
    const key = toolId.trim();
    const first = firstIndex.get(key);
    if (first === undefined) {
      firstIndex.set(key, index);
      return;
    }
    out.error(
      ['tools', index, 'toolId'],
      NOOTERRA_TOOL_ID_DUPLICATE_RULE,
      `toolId "${key.length > 80 ? `${key.slice(0, 80)}...` : key}" is already used by tools[${first}]`,
    );
  });
}

function checkTimestampOrder(input: JsonObject, out: IssueCollector): void {
  const createdAt = input['createdAt'];
  const updatedAt = input['updatedAt'];
  if (typeof createdAt !== 'string' || typeof updatedAt !== 'string') return;
  if (createdAt.length > 128 || updatedAt.length > 128) return;
  const created = Date.parse(createdAt);
  const updated = Date.parse(updatedAt);
  if (!Number.isFinite(created) || !Number.isFinite(updated) || created <= updated) return;
  out.warn(
    ['createdAt'],
    NOOTERRA_CREATED_AFTER_UPDATED_RULE,
    `createdAt (${createdAt}) is after updatedAt (${updatedAt})`,
  );
}

function checkNooterraCard(input: JsonObject, options: FormatCheckOptions): FormatCheck<NooterraAgentCard> {
  const out = new IssueCollector(options?.strict !== false);
  let card = input as unknown as NooterraAgentCard;
  try {
    const parsed = NooterraAgentCardSchema.safeParse(input);
    if (!parsed.success) out.errors.push(...fromZodIssues(parsed.error.issues, 'nooterra'));
    if (isRecord(input)) {
      checkCapabilities(input, out);
      checkToolIds(input, out);
      checkTimestampOrder(input, out);
    }
    if (parsed.success) card = parsed.data;
  } catch (cause) {
    // Plain JSON never gets here; this covers proxies and throwing getters handed in by code.
    out.error([], NOOTERRA_UNREADABLE_RULE, `card could not be read: ${describeError(cause)}`);
  }
  return { version: NOOTERRA_AGENT_CARD_VERSION, card, errors: out.errors, warnings: out.warnings };
}

/**
 * The Nooterra `AgentCard.v1` format module for `parseAgentCard`.
 *
 * `check` never throws. It reports schema problems as `nooterra/<zod code>`, capability identifier policy
 * failures as `nooterra/CAPABILITY_IDENTIFIER_*` at `['capabilities', i]` (warnings instead of errors when
 * `strict` is false, except for empty entries), duplicate tool ids as `nooterra/tool-id-duplicate`, and a
 * `createdAt` later than `updatedAt` as the warning `nooterra/created-after-updated`. The returned card is the
 * parsed copy (unknown fields kept, not normalised; see {@link normalizeNooterraCard}).
 */
export const nooterraCardFormat: CardFormatModule<NooterraAgentCard> = {
  check: checkNooterraCard,
  toProfile: nooterraCardToProfile,
};
