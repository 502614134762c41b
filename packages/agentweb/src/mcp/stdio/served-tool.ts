/** A JSON object as the tool listing carries it (input and output JSON Schemas, annotations). */
export type JsonSchemaObject = { [key: string]: unknown };

/** The MCP `tools/call` result a served tool answers with. */
export interface ToolCallAnswer {
  /** The result as content blocks (AgentWeb's tools answer one text block: the JSON of `structuredContent`). */
  content: { type: string; text?: string }[];
  /** The same result as an object, for hosts that read it. */
  structuredContent?: Record<string, unknown>;
  /** True when the tool failed; the model reads why in the content. */
  isError?: boolean;
}

/** One tool of the stdio MCP server: what `tools/list` shows of it and what `tools/call` runs. */
export interface ServedTool {
  /** Unique name on the server. */
  name: string;
  /** Human-readable title. */
  title?: string;
  /** What the tool does, for the model. */
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: JsonSchemaObject;
  /** JSON Schema of `structuredContent`. */
  outputSchema?: JsonSchemaObject;
  /** MCP tool annotations (hints). */
  annotations?: JsonSchemaObject;
  /** How the tool may be run (`{ taskSupport: 'forbidden' }`: plain calls only). */
  execution?: JsonSchemaObject;
  /** Runs the tool; should not reject (a rejection is answered as an `isError` result with its message). */
  call(args: Record<string, unknown>, context: { signal: AbortSignal }): Promise<ToolCallAnswer>;
}
