import { z } from 'zod';

/*
 * Every object is a loose object: A2A cards grow fields between releases and servers add their own, so
 * unknown fields are tolerated and kept rather than stripped or rejected.
 */

/** URI of the Commerce Agent Protocol extension in `capabilities.extensions[]`. */
export const CAP_EXTENSION_URI = 'https://cap-spec.org';
/** Skill tag marking a CAP skill as callable without credentials. */
export const AUTH_PUBLIC_TAG = 'auth:public';
/** Prefix every CAP skill id carries (`cap:product_search`). */
export const CAP_SKILL_PREFIX = 'cap:';
/** The `search-query-modes` values CAP draft-01 defines. */
export const CAP_QUERY_MODES = ['keyword', 'phrase'] as const;

/** A `search-query-modes` value defined by CAP draft-01. */
export const CapQueryModeSchema = z.enum(CAP_QUERY_MODES);
/** A `search-query-modes` value defined by CAP draft-01. */
export type CapQueryMode = z.infer<typeof CapQueryModeSchema>;

/**
 * `params` of the CAP extension. Modes are plain strings so that a merchant naming a mode this SDK does not
 * know yet still parses; the checker warns about unknown modes instead.
 */
export const CapExtensionParamsSchema = z.looseObject({
  /** Query styles the merchant's `cap:product_search` understands (`keyword`, `phrase`). */
  'search-query-modes': z.array(z.string()).optional(),
});
/** `params` of the CAP extension. */
export type CapExtensionParams = z.infer<typeof CapExtensionParamsSchema>;

/** A2A transports named by the 0.3 `TransportProtocol` enum and the 1.0 `protocolBinding` values. */
export const A2A_TRANSPORTS = ['JSONRPC', 'GRPC', 'HTTP+JSON'] as const;

/** The card shapes AgentWeb tells apart. */
export const A2AVersionSchema = z.enum(['0.2', '0.3', '1.0', 'hybrid']);
/** The card shapes AgentWeb tells apart. */
export type A2AVersion = z.infer<typeof A2AVersionSchema>;

/** The organisation behind the agent (`provider`); same shape in every version. */
export const A2AProviderSchema = z.looseObject({
  /** Organisation name. */
  organization: z.string(),
  /** Organisation website. */
  url: z.string(),
});
/** The organisation behind the agent. */
export type A2AProvider = z.infer<typeof A2AProviderSchema>;

/** One entry of `capabilities.extensions[]` (CAP declares `https://cap-spec.org` here). */
export const A2AExtensionSchema = z.looseObject({
  /** Extension identifier. */
  uri: z.string(),
  /** What the extension is for. */
  description: z.string().optional(),
  /** True when clients must understand the extension to use the agent. */
  required: z.boolean().optional(),
  /** Extension-specific parameters. */
  params: z.record(z.string(), z.unknown()).optional(),
});
/** One entry of `capabilities.extensions[]`. */
export type A2AExtension = z.infer<typeof A2AExtensionSchema>;

/** A JWS over the canonical card (0.3 and 1.0). */
export const A2ASignatureSchema = z.looseObject({
  /** Base64url protected header. */
  protected: z.string(),
  /** Base64url signature. */
  signature: z.string(),
  /** Unprotected header. */
  header: z.record(z.string(), z.unknown()).optional(),
});
/** A JWS over the canonical card. */
export type A2ASignature = z.infer<typeof A2ASignatureSchema>;

/** OpenAPI-style requirement (0.2/0.3): scheme name to required scopes; entries are ANDed. */
export const A2ASecurityRequirementV03Schema = z.record(z.string(), z.array(z.string()));
/** OpenAPI-style requirement (0.2/0.3). */
export type A2ASecurityRequirementV03 = z.infer<typeof A2ASecurityRequirementV03Schema>;

/** ProtoJSON requirement (1.0): `{ schemes: { name: { list: [scopes] } } }`; schemes are ANDed. */
export const A2ASecurityRequirementV10Schema = z.looseObject({
  /** Scheme name to the scopes it needs. */
  schemes: z.record(z.string(), z.looseObject({ list: z.array(z.string()).optional() })),
});
/** ProtoJSON requirement (1.0). */
export type A2ASecurityRequirementV10 = z.infer<typeof A2ASecurityRequirementV10Schema>;

const scopes = z.record(z.string(), z.string());

