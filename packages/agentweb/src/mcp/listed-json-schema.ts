import { z } from 'zod';
import { relaxNullableFields } from '../tools/relax-nullable.js';
import { AGIS_TOOL_DATA_SCHEMA, toolResultSchema } from '../tools/tool-output-schemas.js';
import type { AgentWebTool } from '../tools/tool-types.js';
import type { JsonSchemaObject } from './stdio/served-tool.js';
import { type McpToolListing, PLAIN_CALL_EXECUTION } from './tool-listing.js';

/**
 * The JSON Schema `tools/list` carries for a zod object: what the MCP SDK's `McpServer` produces from it (zod's
 * draft-7 conversion, `input` or `output` side), so both servers list the same schemas.
 */
export function listedJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): JsonSchemaObject {
  return z.toJSONSchema(schema, { target: 'draft-7', io }) as JsonSchemaObject;
}

/**
 * The schema MCP lists for a neutral tool (nullable fields optional) on a schema that accepts any object: the SDK's
 * own validation would answer a bad argument with a plain-text protocol error ("MCP error -32602: Input validation
 * error: ..."), so the tool validates instead and answers in the `{ ok: false, error }` shape of every failure.
 */
export function listedInputSchema(relaxed: z.ZodObject): z.ZodObject {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(relaxed, { io: 'input', target: 'draft-7' });
  return z.looseObject({}).meta(schema);
}

/** A JSON Schema listed as it is, the way the SDK lists it when zod metadata carries it. */
export function listedAsIs(schema: JsonSchemaObject): JsonSchemaObject {
  return listedJsonSchema(z.looseObject({}).meta(schema), 'input');
}

/** The `outputSchema` listed for every AGIS tool. */
export function agisResultJsonSchema(): JsonSchemaObject {
  return listedJsonSchema(toolResultSchema(AGIS_TOOL_DATA_SCHEMA), 'output');
}

/** How `tools/list` shows a neutral tool (as `createMcpServer` registers it). */
export function neutralToolListing(tool: AgentWebTool): McpToolListing {
  const input = relaxNullableFields(tool.inputSchema);
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: listedJsonSchema(listedInputSchema(input.schema), 'input'),
    outputSchema: listedJsonSchema(tool.outputSchema, 'output'),
    annotations: { title: tool.title, ...tool.annotations },
    execution: { ...PLAIN_CALL_EXECUTION },
  };
}
