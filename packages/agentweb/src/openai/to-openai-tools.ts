import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { toolInputJsonSchema } from '../tools/strict-json-schema.js';
import { AgentWebToolsOptionsError } from '../tools/tool-errors.js';
import type { AgentWebTool, AgentWebToolName } from '../tools/tool-types.js';
import type { OpenAIChatTool, OpenAIResponsesTool } from './openai-types.js';

/** Options of {@link toOpenAITools}. */
export interface OpenAIToolsOptions<Api extends 'chat' | 'responses' = 'chat' | 'responses'> {
  /** `chat` for Chat Completions (`{ type, function: {...} }`), `responses` for the Responses API (flat). */
  api: Api;
  /** Tools to list, by name (default: all). */
  include?: readonly AgentWebToolName[];
}

/** One tool in the Chat Completions shape. */
export function toOpenAIChatTool(tool: AgentWebTool): OpenAIChatTool {
  const definition = {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: toolInputJsonSchema(tool),
      strict: true,
    },
  } as const;
  // The openai types check the field names (`parameters`, not `inputSchema`) at compile time.
  return definition satisfies ChatCompletionFunctionTool;
}

/** One tool in the Responses API shape. */
export function toOpenAIResponsesTool(tool: AgentWebTool): OpenAIResponsesTool {
  const definition = {
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: toolInputJsonSchema(tool),
    strict: true,
  } as const;
  return definition satisfies FunctionTool;
}

/**
 * The AgentWeb tools as OpenAI function tools, strict mode on: pass them as `tools` to
 * `client.chat.completions.create` (`api: 'chat'`) or `client.responses.create` (`api: 'responses'`), then answer
 * the model's calls with `createToolCallHandler(aw).handleToolCall(call)`.
 *
 * @throws AgentWebToolsOptionsError when `include` names a tool that does not exist.
 */
export function toOpenAITools(client: AgentWebClient, options: OpenAIToolsOptions<'chat'>): OpenAIChatTool[];
export function toOpenAITools(
  client: AgentWebClient,
  options: OpenAIToolsOptions<'responses'>,
): OpenAIResponsesTool[];
export function toOpenAITools(
  client: AgentWebClient,
  options: OpenAIToolsOptions,
): OpenAIChatTool[] | OpenAIResponsesTool[];
export function toOpenAITools(
  client: AgentWebClient,
  options: OpenAIToolsOptions,
): OpenAIChatTool[] | OpenAIResponsesTool[] {
  if (options?.api !== 'chat' && options?.api !== 'responses') {
    throw new AgentWebToolsOptionsError('api', `expected 'chat' or 'responses', got ${String(options?.api)}`);
  }
  const tools = buildAgentWebTools(
    client,
    options.include ? { include: options.include } : {},
    'toOpenAITools',
  );
  return options.api === 'responses' ? tools.map(toOpenAIResponsesTool) : tools.map(toOpenAIChatTool);
}
