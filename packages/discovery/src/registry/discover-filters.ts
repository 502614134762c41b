/**
 * The discover and stream query parameters of a Nooterra registry, typed, and checked the way the registry
 * checks them so a bad value fails here (with the filter named) instead of costing a request and a 400.
 */
import {
  type NooterraAgentStatus,
  NooterraAgentStatusSchema,
  type NooterraRiskTier,
  NooterraRiskTierSchema,
  type ToolEvidenceKind,
  ToolEvidenceKindSchema,
  type ToolRiskClass,
  ToolRiskClassSchema,
  validateCapabilityId,
} from '@agentweb/agentcard';
import { RegistryFilterError } from './registry-errors.js';

/** Which discover endpoint: cross-tenant `/public/agent-cards/discover` or the authenticated `/agent-cards/discover`. */
export type RegistryScope = 'public' | 'tenant';

/** `visibility` filter values; `all` and the non-public ones are only accepted on the tenant scope. */
export type DiscoverVisibility = 'public' | 'tenant' | 'private' | 'all';
/** Minimum capability attestation level. */
export type AttestationLevel = 'self_claim' | 'attested' | 'certified';
/** Reputation model. */
export type ReputationVersion = 'v1' | 'v2';
/** Reputation window. */
export type ReputationWindow = '7d' | '30d' | 'allTime';
/** Ranking strategy. */
export type ScoreStrategy = 'balanced' | 'recent_bias' | 'trust_weighted';

/** Filters shared by discover and the stream. Every field maps to the query parameter of the same name. */
export interface RegistryStreamFilters {
  /** Capability identifier, checked with the capability identifier policy; matched by exact string equality. */
  capability?: string;
  /** DID-like execution coordinator (must contain `:`, at most 256 characters). */
  executionCoordinatorDid?: string;
  /** A tool with this `toolId`. All tool filters must hold for the same tool. */
  toolId?: string;
  /** A tool with this MCP tool name (matched case-insensitively by the registry). */
  toolMcpName?: string;
  /** A tool of this risk class. */
  toolRiskClass?: ToolRiskClass;
  /** A tool that is (true) or is not (false) side-effecting. */
  toolSideEffecting?: boolean;
  /** A priced tool costing at most this many cents (tools without a price never match). */
  toolMaxPriceCents?: number;
  /** A tool that requires this evidence kind. */
  toolRequiresEvidenceKind?: ToolEvidenceKind;
  /** Agent status (registry default `active`). */
  status?: NooterraAgentStatus;
  /** `host.runtime`, matched case-insensitively. */
  runtime?: string;
}

/** Every documented filter of `GET /public/agent-cards/discover` and `GET /agent-cards/discover`. */
export interface RegistryDiscoverFilters extends RegistryStreamFilters {
  /** A policy template id listed in `policyCompatibility.supportsPolicyTemplates`. */
  supportsPolicyTemplate?: string;
  /** An evidence pack id listed in `policyCompatibility.supportsEvidencePacks`. */
  supportsEvidencePack?: string;
  /** Card visibility (default `public`); anything but `public` is refused on the public scope. */
  visibility?: DiscoverVisibility;
  /** Only agents holding a valid attestation for `capability` (so `capability` is required). */
  requireCapabilityAttestation?: boolean;
  /** Minimum attestation level. */
  attestationMinLevel?: AttestationLevel;
  /** Only attestations issued by this agent. */
  attestationIssuerAgentId?: string;
  /** Include attestation metadata in the hits. */
  includeAttestationMetadata?: boolean;
  /** Minimum trust score, 0 to 100. */
  minTrustScore?: number;
  /** Only agents of this risk tier. */
  riskTier?: NooterraRiskTier;
  /** Include reputation in the hits (registry default true). */
  includeReputation?: boolean;
  /** Reputation model (registry default `v2`). */
  reputationVersion?: ReputationVersion;
  /** Reputation window (registry default `30d`). */
  reputationWindow?: ReputationWindow;
  /** Ranking strategy. */
  scoreStrategy?: ScoreStrategy;
  /** The agent asking, for relationship-aware ranking. */
  requesterAgentId?: string;
  /** Include `routingFactors` in the hits. */
  includeRoutingFactors?: boolean;
  /** Evaluate reputation as of this ISO date-time. */
  asOf?: string;
  /** Page size, an integer 1 to 100 (registry default 50). */
  limit?: number;
  /** Page offset, an integer from 0. */
  offset?: number;
}

