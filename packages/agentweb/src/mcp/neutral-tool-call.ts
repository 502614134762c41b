import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fillNulls, relaxNullableFields } from '../tools/relax-nullable.js';
import type { AgentWebTool } from '../tools/tool-types.js';
import { toCallToolResult } from './call-tool-result.js';

/**
 * How an MCP server runs a neutral tool: the arguments as MCP listed them (nullable fields optional), each left-out
 * nullable field passed as `null`, and the result in MCP form.
 */
export function neutralToolCall(
  tool: AgentWebTool,
): (args: Record<string, unknown>, signal: AbortSignal | undefined) => Promise<CallToolResult> {
  const input = relaxNullableFields(tool.inputSchema);
  return async (args, signal) =>
    toCallToolResult(await tool.execute(fillNulls(args, input.nullable), { signal }));
}
