import { z } from 'zod';

/** Who initiates an endpoint's action (draft §6.1). */
export const AGIS_ACTORS = ['agent', 'user', 'system'] as const;
/** The controlled capability taxonomy (draft §6.2). */
export const AGIS_CAPABILITIES = [
  'discovery',
  'transaction',
  'modification',
  'retrieval',
  'analysis',
  'notification',
] as const;
/** Consequence classes (draft §6.2). */
export const AGIS_IMPACT_TIERS = ['informational', 'reversible', 'irreversible'] as const;

// A JSON Schema object is kept as an open record: pass 8 checks it against the 2020-12 vocabulary, and
// the model must not reject schemas that use keywords it does not list.
const JsonSchemaObject = z
  .record(z.string(), z.unknown())
  .describe('A JSON Schema (Draft 2020-12) object describing the data contract.');

export const AgisSemanticSchema = z
  .looseObject({
    intent: z.string().min(1).describe('One sentence: what the endpoint does for the caller.'),
    actor: z.enum(AGIS_ACTORS).describe('Who initiates the action.'),
    outcome: z.string().min(1).describe('One sentence: the verifiable state after success.'),
    capability: z.enum(AGIS_CAPABILITIES).optional(),
    confidence_guidance: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('Minimum agent confidence before autonomous execution (0..1).'),
    impact_tier: z.enum(AGIS_IMPACT_TIERS).optional(),
    is_idempotent: z.boolean().optional().describe('Safe to retry automatically; defaults to false.'),
    parameter_hints: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Input property name -> natural-language phrases that refer to it.'),
    state_transition: z
      .record(z.string(), z.string())
      .optional()
      .describe('Expected state change, `field: FROM -> TO`.'),
    mcp_tool_name: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .optional()
      .describe('Overrides the generated MCP tool name.'),
    proposed: z.boolean().optional().describe('Set on endpoints instantiated by AGTP negotiation.'),
  })
  .describe('Semantic declaration of an endpoint.');

export const AgisErrorSchema = z.looseObject({
  name: z.string().min(1).describe('Specific error name, e.g. reservation_unavailable.'),
  description: z.string().optional(),
  status: z.number().int().optional().describe('Transport status code, when the service declares one.'),
});

export const AgisEndpointSchema = z.looseObject({
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .describe('Imperative base-form action verb, conventionally uppercase.'),
  path: z.string().regex(/^\//, 'must start with "/"').describe('Noun path; parameters as {name}.'),
  semantic: AgisSemanticSchema,
  input: JsonSchemaObject,
  output: JsonSchemaObject,
  errors: z.array(AgisErrorSchema),
});

export const AgisVocabularySchema = z.looseObject({
  declared_verbs: z.array(z.string()).min(1).describe('Exactly the set of methods used by endpoints.'),
  domain: z.string().optional(),
  namespace: z.string().optional(),
  version: z.string().optional(),
  negotiable: z.boolean().optional().describe('Supports AGTP dynamic endpoint negotiation.'),
});

export const AgisDataClassSchema = z.looseObject({
  class: z.string().min(1),
  description: z.string().optional(),
  formats: z.array(z.string()).optional(),
  sensitivity: z
    .string()
    .optional()
    .describe('low | medium | high in the draft examples; the text also names the impact_tier values.'),
  requires_authorization: z.boolean().optional(),
});

export const AgisDataManifestSchema = z.looseObject({
  available_data: z.array(AgisDataClassSchema),
  pre_auth_discovery: z.boolean().optional(),
});

export const AgisDocumentSchema = z
  .looseObject({
    agis: z.string().min(1).describe('AGIS specification version, "1.0".'),
    service: z.string().min(1),
    agtp: z.string().min(1).describe('AGTP address of the service.'),
    description: z.string().optional(),
    version: z.string().optional(),
    endpoints: z.array(AgisEndpointSchema).min(1),
    vocabulary: AgisVocabularySchema,
    data_manifest: AgisDataManifestSchema.optional(),
    schemas: z.record(z.string(), JsonSchemaObject).optional(),
  })
  .describe('An AGIS 1.0 document (draft-hood-independent-agis-01).');

/** A parsed AGIS 1.0 document with canonical field names. */
export type AgisDocument = z.infer<typeof AgisDocumentSchema>;
/** One endpoint of an AGIS document. */
export type AgisEndpoint = z.infer<typeof AgisEndpointSchema>;
/** The semantic declaration of an endpoint. */
export type AgisSemantic = z.infer<typeof AgisSemanticSchema>;
/** A named error condition of an endpoint. */
export type AgisErrorDeclaration = z.infer<typeof AgisErrorSchema>;
/** The vocabulary block. */
export type AgisVocabulary = z.infer<typeof AgisVocabularySchema>;
/** The data manifest block. */
export type AgisDataManifest = z.infer<typeof AgisDataManifestSchema>;
