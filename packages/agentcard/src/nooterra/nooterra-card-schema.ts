/**
 * Zod models of Nooterra's `AgentCard.v1`, `ToolDescriptor.v1`, the discover response
 * (`AgentCardDiscoveryResult.v1`) and the public stream events (`AgentCardStreamEvent.v1`).
 *
 * Design notes:
 * - Objects are loose: fields Nooterra adds later are kept, not rejected.
 * - Optional fields also accept `null`, because Nooterra's card builder writes `null` for every optional field
 *   it leaves empty (`description: null`, `host: null`, `issuer: null`, ...).
 * - The schemas validate only; defaults and normalisation live in `normalizeNooterraCard`, so `z.toJSONSchema`
 *   works on every export.
 * - Timestamps are accepted when `Date.parse` understands them, which is what Nooterra itself checks.
 */
import { z } from 'zod';

/** Value of `schemaVersion` on an agent card. */
export const NOOTERRA_AGENT_CARD_VERSION = 'AgentCard.v1';
/** Value of `schemaVersion` on a tool descriptor. */
export const TOOL_DESCRIPTOR_VERSION = 'ToolDescriptor.v1';
/** Value of `schemaVersion` on a discover response. */
export const AGENT_CARD_DISCOVERY_RESULT_VERSION = 'AgentCardDiscoveryResult.v1';
/** Value of `schemaVersion` on stream data events. */
export const AGENT_CARD_STREAM_EVENT_VERSION = 'AgentCardStreamEvent.v1';

/** Longest timestamp string accepted; Nooterra caps stored timestamps at 128 characters. */
const MAX_TIMESTAMP_LENGTH = 128;

function isParsableTimestamp(value: string): boolean {
  // The length guard keeps Date.parse off hostile multi-megabyte strings.
  return value.length <= MAX_TIMESTAMP_LENGTH && Number.isFinite(Date.parse(value));
}

/** A non-blank string (at least one non-whitespace character). */
const nonBlank = () => z.string().regex(/\S/, 'must be a non-empty string');

/** An ISO 8601 date-time as Nooterra writes it (`2026-01-01T00:00:00.000Z`); anything `Date.parse` reads. */
export const NooterraTimestampSchema = z
  .string()
  .max(MAX_TIMESTAMP_LENGTH)
  .refine(isParsableTimestamp, { message: 'must be an ISO date-time string' });

/** A JSON object of free-form data, or null. */
const metadataSchema = () => z.record(z.string(), z.unknown()).nullish();

/** Agent lifecycle status, taken from the agent identity. */
export const NooterraAgentStatusSchema = z.enum(['active', 'suspended', 'revoked']);
/** Agent lifecycle status, taken from the agent identity. */
export type NooterraAgentStatus = z.infer<typeof NooterraAgentStatusSchema>;

/** Who may see the card. Only `public` cards appear in cross-tenant discovery. */
export const NooterraVisibilitySchema = z.enum(['public', 'tenant', 'private']);
/** Who may see the card. Only `public` cards appear in cross-tenant discovery. */
export type NooterraVisibility = z.infer<typeof NooterraVisibilitySchema>;

/** How risky calling a tool is. */
export const ToolRiskClassSchema = z.enum(['read', 'compute', 'action', 'financial']);
/** How risky calling a tool is. */
export type ToolRiskClass = z.infer<typeof ToolRiskClassSchema>;

/** Kinds of evidence a tool requires. `execution_attestation` is in Nooterra's core code though not its MCP enum. */
export const ToolEvidenceKindSchema = z.enum([
  'artifact',
  'hash',
  'verification_report',
  'execution_attestation',
]);
/** Kinds of evidence a tool requires. */
export type ToolEvidenceKind = z.infer<typeof ToolEvidenceKindSchema>;

/** Price of one tool call. */
export const ToolPricingSchema = z.looseObject({
  /** Price in cents; a non-negative safe integer. */
  amountCents: z.int().min(0).nullish(),
  /** ISO 4217 currency; Nooterra defaults it to `USD` and upper-cases it. */
  currency: z.string().nullish(),
  /** What one price unit buys; Nooterra defaults it to `call`. */
  unit: z.string().nullish(),
});
/** Price of one tool call. */
export type ToolPricing = z.infer<typeof ToolPricingSchema>;