/** OAuth 2.0 flows as 0.2/0.3 declare them (OpenAPI 3.0 names). */
export const A2AOAuthFlowsV03Schema = z.looseObject({
  /** Authorization-code flow. */
  authorizationCode: z
    .looseObject({
      authorizationUrl: z.string(),
      tokenUrl: z.string(),
      refreshUrl: z.string().optional(),
      scopes,
    })
    .optional(),
  /** Client-credentials flow. */
  clientCredentials: z
    .looseObject({ tokenUrl: z.string(), refreshUrl: z.string().optional(), scopes })
    .optional(),
  /** Implicit flow (dropped in 1.0). */
  implicit: z
    .looseObject({ authorizationUrl: z.string(), refreshUrl: z.string().optional(), scopes })
    .optional(),
  /** Resource-owner password flow (dropped in 1.0). */
  password: z.looseObject({ tokenUrl: z.string(), refreshUrl: z.string().optional(), scopes }).optional(),
});
/** OAuth 2.0 flows (0.2/0.3). */
export type A2AOAuthFlowsV03 = z.infer<typeof A2AOAuthFlowsV03Schema>;

/** OAuth 2.0 flows as 1.0 declares them: `implicit`/`password` dropped, `deviceCode` and `pkceRequired` added. */
export const A2AOAuthFlowsV10Schema = z.looseObject({
  /** Authorization-code flow. */
  authorizationCode: z
    .looseObject({
      authorizationUrl: z.string(),
      tokenUrl: z.string(),
      refreshUrl: z.string().optional(),
      scopes,
      pkceRequired: z.boolean().optional(),
    })
    .optional(),
  /** Client-credentials flow. */
  clientCredentials: z
    .looseObject({ tokenUrl: z.string(), refreshUrl: z.string().optional(), scopes })
    .optional(),
  /** Device-authorization flow (RFC 8628). */
  deviceCode: z
    .looseObject({
      deviceAuthorizationUrl: z.string(),
      tokenUrl: z.string(),
      refreshUrl: z.string().optional(),
      scopes,
    })
    .optional(),
});
/** OAuth 2.0 flows (1.0). */
export type A2AOAuthFlowsV10 = z.infer<typeof A2AOAuthFlowsV10Schema>;

const description = z.string().optional();

/** 0.2/0.3 security scheme, discriminated by `type` as in OpenAPI 3.0. */
export const A2ASecuritySchemeV03Schema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('apiKey'),
    in: z.enum(['header', 'query', 'cookie']),
    name: z.string(),
    description,
  }),
  z.looseObject({
    type: z.literal('http'),
    scheme: z.string(),
    bearerFormat: z.string().optional(),
    description,
  }),
  z.looseObject({
    type: z.literal('oauth2'),
    flows: A2AOAuthFlowsV03Schema,
    oauth2MetadataUrl: z.string().optional(),
    description,
  }),
  z.looseObject({ type: z.literal('openIdConnect'), openIdConnectUrl: z.string(), description }),
  z.looseObject({ type: z.literal('mutualTLS'), description }),
]);
/** 0.2/0.3 security scheme. */
export type A2ASecuritySchemeV03 = z.infer<typeof A2ASecuritySchemeV03Schema>;

/**
 * 1.0 security scheme: a proto `oneof` rendered by ProtoJSON as one field named after the variant. Exactly one
 * variant must be set; the checker enforces that (`a2a/security-scheme-oneof`) because a zod union of
 * single-key objects would report the wrong branch on errors.
 */
export const A2ASecuritySchemeV10Schema = z.looseObject({
  /** API key sent in a header, query parameter or cookie. */
  apiKeySecurityScheme: z.looseObject({ location: z.string(), name: z.string(), description }).optional(),
  /** HTTP authentication (`Bearer`, `Basic`, ...). */
  httpAuthSecurityScheme: z
    .looseObject({ scheme: z.string(), bearerFormat: z.string().optional(), description })
    .optional(),
  /** OAuth 2.0. */
  oauth2SecurityScheme: z
    .looseObject({ flows: A2AOAuthFlowsV10Schema, oauth2MetadataUrl: z.string().optional(), description })
    .optional(),
  /** OpenID Connect discovery. */
  openIdConnectSecurityScheme: z.looseObject({ openIdConnectUrl: z.string(), description }).optional(),
  /** Mutual TLS. */
  mtlsSecurityScheme: z.looseObject({ description }).optional(),
});
/** 1.0 security scheme. */
export type A2ASecuritySchemeV10 = z.infer<typeof A2ASecuritySchemeV10Schema>;

/** The field names of the 1.0 security-scheme oneof. */
export const A2A_V10_SECURITY_SCHEME_KINDS = [
  'apiKeySecurityScheme',
  'httpAuthSecurityScheme',
  'oauth2SecurityScheme',
  'openIdConnectSecurityScheme',
  'mtlsSecurityScheme',
] as const;

