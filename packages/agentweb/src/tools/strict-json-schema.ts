import { z } from 'zod';
import type { AgentWebTool } from './tool-types.js';

/** A JSON Schema object as the adapters hand it to frameworks. */
export type ToolJsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema of a tool's input, in the form OpenAI strict mode accepts: every property required (optional
 * ones are nullable), `additionalProperties: false` on every object. The `$schema` marker is dropped because
 * function-calling APIs take a bare schema object.
 */
export function toolInputJsonSchema(tool: Pick<AgentWebTool, 'inputSchema'>): ToolJsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.inputSchema, {
    io: 'input',
  }) as ToolJsonSchema;
  return schema;
}