/** `ToolDescriptor.v1`: one typed tool an agent exposes, for fine-grained routing. */
export const ToolDescriptorSchema = z.looseObject({
  /** Always `ToolDescriptor.v1`; Nooterra fills it in when absent and rejects any other value. */
  schemaVersion: z.literal(TOOL_DESCRIPTOR_VERSION).nullish(),
  /** Tool id, unique within the card; at most 200 characters. */
  toolId: nonBlank().max(200),
  /** Name of the matching MCP tool; at most 200 characters. */
  mcpToolName: z.string().max(200).nullish(),
  /** Display name; at most 200 characters. */
  name: z.string().max(200).nullish(),
  /** What the tool does; at most 2000 characters. */
  description: z.string().max(2000).nullish(),
  /** Risk class (lower case). */
  riskClass: ToolRiskClassSchema.nullish(),
  /** True when calling the tool changes something; Nooterra treats anything but literal `true` as false. */
  sideEffecting: z.boolean().nullish(),
  /** Price per call, when the tool is priced. */
  pricing: ToolPricingSchema.nullish(),
  /** Evidence kinds the tool requires (lower case, deduplicated, sorted once normalised). */
  requiresEvidenceKinds: z.array(ToolEvidenceKindSchema).nullish(),
  /** Free-form data. */
  metadata: metadataSchema(),
});
/** `ToolDescriptor.v1`: one typed tool an agent exposes, for fine-grained routing. */
export type ToolDescriptor = z.infer<typeof ToolDescriptorSchema>;

/** Where and how the agent runs. */
export const NooterraHostSchema = z.looseObject({
  /** Runtime label, e.g. `openclaw`, `node`; at most 64 characters; matched case-insensitively by discover. */
  runtime: z.string().max(64).nullish(),
  /** Absolute http(s) URL where the agent is reached. */
  endpoint: z.url({ protocol: /^https?$/ }).nullish(),
  /** Protocols spoken at the endpoint, as the publisher names them. */
  protocols: z.array(z.string()).nullish(),
});
/** Where and how the agent runs. */
export type NooterraHost = z.infer<typeof NooterraHostSchema>;

/** Advertised price of one task. */
export const NooterraPriceHintSchema = z.looseObject({
  /** Price in cents; a non-negative safe integer. */
  amountCents: z.int().min(0),
  /** ISO 4217 currency; Nooterra defaults it to `USD` and upper-cases it. */
  currency: z.string().nullish(),
  /** What one price unit buys; Nooterra defaults it to `task`. */
  unit: z.string().nullish(),
});
/** Advertised price of one task. */
export type NooterraPriceHint = z.infer<typeof NooterraPriceHintSchema>;

/** One claim about the agent, e.g. the `program.nooterra_verified` listing row. */
export const NooterraAttestationSchema = z.looseObject({
  /** Claim type, e.g. `program.nooterra_verified`; at most 128 characters. */
  type: nonBlank().max(128),
  /** Claim level, e.g. `self_claim` (the default), `attested`, `certified`, `collaboration`. */
  level: z.string().max(64).nullish(),
  /** Who makes the claim. */
  issuer: z.string().max(200).nullish(),
  /** Reference to the credential or gate report. */
  credentialRef: z.string().max(200).nullish(),
  /** Hash binding the evidence (lowercase hex sha256 by the Verified convention). */
  proofHash: z.string().max(200).nullish(),
  /** When the claim was issued. */
  issuedAt: NooterraTimestampSchema.nullish(),
  /** When the claim stops holding. */
  expiresAt: NooterraTimestampSchema.nullish(),
});
/** One claim about the agent. */
export type NooterraAttestation = z.infer<typeof NooterraAttestationSchema>;

