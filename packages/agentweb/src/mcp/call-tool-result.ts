import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_ERROR_CODES } from '../tools/tool-result.js';
import type { AgentWebToolResult } from '../tools/tool-types.js';

/**
 * The MCP form of a tool result: the JSON text for hosts that read `content` (most do), the same object as
 * `structuredContent` for hosts that read that, and `isError` so a failure reaches the model as a tool answer
 * it can act on rather than as a protocol error.
 */
export function toCallToolResult(result: AgentWebToolResult): CallToolResult {
  let text: string;
  try {
    text = JSON.stringify(result);
  } catch (error) {
    // Tool results are JSON by contract; a value that cannot be serialised is a bug, reported, not thrown.
    const detail = error instanceof Error ? error.message : String(error);
    const fallback: AgentWebToolResult = {
      ok: false,
      error: { code: TOOL_ERROR_CODES.unexpected, message: `the tool result is not JSON: ${detail}` },
    };
    text = JSON.stringify(fallback);
  }
  // Parsed back so structuredContent is exactly the text's JSON (no undefined members, no class instances).
  const structuredContent = JSON.parse(text) as Record<string, unknown>;
  return {
    content: [{ type: 'text', text }],
    structuredContent,
    isError: structuredContent['ok'] !== true,
  };
}
