import { isRecord } from '../json-value.js';
import {
  type NooterraAgentCard,
  type NooterraPriceHint,
  type ToolDescriptor,
  ToolEvidenceKindSchema,
  ToolRiskClassSchema,
} from './nooterra-card-schema.js';

const STRING_COLLATOR = new Intl.Collator('en-US');

/** The trimmed, non-blank strings of `values`, each once, in first-seen order; non-strings are dropped. */
export function uniqueTrimmed(values: readonly string[] | null | undefined): string[] {
  const out = new Set<string>();
  for (const value of values ?? []) {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (trimmed !== '') out.add(trimmed);
  }
  return [...out];
}

/**
 * Nooterra's string-array normalisation: trim, drop blanks, deduplicate, sort. Sorting uses a fixed `en-US`
 * collation (Nooterra uses `localeCompare`) so the result does not depend on the machine's locale.
 */
function normalizeStringArray(values: readonly string[]): string[] {
  return uniqueTrimmed(values).sort(STRING_COLLATOR.compare);
}

function normalizeOptionalArray<T extends readonly string[] | null | undefined>(values: T): T | string[] {
  return Array.isArray(values) ? normalizeStringArray(values) : values;
}

function normalizeCurrency(currency: string | null | undefined): string {
  const trimmed = typeof currency === 'string' ? currency.trim() : '';
  return trimmed === '' ? 'USD' : trimmed.toUpperCase();
}

function withDefault(value: string | null | undefined, fallback: string): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? fallback : trimmed;
}

/** `priceHint` with Nooterra's defaults applied: currency upper-cased (default `USD`), unit default `task`. */
export function normalizePriceHint(
  priceHint: NooterraPriceHint,
): NooterraPriceHint & { currency: string; unit: string } {
  return {
    ...priceHint,
    currency: normalizeCurrency(priceHint.currency),
    unit: withDefault(priceHint.unit, 'task'),
  };
}

function normalizeTool(tool: ToolDescriptor): ToolDescriptor {
  const out: ToolDescriptor = {
    ...tool,
    schemaVersion: 'ToolDescriptor.v1',
    sideEffecting: tool.sideEffecting === true,
  };
  if (typeof tool.toolId === 'string') out.toolId = tool.toolId.trim();
  if (typeof tool.riskClass === 'string') {
    const lowered = ToolRiskClassSchema.safeParse(tool.riskClass.trim().toLowerCase());
    if (lowered.success) out.riskClass = lowered.data;
  }
  const kinds = Array.isArray(tool.requiresEvidenceKinds) ? tool.requiresEvidenceKinds : [];
  const loweredKinds = normalizeStringArray(
    kinds.map((kind) => (typeof kind === 'string' ? kind.toLowerCase() : kind)),
  );
  out.requiresEvidenceKinds = loweredKinds.flatMap((kind) => {
    const parsed = ToolEvidenceKindSchema.safeParse(kind);
    return parsed.success ? [parsed.data] : [];
  });
  if (isRecord(tool.pricing)) {
    out.pricing = {
      ...tool.pricing,
      currency: normalizeCurrency(tool.pricing.currency),
      unit: withDefault(tool.pricing.unit, 'call'),
    };
  }
  return out;
}

/**
 * Returns the card in Nooterra's stored form, leaving `card` untouched:
 * - `capabilities`, `tags`, `host.protocols` and the `policyCompatibility` lists are trimmed, blanks dropped,
 *   deduplicated and sorted;
 * - tools get `schemaVersion: 'ToolDescriptor.v1'`, `sideEffecting` true only for a literal `true`, lower-cased
 *   `riskClass` and `requiresEvidenceKinds` (deduplicated and sorted, always an array), pricing currency
 *   upper-cased (default `USD`) and unit defaulted to `call`; tools are sorted by `toolId`;
 * - `priceHint.currency` is upper-cased (default `USD`) and `priceHint.unit` defaults to `task`;
 * - each attestation's `level` defaults to `self_claim`.
 *
 * Nested free-form values (`metadata`, unknown fields) are shared with the input, not copied.
 */
export function normalizeNooterraCard(card: NooterraAgentCard): NooterraAgentCard {
  const out: NooterraAgentCard = { ...card };
  if (Array.isArray(card.capabilities)) out.capabilities = normalizeStringArray(card.capabilities);
  if (Array.isArray(card.tags)) out.tags = normalizeStringArray(card.tags);
  if (isRecord(card.host)) {
    out.host = { ...card.host, protocols: normalizeOptionalArray(card.host.protocols) };
  }
  if (isRecord(card.policyCompatibility)) {
    out.policyCompatibility = {
      ...card.policyCompatibility,
      supportsPolicyTemplates: normalizeOptionalArray(card.policyCompatibility.supportsPolicyTemplates),
      supportsEvidencePacks: normalizeOptionalArray(card.policyCompatibility.supportsEvidencePacks),
    };
  }
  if (isRecord(card.priceHint)) out.priceHint = normalizePriceHint(card.priceHint);
  if (Array.isArray(card.attestations)) {
    out.attestations = card.attestations.map((row) =>
      isRecord(row) ? { ...row, level: withDefault(row.level, 'self_claim') } : row,
    );
  }
  if (Array.isArray(card.tools)) {
    out.tools = card.tools
      .map((tool) => (isRecord(tool) ? normalizeTool(tool) : tool))
      .sort((a, b) => STRING_COLLATOR.compare(String(a?.toolId ?? ''), String(b?.toolId ?? '')));
  }
  return out;
}
