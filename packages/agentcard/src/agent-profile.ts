import { z } from 'zod';

/** The card formats AgentWeb reads. */
export const CardFormatSchema = z.enum(['a2a', 'ietf', 'nooterra']);
/** The card formats AgentWeb reads. */
export type CardFormat = z.infer<typeof CardFormatSchema>;

/** One way to reach the agent, in the card's preference order. */
export const AgentEndpointSchema = z.object({
  /** Absolute URL (or, for `stdio`, the command URI) of the endpoint. */
  url: z.string(),
  /**
   * Transport binding: A2A `JSONRPC`, `GRPC`, `HTTP+JSON` (or a custom one); IETF `http`, `https`, `grpc`,
   * `stdio`, `mcp`; Nooterra host protocols as declared.
   */
  binding: z.string(),
  /** Protocol version spoken there (`0.3.0`, `1.0`, ...); empty when the format declares none. */
  protocolVersion: z.string(),
  /** A2A 1.0 tenant that must be sent with every call to this endpoint. */
  tenant: z.string().optional(),
});
export type AgentEndpoint = z.infer<typeof AgentEndpointSchema>;

/** A skill (A2A), capability (IETF) or tool (Nooterra), normalized. */
export const AgentSkillSchema = z.object({
  /** Skill id, e.g. `cap:product_search`, `text.summarise`, a Nooterra `toolId`. */
  id: z.string(),
  /** Display name (the id when the format has none). */
  name: z.string(),
  /** What it does; empty when not given. */
  description: z.string(),
  /** Free tags, e.g. `auth:public`. */
  tags: z.array(z.string()),
  /** Accepted input media types (the card defaults when the skill sets none). */
  inputModes: z.array(z.string()),
  /** Produced output media types (the card defaults when the skill sets none). */
  outputModes: z.array(z.string()),
  /** JSON Schema of the input, when the card gives one. */
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  /** Security requirements specific to this skill (OR of ANDs of scheme ids), when declared. */
  security: z.array(z.array(z.string())).optional(),
});
export type AgentSkill = z.infer<typeof AgentSkillSchema>;

/** One authentication scheme the agent accepts, normalized across formats. */
export const AuthSchemeSchema = z.object({
  /** The scheme's key in the card (`securitySchemes` key, or the IETF/legacy scheme name). */
  id: z.string(),
  /** Normalized kind. */
  type: z.enum(['none', 'bearer', 'basic', 'apiKey', 'oauth2', 'openIdConnect', 'mutualTLS', 'other']),
  /** For `apiKey`: where the key goes. */
  in: z.enum(['header', 'query', 'cookie']).optional(),
  /** For `apiKey`: the header, query or cookie name. */
  name: z.string().optional(),
  /** For HTTP auth: the raw scheme (`Bearer`, `Basic`, ...). */
  scheme: z.string().optional(),
  /** For bearer: a hint of the token format, e.g. `JWT`. */
  bearerFormat: z.string().optional(),
  /** For `openIdConnect`: the discovery URL. */
  openIdConnectUrl: z.string().optional(),
  /** For `oauth2`: the RFC 8414 metadata URL. */
  oauth2MetadataUrl: z.string().optional(),
  /** For `oauth2`: the flows object as the card gives it. */
  flows: z.record(z.string(), z.unknown()).optional(),
  /** Free text from the card. */
  description: z.string().optional(),
});
export type AuthScheme = z.infer<typeof AuthSchemeSchema>;

/** What a caller must present to use the agent. */
export const AuthRequirementsSchema = z.object({
  /** True when some credential is required for the agent as a whole. */
  required: z.boolean(),
  /** Every scheme the card defines. */
  schemes: z.array(AuthSchemeSchema),
  /** Alternatives (OR) of scheme-id sets (AND) that satisfy the agent; empty when no credential is needed. */
  requirements: z.array(z.array(z.string())),
});
export type AuthRequirements = z.infer<typeof AuthRequirementsSchema>;

/** Commerce Agent Protocol support, read from the `https://cap-spec.org` extension and `cap:` skills. */
export const CapSupportSchema = z.object({
  /** True when the card declares the CAP extension. */
  supported: z.boolean(),
  /** `search-query-modes` the merchant declares (`keyword`, `phrase`, or others it names). */
  queryModes: z.array(z.string()),
  /** Every `cap:` skill id on the card. */
  skills: z.array(z.string()),
  /** The `cap:` skills tagged `auth:public`, callable without credentials. */
  publicSkills: z.array(z.string()),
  /** True when the extension is marked `required`. */
  required: z.boolean(),
});
export type CapSupport = z.infer<typeof CapSupportSchema>;

/** Price information, normalized across formats. */
export const PricingSchema = z.object({
  /** IETF: minimum energy per invocation in joules. */
  baseCostJoules: z.number().optional(),
  /** IETF: energy per output token in joules. */
  perTokenJoules: z.number().optional(),
  /** Nooterra: price in cents. */
  amountCents: z.number().optional(),
  /** Currency of `amountCents` (ISO 4217, upper case). */
  currency: z.string().optional(),
  /** What one price unit buys, e.g. `task`, `call`. */
  unit: z.string().optional(),
});
export type Pricing = z.infer<typeof PricingSchema>;

/** The normalized view of any agent card. Every other AgentWeb package works with this. */
export const AgentProfileSchema = z.object({
  /**
   * Stable identity: IETF `agent_id`, Nooterra `agentId`; for A2A (which has no id field) the URL of the
   * preferred endpoint.
   */
  id: z.string(),
  /** Display name. */
  name: z.string(),
  /** Description; empty when the card has none. */
  description: z.string(),
  /** The agent's own version string as the card gives it ('' when absent). */
  version: z.string(),
  /** Endpoints in preference order; the first is the one to use. */
  endpoints: z.array(AgentEndpointSchema),
  /** Skills in card order. */
  skills: z.array(AgentSkillSchema),
  /** Authentication needed to call the agent. */
  auth: AuthRequirementsSchema,
  /** CAP support, or null when the card shows no sign of CAP. */
  cap: CapSupportSchema.nullable(),
  /** Pricing, or null when the card declares none. */
  pricing: PricingSchema.nullable(),
  /** A2A capability flags; false when the format has no such notion. */
  capabilities: z.object({
    streaming: z.boolean(),
    pushNotifications: z.boolean(),
    extendedCard: z.boolean(),
  }),
  /** Where the card came from. */
  source: z.object({
    /** The card format. */
    format: CardFormatSchema,
    /** The format version, e.g. `0.2`, `0.3`, `1.0`, `hybrid`, `draft-aevum-agentcard-00`, `AgentCard.v1`. */
    version: z.string(),
  }),
});
/** The normalized view of any agent card. Every other AgentWeb package works with this. */
export type AgentProfile = z.infer<typeof AgentProfileSchema>;