/** Policy templates and evidence packs the agent works with. */
export const NooterraPolicyCompatibilitySchema = z.looseObject({
  /** Always `AgentCardPolicyCompatibility.v1` when present. */
  schemaVersion: z.literal('AgentCardPolicyCompatibility.v1').nullish(),
  /** Policy template ids the agent supports (discover filter `supportsPolicyTemplate`). */
  supportsPolicyTemplates: z.array(z.string()).nullish(),
  /** Evidence pack ids the agent supports (discover filter `supportsEvidencePack`). */
  supportsEvidencePacks: z.array(z.string()).nullish(),
});
/** Policy templates and evidence packs the agent works with. */
export type NooterraPolicyCompatibility = z.infer<typeof NooterraPolicyCompatibilitySchema>;

/** `AgentCardPublish.v1`: ed25519 signature over the published card payload. */
export const NooterraPublishSignatureSchema = z.looseObject({
  /** Always `AgentCardPublish.v1`. */
  schemaVersion: z.literal('AgentCardPublish.v1'),
  /** Always `ed25519`. */
  algorithm: z.literal('ed25519'),
  /** Id of the signing key; at most 200 characters. */
  signerKeyId: nonBlank().max(200),
  /** When the payload was signed. */
  signedAt: NooterraTimestampSchema,
  /** sha256 of the canonical `AgentCardPublishPayload.v1`, 64 lowercase hex digits. */
  payloadHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
  /** Base64 ed25519 signature; at most 8192 characters. */
  signature: nonBlank().max(8192),
});
/** `AgentCardPublish.v1`: ed25519 signature over the published card payload. */
export type NooterraPublishSignature = z.infer<typeof NooterraPublishSignatureSchema>;

/** The agent identity the card was built from. */
export const NooterraIdentityRefSchema = z.looseObject({
  /** Identity schema, normally `AgentIdentity.v1`. */
  schemaVersion: z.string().nullish(),
  /** The identity's key id. */
  keyId: z.string().nullish(),
});
/** The agent identity the card was built from. */
export type NooterraIdentityRef = z.infer<typeof NooterraIdentityRefSchema>;

/**
 * Nooterra `AgentCard.v1`. Capability entries are only typed as strings here; the capability identifier policy is
 * applied by the card checker so each failure gets its own reason code.
 */
export const NooterraAgentCardSchema = z.looseObject({
  /** Always `AgentCard.v1`. */
  schemaVersion: z.literal(NOOTERRA_AGENT_CARD_VERSION),
  /** Owning tenant. */
  tenantId: nonBlank(),
  /** The agent identity's id; the card's stable identity. */
  agentId: nonBlank(),
  /** Display name. */
  displayName: nonBlank(),
  /** Lifecycle status. */
  status: NooterraAgentStatusSchema,
  /** Who may see the card. */
  visibility: NooterraVisibilitySchema,
  /** Capability identifiers (legacy labels or `capability://` URIs). */
  capabilities: z.array(z.string()),
  /** DID-like coordinator hint for federation-aware routing: at most 256 characters and contains `:`. */
  executionCoordinatorDid: z.string().max(256).includes(':').nullish(),
  /** What the agent does; at most 2000 characters. */
  description: z.string().max(2000).nullish(),
  /** Where and how the agent runs. */
  host: NooterraHostSchema.nullish(),
  /** Advertised price of one task. */
  priceHint: NooterraPriceHintSchema.nullish(),
  /** Claims about the agent. */
  attestations: z.array(NooterraAttestationSchema).nullish(),
  /** Typed tools; `toolId` must be unique (checked by the card checker). */
  tools: z.array(ToolDescriptorSchema).nullish(),
  /** Policy templates and evidence packs the agent works with. */
  policyCompatibility: NooterraPolicyCompatibilitySchema.nullish(),
  /** Signed-publish envelope, when the card was published with a signature. */
  publish: NooterraPublishSignatureSchema.nullish(),
  /** Free tags, each at most 64 characters, e.g. `program:nooterra-verified`. */
  tags: z.array(z.string().max(64)).nullish(),
  /** Free-form data, e.g. `nooterraVerified`. */
  metadata: metadataSchema(),
  /** The agent identity the card was built from. */
  identityRef: NooterraIdentityRefSchema.nullish(),
  /** When the first revision was built; kept across revisions. */
  createdAt: NooterraTimestampSchema,
  /** When this revision was built. */
  updatedAt: NooterraTimestampSchema,
  /** 0 for the first build, previous + 1 afterwards. */
  revision: z.int().min(0),
});
/** Nooterra `AgentCard.v1`. */
export type NooterraAgentCard = z.infer<typeof NooterraAgentCardSchema>;

