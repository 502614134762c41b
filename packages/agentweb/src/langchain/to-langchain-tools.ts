import type { DynamicStructuredTool } from '@langchain/core/tools';
import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { fillNulls, relaxNullableFields } from '../tools/relax-nullable.js';
import type { AgentWebTool, AgentWebToolsOptions } from '../tools/tool-types.js';
import { langchainTools } from './langchain-core.js';

/** Options of {@link toLangChainTools}: the neutral tool options. */
export type LangChainToolsOptions = AgentWebToolsOptions;

/** A LangChain structured tool made from an AgentWeb tool. */
export type AgentWebLangChainTool = DynamicStructuredTool;

/**
 * Wraps one neutral tool with `tool()` from `@langchain/core/tools`: the zod input is the tool schema (LangChain
 * validates the model's arguments against it) with its nullable fields optional, a left-out one passed as `null`,
 * and the content is the JSON text of the `{ ok, ... }` result, so a
 * failure reaches the model as something it can read and act on rather than as an exception.
 */
export function toLangChainTool(agentWebTool: AgentWebTool): AgentWebLangChainTool {
  const input = relaxNullableFields(agentWebTool.inputSchema);
  return langchainTools.tool(
    async (args, config) => {
      const signal = config?.signal;
      const filled = fillNulls(args as Record<string, unknown>, input.nullable);
      const result = await agentWebTool.execute(filled, signal ? { signal } : {});
      return JSON.stringify(result);
    },
    { name: agentWebTool.name, description: agentWebTool.description, schema: input.schema },
  );
}

/**
 * The AgentWeb tools as LangChain tools, ready for `createAgent({ model, tools })` or `model.bindTools(...)`.
 *
 * @throws AgentWebToolsOptionsError when `include` names a tool that does not exist.
 */
export function toLangChainTools(
  client: AgentWebClient,
  options: LangChainToolsOptions = {},
): AgentWebLangChainTool[] {
  return buildAgentWebTools(client, options, 'toLangChainTools').map(toLangChainTool);
}
