import {
  type AgentCardDiscoveryHit,
  AgentCardDiscoveryHitSchema,
  type AgentCardDiscoveryResult,
  AgentCardDiscoveryResultSchema,
  formatPath,
  type ValidationIssue,
} from '@agentweb/agentcard';
import { RegistryError } from './registry-errors.js';

/** A hit left out of a discover result because it did not validate. */
export interface SkippedDiscoveryHit {
  /** Position of the hit in the registry's `results` array. */
  index: number;
  /** `agentCard.agentId` when the hit had a readable one, for logs. */
  agentId: string | undefined;
  /** What was wrong with it. */
  issues: ValidationIssue[];
}

/** A validated discover result plus what was dropped from it. */
export interface RegistryDiscoverResult extends AgentCardDiscoveryResult {
  /** The valid hits, in the registry's order (ranks are kept as the registry sent them). */
  results: AgentCardDiscoveryHit[];
  /** Hits that failed validation and were left out; empty when every hit was valid. */
  skipped: SkippedDiscoveryHit[];
}

interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly code: string;
  readonly message: string;
}

function toIssues(issues: readonly SchemaIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
    rule: `nooterra/${issue.code}`,
    message: `${formatPath(issue.path)}: ${issue.message}`,
  }));
}

function agentIdOf(hit: unknown): string | undefined {
  if (typeof hit !== 'object' || hit === null) return undefined;
  const card = (hit as { agentCard?: unknown }).agentCard;
  if (typeof card !== 'object' || card === null) return undefined;
  const id = (card as { agentId?: unknown }).agentId;
  return typeof id === 'string' ? id.slice(0, 200) : undefined;
}

/**
 * Validates a discover body. The envelope must be a valid `AgentCardDiscoveryResult.v1` or the call fails
 * with `REGISTRY_RESPONSE_INVALID`; a hit that fails validation is left out and reported in `skipped`, so one
 * bad card does not cost the caller every other one.
 */
export function parseDiscoveryResult(body: unknown, url: string, status: number): RegistryDiscoverResult {
  const whole = AgentCardDiscoveryResultSchema.safeParse(body);
  if (whole.success) return { ...whole.data, skipped: [] };

  const rawResults =
    typeof body === 'object' && body !== null ? (body as { results?: unknown }).results : undefined;
  const envelope = AgentCardDiscoveryResultSchema.safeParse(
    Array.isArray(rawResults) ? { ...(body as object), results: [] } : body,
  );
  if (!envelope.success || !Array.isArray(rawResults)) {
    const issues = toIssues((envelope.success ? whole : envelope).error?.issues ?? []);
    throw new RegistryError({
      code: 'REGISTRY_RESPONSE_INVALID',
      status,
      url,
      message: `Registry answer is not an AgentCardDiscoveryResult.v1: ${issues
        .slice(0, 3)
        .map((issue) => issue.message)
        .join('; ')} (${url})`,
      details: { issues },
    });
  }
  const results: AgentCardDiscoveryHit[] = [];
  const skipped: SkippedDiscoveryHit[] = [];
  rawResults.forEach((hit: unknown, index) => {
    const parsed = AgentCardDiscoveryHitSchema.safeParse(hit);
    if (parsed.success) results.push(parsed.data);
    else skipped.push({ index, agentId: agentIdOf(hit), issues: toIssues(parsed.error.issues) });
  });
  return { ...envelope.data, results, skipped };
}