/** Risk tier the ranking assigns to a discovered agent. */
export const NooterraRiskTierSchema = z.enum(['low', 'guarded', 'elevated', 'high']);
/** Risk tier the ranking assigns to a discovered agent. */
export type NooterraRiskTier = z.infer<typeof NooterraRiskTierSchema>;

/** One ranked hit of a discover call. */
export const AgentCardDiscoveryHitSchema = z.looseObject({
  /** 1-based position in the full ordering. */
  rank: z.int().min(1),
  /** Ranking score, 0 to 100. */
  rankingScore: z.number().min(0).max(100),
  /** Risk tier of the agent. */
  riskTier: NooterraRiskTierSchema,
  /** The card. */
  agentCard: NooterraAgentCardSchema,
  /** Reputation summary (shape set by `reputationVersion`), or null when not requested. */
  reputation: z.record(z.string(), z.unknown()).nullable(),
  /** The capability attestation that qualified the agent, or null. */
  capabilityAttestation: z.record(z.string(), z.unknown()).nullable(),
  /** Why the agent ranked where it did (`includeRoutingFactors`), or null. */
  routingFactors: z.record(z.string(), z.unknown()).nullable(),
});
/** One ranked hit of a discover call. */
export type AgentCardDiscoveryHit = z.infer<typeof AgentCardDiscoveryHitSchema>;

/** An agent left out because its capability attestation did not qualify. */
export const ExcludedAttestationCandidateSchema = z.looseObject({
  /** The agent left out. */
  agentId: z.string(),
  /** The capability that was asked for. */
  capability: z.string(),
  /** Why, e.g. `CAPABILITY_ATTESTATION_MISSING`, `CAPABILITY_ATTESTATION_ISSUER_MISMATCH`. */
  reasonCode: z.string(),
});
/** An agent left out because its capability attestation did not qualify. */
export type ExcludedAttestationCandidate = z.infer<typeof ExcludedAttestationCandidateSchema>;

/** `AgentCardDiscoveryResult.v1`: the body of `GET /agent-cards/discover` and `GET /public/agent-cards/discover`. */
export const AgentCardDiscoveryResultSchema = z.looseObject({
  /** True on success (errors use the `{error, code, details}` body instead). */
  ok: z.boolean(),
  /** Always `AgentCardDiscoveryResult.v1`. */
  schemaVersion: z.literal(AGENT_CARD_DISCOVERY_RESULT_VERSION),
  /** `public` for the cross-tenant endpoint, `tenant` for the authenticated one. */
  scope: z.enum(['tenant', 'public']),
  /** Reputation model used (`v1`, `v2`). */
  reputationVersion: z.string().nullish(),
  /** Reputation window used (`7d`, `30d`, `allTime`). */
  reputationWindow: z.string().nullish(),
  /** Ranking strategy used (`balanced`, `recent_bias`, `trust_weighted`). */
  scoreStrategy: z.string().nullish(),
  /** Number of matching agents before paging. */
  total: z.int().min(0),
  /** Page size. */
  limit: z.int().min(0),
  /** Page offset. */
  offset: z.int().min(0),
  /** Ranked hits: rankingScore desc, then trustScore desc, runVolume desc, agentId asc, tenantId asc. */
  results: z.array(AgentCardDiscoveryHitSchema),
  /** Agents left out by attestation requirements, with the reason. */
  excludedAttestationCandidates: z.array(ExcludedAttestationCandidateSchema).nullish(),
  /** Agents left out by emergency quarantine (shape not documented). */
  excludedQuarantineCandidates: z.array(z.record(z.string(), z.unknown())).nullish(),
  /** The attestation policy that was applied. */
  attestationPolicy: z.record(z.string(), z.unknown()).nullish(),
});
/** `AgentCardDiscoveryResult.v1`: the body of a discover call. */
export type AgentCardDiscoveryResult = z.infer<typeof AgentCardDiscoveryResultSchema>;

