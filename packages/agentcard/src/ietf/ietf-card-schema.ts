import { z } from 'zod';

/** The IETF AgentCard draft this module implements. */
export const IETF_AGENTCARD_VERSION = 'draft-aevum-agentcard-00';

/** §5 rule 1: exactly 26 characters of the Crockford Base32 alphabet. */
export const IETF_AGENT_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** §5 rule 2: the draft's Semantic Versioning regex, exactly as printed (looser than semver.org's). */
export const IETF_SEMVER_PATTERN =
  /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-[0-9A-Za-z\-.]+)?(?:\+[0-9A-Za-z\-.]+)?$/;

/** §5 rule 4 / §2.4.1: a dot-namespaced capability id. */
export const IETF_CAPABILITY_ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * §5 rule 6: an absolute RFC 3986 URI. A scheme, then only characters RFC 3986 allows (unreserved, reserved,
 * `%XX` escapes) with at most one `#`. Deliberately not a full RFC 3986 grammar: it does not check the
 * authority or path structure, only that nothing outside the URI character set appears.
 */
export const IETF_URI_PATTERN =
  /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*(?:#(?:[A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)?$/;

/** §2.6.1 / §5 rule 7: the Landauer limit at 300 K in joules; non-zero base costs below it are impossible. */
export const LANDAUER_FLOOR_JOULES = 2.854e-21;

/** §2.2: the longest allowed `name`, in Unicode code points. */
export const IETF_NAME_MAX_CODE_POINTS = 128;

/** §2.5.1 / §5 rule 5: the transport protocols an endpoint may declare. */
export const IETF_PROTOCOLS = ['http', 'https', 'grpc', 'stdio', 'mcp'] as const;
/** An endpoint protocol (§2.5.1). */
export type IetfProtocol = (typeof IETF_PROTOCOLS)[number];

/**
 * URL schemes accepted for each protocol by the §2.5.2 consistency check. The draft only gives the `https`
 * example; the rest is this module's reading:
 * - `http`: `http` or `https` (HTTP over TLS is still HTTP; the draft's own example cards pair them);
 * - `grpc`: `grpc`, `grpcs`, `http`, `https`, and gRPC's name-resolver schemes `dns` and `unix`;
 * - `stdio` and `mcp`: any scheme, since neither has a registered URI scheme and MCP also runs over HTTP.
 */
export const IETF_PROTOCOL_URL_SCHEMES: Readonly<Record<IetfProtocol, readonly string[] | null>> = {
  https: ['https'],
  http: ['http', 'https'],
  grpc: ['grpc', 'grpcs', 'http', 'https', 'dns', 'unix'],
  stdio: null,
  mcp: null,
};

/** §2.5.3: the authentication schemes an endpoint may declare. */
export const IETF_AUTH_SCHEMES = ['none', 'bearer', 'api_key', 'oauth2', 'mtls'] as const;
/** An authentication scheme name (§2.5.3). */
export type IetfAuthSchemeName = (typeof IETF_AUTH_SCHEMES)[number];

/** §2.7 / §5 rule 9: the values of `metadata['pacr:trust_tier']`. */
export const IETF_TRUST_TIERS = ['untrusted', 'basic', 'established', 'verified', 'banned'] as const;
/** A `pacr:trust_tier` value (§2.7). */
export type IetfTrustTier = (typeof IETF_TRUST_TIERS)[number];

/** Counts Unicode code points, which is how §2.2 measures `name` (a string's `length` counts UTF-16 units). */
export function countCodePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** §2.5.2: true when the URL's scheme is one {@link IETF_PROTOCOL_URL_SCHEMES} allows for the protocol. */
export function urlSuitsProtocol(protocol: IetfProtocol, url: string): boolean {
  const allowed = IETF_PROTOCOL_URL_SCHEMES[protocol];
  const colon = url.indexOf(':');
  return allowed === null || (colon > 0 && allowed.includes(url.slice(0, colon).toLowerCase()));
}

const JsonSchemaObject = z
  .record(z.string(), z.unknown())
  .meta({ description: 'A JSON Schema object (not checked beyond being an object).' });

/** One entry of `capabilities` (§2.4). Unknown fields are kept. */
export const IetfCapabilitySchema = z
  .looseObject({
    id: z.string().regex(IETF_CAPABILITY_ID_PATTERN).meta({
      description:
        'Dot-namespaced capability id (§2.4.1), e.g. `text.summarise`, `tool.web_search`; compatible with OpenAI function and MCP tool names.',
    }),
    description: z
      .string()
      .optional()
      .meta({ description: 'What the capability does, its inputs and outputs; RECOMMENDED (§2.4.2).' }),
    input_schema: JsonSchemaObject.optional().meta({
      description: 'JSON Schema of the input parameters (§2.4.3), OpenAI function-calling compatible.',
    }),
    output_schema: JsonSchemaObject.optional().meta({
      description: 'JSON Schema of the output structure (§2.4.3).',
    }),
    tags: z.array(z.string()).optional().meta({ description: 'Free-form tags for discovery (§2.4.4).' }),
  })
  .meta({ description: 'One thing the agent can do (§2.4).' });
/** One entry of `capabilities` (§2.4). */
export type IetfCapability = z.infer<typeof IetfCapabilitySchema>;

/** `endpoint.auth` (§2.5.3). Unknown fields are kept. */
export const IetfAuthSchema = z
  .looseObject({
    scheme: z.enum(IETF_AUTH_SCHEMES).optional().meta({
      description: 'Authentication mechanism the endpoint requires (§2.5.3); `none` when absent.',
      default: 'none',
    }),
    header: z.string().optional().meta({
      description:
        'For `api_key`: the request header carrying the key, e.g. `X-API-Key`. Not in the draft; used by its reference schemas and examples.',
    }),
    scopes: z.array(z.string()).optional().meta({
      description: 'For `oauth2`: scopes to request. Not in the draft; from the draft’s MCP-embedded schema.',
    }),
  })
  .meta({ description: 'Declared authentication mechanism; carries no credentials (§2.5.3).' });
/** `endpoint.auth` (§2.5.3). */
export type IetfAuth = z.infer<typeof IetfAuthSchema>;

/** A case-insensitive regex source for a URL starting with `scheme:`, written without flags for JSON Schema. */
function schemePrefixPattern(schemes: readonly string[]): string {
  const anyCase = (scheme: string) =>
    [...scheme].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : `\\${c}`)).join('');
  return `^(?:${schemes.map(anyCase).join('|')}):`;
}