type Kind =
  | { type: 'capability' }
  | { type: 'string'; max: number; mustInclude?: string }
  | { type: 'boolean' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'int'; min: number; max: number }
  | { type: 'number'; min: number; max: number }
  | { type: 'timestamp' };

const ID_MAX = 200;

/** Every discover filter, in the order they are sent. */
const DISCOVER_FILTERS: Readonly<Record<keyof RegistryDiscoverFilters, Kind>> = {
  capability: { type: 'capability' },
  executionCoordinatorDid: { type: 'string', max: 256, mustInclude: ':' },
  toolId: { type: 'string', max: ID_MAX },
  toolMcpName: { type: 'string', max: ID_MAX },
  toolRiskClass: { type: 'enum', values: ToolRiskClassSchema.options },
  toolSideEffecting: { type: 'boolean' },
  toolMaxPriceCents: { type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER },
  toolRequiresEvidenceKind: { type: 'enum', values: ToolEvidenceKindSchema.options },
  supportsPolicyTemplate: { type: 'string', max: ID_MAX },
  supportsEvidencePack: { type: 'string', max: ID_MAX },
  status: { type: 'enum', values: NooterraAgentStatusSchema.options },
  visibility: { type: 'enum', values: ['public', 'tenant', 'private', 'all'] },
  runtime: { type: 'string', max: 64 },
  requireCapabilityAttestation: { type: 'boolean' },
  attestationMinLevel: { type: 'enum', values: ['self_claim', 'attested', 'certified'] },
  attestationIssuerAgentId: { type: 'string', max: ID_MAX },
  includeAttestationMetadata: { type: 'boolean' },
  minTrustScore: { type: 'number', min: 0, max: 100 },
  riskTier: { type: 'enum', values: NooterraRiskTierSchema.options },
  includeReputation: { type: 'boolean' },
  reputationVersion: { type: 'enum', values: ['v1', 'v2'] },
  reputationWindow: { type: 'enum', values: ['7d', '30d', 'allTime'] },
  scoreStrategy: { type: 'enum', values: ['balanced', 'recent_bias', 'trust_weighted'] },
  requesterAgentId: { type: 'string', max: ID_MAX },
  includeRoutingFactors: { type: 'boolean' },
  asOf: { type: 'timestamp' },
  limit: { type: 'int', min: 1, max: 100 },
  offset: { type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER },
};

/** The filters the stream endpoint accepts. */
const STREAM_FILTER_NAMES: ReadonlySet<string> = new Set<keyof RegistryStreamFilters>([
  'capability',
  'executionCoordinatorDid',
  'toolId',
  'toolMcpName',
  'toolRiskClass',
  'toolSideEffecting',
  'toolMaxPriceCents',
  'toolRequiresEvidenceKind',
  'status',
  'runtime',
]);

/** Names of every discover query parameter, in the order they are sent. */
export const REGISTRY_DISCOVER_FILTER_NAMES: readonly (keyof RegistryDiscoverFilters)[] = Object.freeze(
  Object.keys(DISCOVER_FILTERS) as (keyof RegistryDiscoverFilters)[],
);

/** Names of every stream query parameter (besides `sinceCursor`). */
export const REGISTRY_STREAM_FILTER_NAMES: readonly (keyof RegistryStreamFilters)[] = Object.freeze([
  ...STREAM_FILTER_NAMES,
] as (keyof RegistryStreamFilters)[]);

function refuse(filter: string, reason: RegistryFilterError['reason'], detail: string): never {
  throw new RegistryFilterError({ filter, reason, detail });
}

const MAX_TIMESTAMP_LENGTH = 128;