/** SSE event names on `GET /public/agent-cards/stream`. */
export const AGENT_CARD_STREAM_EVENT_NAMES = Object.freeze({
  /** First event: the stream is open. */
  ready: 'agent_cards.ready',
  /** A matching card appeared or changed. */
  upsert: 'agent_card.upsert',
  /** A card left the view. */
  removed: 'agent_card.removed',
  /** The server could not read cards; the stream closes after this. */
  error: 'agent_cards.error',
} as const);

/** Data of the first `agent_cards.ready` event. */
export const AgentCardStreamReadySchema = z.looseObject({
  /** Always true. */
  ok: z.literal(true),
  /** Always `public`. */
  scope: z.literal('public'),
  /** The cursor the stream resumes after, or null for a fresh stream. */
  sinceCursor: z.string().nullable(),
  /** The filters in effect, echoed. */
  query: z.record(z.string(), z.unknown()).nullish(),
});
/** Data of the first `agent_cards.ready` event. */
export type AgentCardStreamReady = z.infer<typeof AgentCardStreamReadySchema>;

/** Data of an `agent_card.upsert` event. */
export const AgentCardStreamUpsertSchema = z.looseObject({
  /** Always `AgentCardStreamEvent.v1`. */
  schemaVersion: z.literal(AGENT_CARD_STREAM_EVENT_VERSION),
  /** Always `AGENT_CARD_UPSERT`. */
  type: z.literal('AGENT_CARD_UPSERT'),
  /** Always `public`. */
  scope: z.literal('public'),
  /** Resume cursor, `updatedAt|tenantId|agentId` with each part percent-encoded; also the SSE `id:`. */
  cursor: nonBlank(),
  /** The card's `updatedAt`. */
  updatedAt: NooterraTimestampSchema,
  /** Owning tenant. */
  tenantId: z.string(),
  /** The agent. */
  agentId: z.string(),
  /** The card as it now is. */
  agentCard: NooterraAgentCardSchema,
});
/** Data of an `agent_card.upsert` event. */
export type AgentCardStreamUpsert = z.infer<typeof AgentCardStreamUpsertSchema>;

/** Data of an `agent_card.removed` event. */
export const AgentCardStreamRemovedSchema = z.looseObject({
  /** Always `AgentCardStreamEvent.v1`. */
  schemaVersion: z.literal(AGENT_CARD_STREAM_EVENT_VERSION),
  /** Always `AGENT_CARD_REMOVED`. */
  type: z.literal('AGENT_CARD_REMOVED'),
  /** Always `public`. */
  scope: z.literal('public'),
  /** Resume cursor (see the upsert event). */
  cursor: nonBlank(),
  /** When the card left the view. */
  removedAt: NooterraTimestampSchema,
  /** Owning tenant. */
  tenantId: z.string(),
  /** The agent. */
  agentId: z.string(),
  /** Why; currently always `NO_LONGER_VISIBLE`. */
  reasonCode: z.string(),
});
/** Data of an `agent_card.removed` event. */
export type AgentCardStreamRemoved = z.infer<typeof AgentCardStreamRemovedSchema>;

/** `AgentCardStreamEvent.v1`: the data of an upsert or removed event, told apart by `type`. */
export const AgentCardStreamEventSchema = z.discriminatedUnion('type', [
  AgentCardStreamUpsertSchema,
  AgentCardStreamRemovedSchema,
]);
/** `AgentCardStreamEvent.v1`: the data of an upsert or removed event. */
export type AgentCardStreamEvent = z.infer<typeof AgentCardStreamEventSchema>;

/** Data of an `agent_cards.error` event. */
export const AgentCardStreamErrorSchema = z.looseObject({
  /** Always false. */
  ok: z.literal(false),
  /** Error code, e.g. `PUBLIC_AGENT_CARD_STREAM_READ_FAILED`. */
  code: z.string(),
  /** What went wrong. */
  message: z.string(),
});
/** Data of an `agent_cards.error` event. */
export type AgentCardStreamError = z.infer<typeof AgentCardStreamErrorSchema>;