/** §2.5.2 as JSON Schema: for each protocol that constrains its URL, `if protocol is P then url starts with …`. */
function protocolUrlSchemeRules(): Record<string, unknown>[] {
  return IETF_PROTOCOLS.flatMap((protocol) => {
    const schemes = IETF_PROTOCOL_URL_SCHEMES[protocol];
    if (schemes === null) return [];
    const condition = {
      properties: { protocol: { const: protocol, description: `The ${protocol} protocol.` } },
      required: ['protocol'],
    };
    const consequence = {
      properties: {
        url: {
          pattern: schemePrefixPattern(schemes),
          description: `A ${protocol} endpoint needs a ${schemes.join(', ')} URL (§2.5.2).`,
        },
      },
    };
    // From entries because the linter bans a literal `then` key (thenables); this is JSON Schema's keyword and
    // its value is not a function, so nothing mistakes the object for a promise.
    return [
      Object.fromEntries([
        ['if', condition],
        ['then', consequence],
      ]),
    ];
  });
}

/** `endpoint` (§2.5). Unknown fields are kept. */
export const IetfEndpointSchema = z
  .looseObject({
    protocol: z.enum(IETF_PROTOCOLS).meta({ description: 'Transport protocol (§2.5.1, §5 rule 5).' }),
    url: z.string().regex(IETF_URI_PATTERN).meta({
      description:
        'Absolute RFC 3986 URI of the endpoint (§2.5.2, §5 rule 6); its scheme must suit the protocol (`https` needs `https://`).',
    }),
    auth: IetfAuthSchema.optional(),
  })
  .refine((endpoint) => urlSuitsProtocol(endpoint.protocol, endpoint.url), {
    message: 'endpoint.url scheme does not suit endpoint.protocol (§2.5.2)',
    path: ['url'],
  })
  // JSON Schema cannot see the refine above; these if/then rules state it, so the shipped schema agrees.
  .meta({ description: 'How to reach the agent (§2.5).', allOf: protocolUrlSchemeRules() });
/** `endpoint` (§2.5). */
export type IetfEndpoint = z.infer<typeof IetfEndpointSchema>;