const strings = z.array(z.string());

/** 0.2 skill. `description` and `tags` became required only in later 0.2 releases, so both are optional here. */
export const A2ASkillV02Schema = z.looseObject({
  /** Skill id (`cap:` prefix for CAP skills). */
  id: z.string(),
  /** Display name. */
  name: z.string(),
  /** What the skill does. */
  description: z.string().optional(),
  /** Free tags (`auth:public`). */
  tags: strings.optional(),
  /** Example prompts. */
  examples: strings.optional(),
  /** Accepted input media types, overriding the card defaults. */
  inputModes: strings.optional(),
  /** Produced media types, overriding the card defaults. */
  outputModes: strings.optional(),
});
/** 0.2 skill. */
export type A2ASkillV02 = z.infer<typeof A2ASkillV02Schema>;

/** Skill fields 0.3 and 1.0 share; they differ only in how per-skill security is written. */
const skillFieldsV03V10 = {
  /** Skill id (`cap:` prefix for CAP skills). */
  id: z.string(),
  /** Display name. */
  name: z.string(),
  /** What the skill does. */
  description: z.string(),
  /** Free tags (`auth:public`). */
  tags: strings,
  /** Example prompts. */
  examples: strings.optional(),
  /** Accepted input media types, overriding the card defaults. */
  inputModes: strings.optional(),
  /** Produced media types, overriding the card defaults. */
  outputModes: strings.optional(),
};

/** 0.3 skill. */
export const A2ASkillV03Schema = z.looseObject({
  ...skillFieldsV03V10,
  /** Requirements for this skill only (OR of ANDs). */
  security: z.array(A2ASecurityRequirementV03Schema).optional(),
});
/** 0.3 skill. */
export type A2ASkillV03 = z.infer<typeof A2ASkillV03Schema>;

/** 1.0 skill. */
export const A2ASkillV10Schema = z.looseObject({
  ...skillFieldsV03V10,
  /** Requirements for this skill only (OR of ANDs). */
  securityRequirements: z.array(A2ASecurityRequirementV10Schema).optional(),
});
/** 1.0 skill. */
export type A2ASkillV10 = z.infer<typeof A2ASkillV10Schema>;

/** A hybrid card's skill: may carry the 0.3 and the 1.0 requirement fields side by side. */
export const A2ASkillHybridSchema = A2ASkillV03Schema.extend({
  /** Requirements for this skill only, 1.0 form. */
  securityRequirements: z.array(A2ASecurityRequirementV10Schema).optional(),
});
/** A hybrid card's skill. */
export type A2ASkillHybrid = z.infer<typeof A2ASkillHybridSchema>;

/** 0.2/0.3 capability flags. */
export const A2ACapabilitiesV03Schema = z.looseObject({
  /** Supports `message/stream`. */
  streaming: z.boolean().optional(),
  /** Supports push notifications. */
  pushNotifications: z.boolean().optional(),
  /** Never implemented; removed in 1.0. */
  stateTransitionHistory: z.boolean().optional(),
  /** Declared protocol extensions. */
  extensions: z.array(A2AExtensionSchema).optional(),
});
/** 0.2/0.3 capability flags. */
export type A2ACapabilitiesV03 = z.infer<typeof A2ACapabilitiesV03Schema>;

/** 1.0 capability flags. */
export const A2ACapabilitiesV10Schema = z.looseObject({
  /** Supports `SendStreamingMessage`. */
  streaming: z.boolean().optional(),
  /** Supports push notifications. */
  pushNotifications: z.boolean().optional(),
  /** Declared protocol extensions. */
  extensions: z.array(A2AExtensionSchema).optional(),
  /** Serves `GetExtendedAgentCard` to authenticated callers. */
  extendedAgentCard: z.boolean().optional(),
});
/** 1.0 capability flags. */
export type A2ACapabilitiesV10 = z.infer<typeof A2ACapabilitiesV10Schema>;

/** Hybrid capability flags (0.3 and 1.0 fields together). */
export const A2ACapabilitiesHybridSchema = A2ACapabilitiesV03Schema.extend({
  /** Serves `GetExtendedAgentCard` to authenticated callers. */
  extendedAgentCard: z.boolean().optional(),
});
/** Hybrid capability flags. */
export type A2ACapabilitiesHybrid = z.infer<typeof A2ACapabilitiesHybridSchema>;

