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
}