/** Checks one value and returns its query-string form. */
function encodeValue(name: string, kind: Kind, value: unknown): string {
  switch (kind.type) {
    case 'capability': {
      const result = validateCapabilityId(value);
      if (!result.ok)
        refuse(name, result.code, `"${String(value).slice(0, 80)}" fails the capability policy`);
      return result.normalized;
    }
    case 'string': {
      if (typeof value !== 'string') refuse(name, 'TYPE_INVALID', 'must be a string');
      const trimmed = value.trim();
      if (trimmed === '') refuse(name, 'VALUE_REQUIRED', 'must not be blank');
      if (trimmed.length > kind.max) refuse(name, 'VALUE_TOO_LONG', `must be at most ${kind.max} characters`);
      if (kind.mustInclude !== undefined && !trimmed.includes(kind.mustInclude)) {
        refuse(name, 'TYPE_INVALID', `must contain "${kind.mustInclude}"`);
      }
      return trimmed;
    }
    case 'boolean':
      if (typeof value !== 'boolean') refuse(name, 'TYPE_INVALID', 'must be true or false');
      return value ? 'true' : 'false';
    case 'enum':
      if (typeof value !== 'string' || !kind.values.includes(value)) {
        refuse(name, 'ENUM_INVALID', `must be one of ${kind.values.join(', ')}`);
      }
      return value;
    case 'int':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        refuse(name, 'TYPE_INVALID', 'must be a number');
      if (kind.type === 'int' && !Number.isInteger(value)) refuse(name, 'TYPE_INVALID', 'must be an integer');
      if (value < kind.min || value > kind.max) {
        refuse(name, 'RANGE_INVALID', `must be between ${kind.min} and ${kind.max}`);
      }
      return String(value);
    }
    case 'timestamp':
      if (
        typeof value !== 'string' ||
        value.length > MAX_TIMESTAMP_LENGTH ||
        !Number.isFinite(Date.parse(value))
      ) {
        refuse(name, 'TIMESTAMP_INVALID', 'must be an ISO 8601 date-time');
      }
      return value;
  }
}

function encodeFilters(
  filters: object,
  allowed: (name: string) => boolean,
  notAllowedReason: RegistryFilterError['reason'],
): URLSearchParams {
  if (typeof filters !== 'object' || filters === null) {
    refuse('(filters)', 'TYPE_INVALID', 'filters must be an object');
  }
  const given = filters as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(DISCOVER_FILTERS, name)) refuse(name, 'UNKNOWN_FILTER', 'is not a registry filter');
    if (!allowed(name) && given[name] !== undefined) refuse(name, notAllowedReason, 'is not accepted here');
  }
  const query = new URLSearchParams();
  for (const [name, kind] of Object.entries(DISCOVER_FILTERS) as [string, Kind][]) {
    const value = given[name];
    if (value === undefined) continue;
    query.set(name, encodeValue(name, kind, value));
  }
  return query;
}

/**
 * Checks discover filters for a scope and returns the query string parameters, or throws
 * {@link RegistryFilterError} naming the first filter at fault. Unknown keys are refused too, so a typo
 * never silently widens a search.
 */
export function buildDiscoverQuery(filters: RegistryDiscoverFilters, scope: RegistryScope): URLSearchParams {
  const query = encodeFilters(filters, () => true, 'UNKNOWN_FILTER');
  const visibility = query.get('visibility');
  if (scope === 'public' && visibility !== null && visibility !== 'public') {
    refuse('visibility', 'VISIBILITY_NOT_PUBLIC', 'public discovery only returns public cards');
  }
  if (query.get('requireCapabilityAttestation') === 'true' && !query.has('capability')) {
    refuse('requireCapabilityAttestation', 'CAPABILITY_REQUIRED', 'needs a capability filter');
  }
  return query;
}

/** Checks stream filters and returns the query string parameters, or throws {@link RegistryFilterError}. */
export function buildStreamQuery(filters: RegistryStreamFilters): URLSearchParams {
  return encodeFilters(filters, (name) => STREAM_FILTER_NAMES.has(name), 'NOT_SUPPORTED_BY_STREAM');
}