/** 0.3 `additionalInterfaces[]` entry. */
export const A2AAdditionalInterfaceSchema = z.looseObject({
  /** Endpoint URL. */
  url: z.string(),
  /** Transport served there (`JSONRPC`, `GRPC`, `HTTP+JSON` or custom). */
  transport: z.string(),
});
/** 0.3 `additionalInterfaces[]` entry. */
export type A2AAdditionalInterface = z.infer<typeof A2AAdditionalInterfaceSchema>;

/** 1.0 `supportedInterfaces[]` entry. */
export const A2ASupportedInterfaceSchema = z.looseObject({
  /** Endpoint URL. */
  url: z.string(),
  /** Binding served there (`JSONRPC`, `GRPC`, `HTTP+JSON` or custom). */
  protocolBinding: z.string(),
  /** A2A version spoken there (`1.0`, `0.3`). */
  protocolVersion: z.string(),
  /** Tenant to send with every call; empty means none. */
  tenant: z.string().optional(),
});
/** 1.0 `supportedInterfaces[]` entry. */
export type A2ASupportedInterface = z.infer<typeof A2ASupportedInterfaceSchema>;

const securitySchemesV03 = z.record(z.string(), A2ASecuritySchemeV03Schema);

/**
 * A2A 0.1/0.2.x card, as served at `/.well-known/agent.json` (and as CAP draft-01 shows it). Lenient on purpose:
 * only name, url, version, capabilities and skills are required, because those releases differed on the rest.
 */
export const A2ACardV02Schema = z.looseObject({
  /** Display name. */
  name: z.string(),
  /** What the agent does. */
  description: z.string().optional(),
  /** The A2A endpoint. */
  url: z.string(),
  /** The agent's own version. */
  version: z.string(),
  /** Required from 0.2.5 on; absent in earlier cards. */
  protocolVersion: z.string().optional(),
  /** Organisation behind the agent. */
  provider: A2AProviderSchema.optional(),
  /** Human documentation. */
  documentationUrl: z.string().optional(),
  /** Icon. */
  iconUrl: z.string().optional(),
  /** Capability flags and extensions. */
  capabilities: A2ACapabilitiesV03Schema,
  /** Pre-OpenAPI authentication (`schemes` such as `Bearer`, `Basic`). */
  authentication: z
    .looseObject({
      /** Scheme names, e.g. `Bearer`. */
      schemes: strings,
      /** Credentials hint for private cards. */
      credentials: z.string().optional(),
    })
    .optional(),
  /** OpenAPI-style schemes (0.2.0 on). */
  securitySchemes: securitySchemesV03.optional(),
  /** OpenAPI-style requirements. */
  security: z.array(A2ASecurityRequirementV03Schema).optional(),
  /** Preferred transport of `url` (0.2.4 on). */
  preferredTransport: z.string().optional(),
  /** Further endpoints (0.2.4 on). */
  additionalInterfaces: z.array(A2AAdditionalInterfaceSchema).optional(),
  /** Default accepted media types. */
  defaultInputModes: strings.optional(),
  /** Default produced media types. */
  defaultOutputModes: strings.optional(),
  /** Skills. */
  skills: z.array(A2ASkillV02Schema),
  /** Serves an authenticated extended card (0.2.1 on). */
  supportsAuthenticatedExtendedCard: z.boolean().optional(),
});
/** A2A 0.1/0.2.x card. */
export type A2ACardV02 = z.infer<typeof A2ACardV02Schema>;

/**
 * A2A 0.3 card. `protocolVersion` is optional here although the official schema requires it: the checker
 * reports its absence as `a2a/protocol-version-required` so that lenient parsing can downgrade it.
 */
export const A2ACardV03Schema = z.looseObject({
  /** Display name. */
  name: z.string(),
  /** What the agent does. */
  description: z.string(),
  /** Main endpoint; serves `preferredTransport`. */
  url: z.string(),
  /** The agent's own version. */
  version: z.string(),
  /** A2A version of `url` (default `0.3.0`). */
  protocolVersion: z.string().optional(),
  /** Transport of `url` (default `JSONRPC`). */
  preferredTransport: z.string().optional(),
  /** Further endpoints. */
  additionalInterfaces: z.array(A2AAdditionalInterfaceSchema).optional(),
  /** Organisation behind the agent. */
  provider: A2AProviderSchema.optional(),
  /** Human documentation. */
  documentationUrl: z.string().optional(),
  /** Icon. */
  iconUrl: z.string().optional(),
  /** Capability flags and extensions. */
  capabilities: A2ACapabilitiesV03Schema,
  /** Security schemes by name. */
  securitySchemes: securitySchemesV03.optional(),
  /** Card-wide requirements (OR of ANDs). */
  security: z.array(A2ASecurityRequirementV03Schema).optional(),
  /** Default accepted media types. */
  defaultInputModes: strings,
  /** Default produced media types. */
  defaultOutputModes: strings,
  /** Skills. */
  skills: z.array(A2ASkillV03Schema),
  /** Serves `agent/getAuthenticatedExtendedCard`. */
  supportsAuthenticatedExtendedCard: z.boolean().optional(),
  /** JWS signatures over the card. */
  signatures: z.array(A2ASignatureSchema).optional(),
});
/** A2A 0.3 card. */
export type A2ACardV03 = z.infer<typeof A2ACardV03Schema>;