/** `pricing` (§2.6), in SI units. Unknown fields (e.g. `currency`, `estimated_latency_ms`) are kept. */
export const IetfPricingSchema = z
  .looseObject({
    base_cost_joules: z
      .union([z.literal(0), z.number().min(LANDAUER_FLOOR_JOULES)])
      .optional()
      .meta({
        description:
          'Minimum energy per invocation in joules: exactly 0 or at least the Landauer limit 2.854e-21 J (§2.6.1, §5 rule 7).',
      }),
    per_token_joules: z.number().min(0).optional().meta({
      description: 'Additional energy per output token in joules; non-negative (§2.6.2, §5 rule 8).',
    }),
  })
  .meta({ description: 'Resource cost of invoking the agent (§2.6).' });
/** `pricing` (§2.6). */
export type IetfPricing = z.infer<typeof IetfPricingSchema>;

/** `metadata` (§2.7): open-ended, with `pacr:` and `mcp:` key prefixes reserved. */
export const IetfMetadataSchema = z
  .looseObject({
    'pacr:trust_tier': z.enum(IETF_TRUST_TIERS).optional().meta({
      description:
        'Self-declared trust classification (§2.7, §5 rule 9); advisory only (§8.4). Absent means `untrusted`.',
    }),
    'pacr:substrate_scope': z.string().optional().meta({
      description: 'Computational substrate the agent was trained or calibrated on, e.g. `UKBiobank` (§2.7).',
    }),
  })
  .meta({ description: 'Framework- and application-specific annotations (§2.7); unknown keys are allowed.' });
/** `metadata` (§2.7). */
export type IetfMetadata = z.infer<typeof IetfMetadataSchema>;

/** One entry of `goal_subscriptions` (§2.8). Unknown fields are kept. */
export const IetfGoalSubscriptionSchema = z
  .looseObject({
    goal_id: z.string().meta({ description: 'Identifier of the shared goal (§2.8); REQUIRED.' }),
    description: z.string().optional().meta({ description: 'Human-readable description of the goal.' }),
    priority: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: 'Relative commitment to the goal, in [0, 1].' }),
  })
  .meta({ description: 'A shared goal the agent participates in, for coalition formation (§2.8).' });
/** One entry of `goal_subscriptions` (§2.8). */
export type IetfGoalSubscription = z.infer<typeof IetfGoalSubscriptionSchema>;

/**
 * An IETF AgentCard (`draft-aevum-agentcard-00`). Unknown fields are kept at every level (§5 rule 10).
 *
 * The schema states the draft's §2 and §5 constraints so that `z.toJSONSchema` exports them; the `name`
 * code-point limit is a refinement (JSON Schema's `maxLength` already counts code points, so it is also set
 * as metadata). Use `ietfCardFormat.check` for validation with rule ids and complete error lists.
 */
export const IetfAgentCardSchema = z
  .looseObject({
    agent_id: z.string().regex(IETF_AGENT_ID_PATTERN).meta({
      description:
        'Globally unique agent identity: a ULID, 26 Crockford Base32 characters (§2.1, §5 rule 1), e.g. `01HZQK3P8EMXR9V7T5N2W4J6C0`.',
    }),
    name: z
      .string()
      .min(1)
      .refine((value) => countCodePoints(value) <= IETF_NAME_MAX_CODE_POINTS, {
        message: `name must be at most ${IETF_NAME_MAX_CODE_POINTS} Unicode code points`,
      })
      .meta({
        description: 'Human-readable display name, 1 to 128 Unicode code points (§2.2); not unique.',
        maxLength: IETF_NAME_MAX_CODE_POINTS,
      }),
    version: z.string().regex(IETF_SEMVER_PATTERN).meta({
      description:
        'Version of this card document, Semantic Versioning 2.0.0 (§2.3, §5 rule 2), e.g. `1.2.0`.',
    }),
    capabilities: z
      .array(IetfCapabilitySchema)
      .min(1)
      .meta({ description: 'What the agent can do, most prominent first; at least one (§2.4, §5 rule 3).' }),
    endpoint: IetfEndpointSchema,
    pricing: IetfPricingSchema.optional(),
    metadata: IetfMetadataSchema.optional(),
    goal_subscriptions: z
      .array(IetfGoalSubscriptionSchema)
      .optional()
      .meta({ description: 'Shared goals the agent has subscribed to (§2.8).' }),
  })
  .meta({
    title: 'IETF AgentCard (draft-aevum-agentcard-00)',
    description:
      'Framework-neutral self-description of an agent: identity, capabilities, endpoint and pricing.',
  });
/** An IETF AgentCard (`draft-aevum-agentcard-00`), with any unknown fields it carries. */
export type IetfAgentCard = z.infer<typeof IetfAgentCardSchema>;
