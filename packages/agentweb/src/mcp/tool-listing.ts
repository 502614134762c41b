import type { JsonSchemaObject } from './stdio/served-tool.js';

/** One tool as `tools/list` shows it. */
export interface McpToolListing {
  /** Tool name. */
  name: string;
  /** Title. */
  title: string;
  /** Description for the model. */
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: JsonSchemaObject;
  /** JSON Schema of `structuredContent`. */
  outputSchema: JsonSchemaObject;
  /** MCP annotations. */
  annotations: JsonSchemaObject;
  /** Task support (2025-11-25): these tools run as plain calls, never as tasks (as the SDK's server lists them). */
  execution: { taskSupport: 'forbidden' };
}

/** What every tool of both servers says about tasks. */
export const PLAIN_CALL_EXECUTION = { taskSupport: 'forbidden' } as const;