/** A2A 1.0 card (ProtoJSON of the normative `a2a.proto`). */
export const A2ACardV10Schema = z.looseObject({
  /** Display name. */
  name: z.string(),
  /** What the agent does. */
  description: z.string(),
  /** Endpoints in preference order. */
  supportedInterfaces: z.array(A2ASupportedInterfaceSchema),
  /** The agent's own version. */
  version: z.string(),
  /** Organisation behind the agent. */
  provider: A2AProviderSchema.optional(),
  /** Human documentation. */
  documentationUrl: z.string().optional(),
  /** Icon. */
  iconUrl: z.string().optional(),
  /** Capability flags and extensions. */
  capabilities: A2ACapabilitiesV10Schema,
  /** Security schemes by name. */
  securitySchemes: z.record(z.string(), A2ASecuritySchemeV10Schema).optional(),
  /** Card-wide requirements (OR of ANDs). */
  securityRequirements: z.array(A2ASecurityRequirementV10Schema).optional(),
  /** Default accepted media types. */
  defaultInputModes: strings,
  /** Default produced media types. */
  defaultOutputModes: strings,
  /** Skills. */
  skills: z.array(A2ASkillV10Schema),
  /** JWS signatures over the card. */
  signatures: z.array(A2ASignatureSchema).optional(),
});
/** A2A 1.0 card. */
export type A2ACardV10 = z.infer<typeof A2ACardV10Schema>;

/**
 * The card a 1.0 server with legacy compatibility serves to clients that send no `A2A-Version`: the 0.3 fields
 * plus `supportedInterfaces`. Security schemes may come in either form, and requirements under either name.
 */
export const A2ACardHybridSchema = A2ACardV03Schema.extend({
  /** Endpoints in preference order (1.0 form). */
  supportedInterfaces: z.array(A2ASupportedInterfaceSchema),
  /** Capability flags of both versions. */
  capabilities: A2ACapabilitiesHybridSchema,
  /** Security schemes by name, 0.3 (`type`) or 1.0 (oneof field) form. */
  securitySchemes: z
    .record(
      z.string(),
      // `type: never` keeps a broken 0.3-form scheme from slipping through the all-optional 1.0 branch.
      z.union([
        A2ASecuritySchemeV03Schema,
        A2ASecuritySchemeV10Schema.extend({ type: z.never().optional() }),
      ]),
    )
    .optional(),
  /** Card-wide requirements, 1.0 form. */
  securityRequirements: z.array(A2ASecurityRequirementV10Schema).optional(),
  /** Skills with requirements in either form. */
  skills: z.array(A2ASkillHybridSchema),
});
/** Hybrid (0.3 + 1.0) card. */
export type A2ACardHybrid = z.infer<typeof A2ACardHybridSchema>;

/** Card schema for each version. */
export const A2A_CARD_SCHEMAS = {
  '0.2': A2ACardV02Schema,
  '0.3': A2ACardV03Schema,
  '1.0': A2ACardV10Schema,
  hybrid: A2ACardHybridSchema,
} as const;

/** Card type for each version; index with the version `check()` reported. */
export interface A2ACardByVersion {
  '0.2': A2ACardV02;
  '0.3': A2ACardV03;
  '1.0': A2ACardV10;
  hybrid: A2ACardHybrid;
}

/** Any A2A card. Narrow with {@link isA2ACardOfVersion} and the version `check()` returned. */
export type A2AAgentCard = A2ACardV02 | A2ACardV03 | A2ACardV10 | A2ACardHybrid;

/**
 * Narrows a card to the type of one version, given the version `check()` (or `detectA2AVersion`) reported for it.
 * The card itself has no reliable discriminator, so the version travels beside it.
 */
export function isA2ACardOfVersion<V extends A2AVersion>(
  _card: A2AAgentCard,
  version: string,
  expected: V,
): _card is A2ACardByVersion[V] {
  return version === expected;
}
