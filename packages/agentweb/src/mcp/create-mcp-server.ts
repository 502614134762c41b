import { checkOptions, is } from '@agentweb/core';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { relaxNullableFields } from '../tools/relax-nullable.js';
import type { AgentWebTool, AgentWebToolsOptions } from '../tools/tool-types.js';
import { registerAgisService, serverState } from './agis-tools.js';
import { listedInputSchema } from './listed-json-schema.js';
import { DEFAULT_INSTRUCTIONS } from './mcp-instructions.js';
import { mcpSdk } from './mcp-sdk.js';
import { neutralToolCall } from './neutral-tool-call.js';
import { packageVersion } from './package-version.js';

/** Options of {@link createMcpServer}; the tool options (`include`, `confirm`, `maxResultChars`, ...) apply too. */
export interface CreateMcpServerOptions extends AgentWebToolsOptions {
  /** Server name reported to the host in `initialize` (default `agentweb`). */
  name?: string;
  /** Server version reported in `initialize` (default: the `agentweb` package version). */
  version?: string;
  /** Also expose every endpoint of every AGIS service loaded in the client as a tool (default true). */
  agis?: boolean;
  /** Instructions sent to the host in `initialize`, which many hosts add to the model's prompt (default: a short guide). */
  instructions?: string;
}

function registerNeutralTool(server: McpServer, tool: AgentWebTool): void {
  const input = relaxNullableFields(tool.inputSchema);
  const call = neutralToolCall(tool);
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: listedInputSchema(input.schema),
      outputSchema: tool.outputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    },
    (args, extra) => call(args as Record<string, unknown>, extra.signal),
  );
}

/**
 * An MCP server (SDK v1 `McpServer`) exposing the neutral AgentWeb tools and, unless `agis: false`, one tool per
 * endpoint of each AGIS service the client has loaded. Connect it to any transport, e.g. `StdioServerTransport`.
 * Services loaded after this call are not added by themselves: pass them to `registerAgisService(server, client,
 * service)` (a connected server then tells the host its tool list changed).
 *
 * @throws AgentWebToolsOptionsError when `include` names a tool that does not exist.
 */
export function createMcpServer(client: AgentWebClient, options: CreateMcpServerOptions = {}): McpServer {
  checkOptions('createMcpServer', options, {
    name: is.nonEmptyString,
    version: is.nonEmptyString,
    agis: is.boolean,
    instructions: is.string,
  });
  const { name, version, agis, instructions, ...toolOptions } = options;
  const tools = buildAgentWebTools(client, toolOptions, 'createMcpServer');
  const server = new mcpSdk.McpServer(
    { name: name ?? 'agentweb', version: version ?? packageVersion() },
    {
      // Declared up front so hosts know to watch for AGIS services registered after connecting.
      capabilities: { tools: { listChanged: true } },
      instructions: instructions ?? DEFAULT_INSTRUCTIONS,
    },
  );
  const state = serverState(server);
  for (const tool of tools) {
    registerNeutralTool(server, tool);
    state.names.add(tool.name);
  }
  if (agis !== false) {
    for (const service of client.agisServices()) {
      registerAgisService(server, client, service, {
        ...(toolOptions.confirm ? { confirm: toolOptions.confirm } : {}),
        ...(toolOptions.maxResultChars === undefined ? {} : { maxResultChars: toolOptions.maxResultChars }),
        ...(toolOptions.approvals === undefined ? {} : { approvals: toolOptions.approvals }),
      });
    }
  }
  return server;
}
