import { z } from 'zod';
import {
  A2ACardHybridSchema,
  A2ACardV02Schema,
  A2ACardV03Schema,
  A2ACardV10Schema,
  CapExtensionParamsSchema,
} from './a2a/a2a-card-schema.js';
import { AgentProfileSchema } from './agent-profile.js';
import { IetfAgentCardSchema } from './ietf/ietf-card-schema.js';
import {
  AgentCardDiscoveryResultSchema,
  AgentCardStreamEventSchema,
  NooterraAgentCardSchema,
  ToolDescriptorSchema,
} from './nooterra/nooterra-card-schema.js';

/**
 * Every model this package defines, by the file name its JSON Schema ships under
 * (`@agentweb/agentcard/schemas/<name>.schema.json`).
 */
export const agentCardJsonSchemas = {
  'a2a-agent-card-v0.2': A2ACardV02Schema,
  'a2a-agent-card-v0.3': A2ACardV03Schema,
  'a2a-agent-card-v1.0': A2ACardV10Schema,
  'a2a-agent-card-hybrid': A2ACardHybridSchema,
  'cap-extension-params': CapExtensionParamsSchema,
  'ietf-agentcard': IetfAgentCardSchema,
  'nooterra-agent-card-v1': NooterraAgentCardSchema,
  'nooterra-tool-descriptor-v1': ToolDescriptorSchema,
  'nooterra-agent-card-discovery-result-v1': AgentCardDiscoveryResultSchema,
  'nooterra-agent-card-stream-event': AgentCardStreamEventSchema,
  'agent-profile': AgentProfileSchema,
} as const;

/** Names of the shipped JSON Schemas. */
export type AgentCardJsonSchemaName = keyof typeof agentCardJsonSchemas;

/**
 * JSON Schema (draft 2020-12) of every model, generated from the zod schemas that validate cards, so the
 * two cannot drift. Inbound card schemas describe the accepted input: unknown fields are allowed.
 */
export function toAgentCardJsonSchemas(): Record<AgentCardJsonSchemaName, Record<string, unknown>> {
  const out = {} as Record<AgentCardJsonSchemaName, Record<string, unknown>>;
  for (const [name, schema] of Object.entries(agentCardJsonSchemas) as [
    AgentCardJsonSchemaName,
    z.ZodType,
  ][]) {
    out[name] = { title: name, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) };
  }
  return out;
}
