import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { neutralToolCall } from './neutral-tool-call.js';
import type { ToolCallAnswer } from './stdio/served-tool.js';

/** Runs the neutral tools by name (the part of the bin that loads zod and the tools, on the first call). */
export type NeutralToolRuntime = (
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<ToolCallAnswer> | undefined;

/** The neutral tools (default options) of `client`, validating and running as `createMcpServer`'s do. */
export function createNeutralToolRuntime(client: AgentWebClient): NeutralToolRuntime {
  const calls = new Map(
    buildAgentWebTools(client, {}, 'agentweb-mcp').map((tool) => [
      tool.name as string,
      neutralToolCall(tool),
    ]),
  );
  return (name, args, signal) => calls.get(name)?.(args, signal);
}
