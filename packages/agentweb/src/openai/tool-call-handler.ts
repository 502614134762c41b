import type { ChatCompletionToolMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { errorResult, TOOL_ERROR_CODES } from '../tools/tool-result.js';
import type {
  AgentWebTool,
  AgentWebToolContext,
  AgentWebToolResult,
  AgentWebToolsOptions,
} from '../tools/tool-types.js';
import type {
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIFunctionCallOutput,
  OpenAIResponsesFunctionCall,
} from './openai-types.js';

/** Options of {@link createToolCallHandler}: the neutral tool options. */
export type ToolCallHandlerOptions = AgentWebToolsOptions;

/** Answers OpenAI tool calls by running the AgentWeb tools. */
export interface AgentWebToolCallHandler {
  /**
   * Runs the tool a Chat Completions tool call names and returns the `role: 'tool'` message to append. Never
   * rejects: unknown tools, malformed JSON arguments and tool failures all become `{ ok: false }` content.
   */
  handleToolCall(call: OpenAIChatToolCall, context?: AgentWebToolContext): Promise<OpenAIChatToolMessage>;
  /** Runs the tool a Responses API `function_call` item names and returns the `function_call_output` item. */
  handleToolCall(
    call: OpenAIResponsesFunctionCall,
    context?: AgentWebToolContext,
  ): Promise<OpenAIFunctionCallOutput>;
  /**
   * Answers several calls one after the other, in order (cart changes at one merchant must not race), e.g. every
   * entry of `message.tool_calls`.
   */
  handleToolCalls(
    calls: readonly OpenAIChatToolCall[],
    context?: AgentWebToolContext,
  ): Promise<OpenAIChatToolMessage[]>;
  /** Answers several Responses API `function_call` items in order. */
  handleToolCalls(
    calls: readonly OpenAIResponsesFunctionCall[],
    context?: AgentWebToolContext,
  ): Promise<OpenAIFunctionCallOutput[]>;
}

function parseArguments(text: unknown): { args: Record<string, unknown> } | { failure: AgentWebToolResult } {
  if (typeof text !== 'string') {
    return { failure: errorResult(TOOL_ERROR_CODES.invalidInput, 'the tool call has no arguments string') };
  }
  let value: unknown;
  try {
    // Some models send an empty string for a call without arguments.
    value = text.trim().length === 0 ? {} : JSON.parse(text);
  } catch {
    return {
      failure: errorResult(
        TOOL_ERROR_CODES.invalidInput,
        'the arguments are not valid JSON; send a JSON object that matches the tool parameters',
      ),
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { failure: errorResult(TOOL_ERROR_CODES.invalidInput, 'the arguments must be a JSON object') };
  }
  return { args: value as Record<string, unknown> };
}

/**
 * A handler for the model's tool calls, over one tool list (so `match_intent` and `invoke_intent` share their
 * matches across calls): create it once per conversation.
 *
 * @throws AgentWebToolsOptionsError when `include` names a tool that does not exist.
 */
export function createToolCallHandler(
  client: AgentWebClient,
  options: ToolCallHandlerOptions = {},
): AgentWebToolCallHandler {
  const tools = new Map<string, AgentWebTool>(
    buildAgentWebTools(client, options, 'createToolCallHandler').map((tool) => [tool.name, tool]),
  );

  async function run(name: unknown, rawArguments: unknown, context: AgentWebToolContext): Promise<string> {
    const tool = typeof name === 'string' ? tools.get(name) : undefined;
    if (tool === undefined) {
      const known = [...tools.keys()].join(', ');
      return JSON.stringify(
        errorResult(
          TOOL_ERROR_CODES.unknownTool,
          `there is no tool named "${String(name)}"; the tools are ${known}`,
        ),
      );
    }
    const parsed = parseArguments(rawArguments);
    if ('failure' in parsed) return JSON.stringify(parsed.failure);
    return JSON.stringify(await tool.execute(parsed.args, context));
  }

  async function answerChat(
    call: OpenAIChatToolCall,
    context: AgentWebToolContext,
  ): Promise<OpenAIChatToolMessage> {
    const content =
      call.type === 'function'
        ? await run(call.function?.name, call.function?.arguments, context)
        : await run(call.custom?.name ?? call.type, undefined, context);
    const message = { role: 'tool', tool_call_id: call.id, content } as const;
    return message satisfies ChatCompletionToolMessageParam;
  }

  async function answerResponses(
    call: OpenAIResponsesFunctionCall,
    context: AgentWebToolContext,
  ): Promise<OpenAIFunctionCallOutput> {
    const output = await run(call.name, call.arguments, context);
    const item = { type: 'function_call_output', call_id: call.call_id, output } as const;
    return item satisfies ResponseInputItem.FunctionCallOutput;
  }

  function isResponsesCall(
    call: OpenAIChatToolCall | OpenAIResponsesFunctionCall,
  ): call is OpenAIResponsesFunctionCall {
    return call.type === 'function_call';
  }

  async function handleToolCall(
    call: OpenAIChatToolCall | OpenAIResponsesFunctionCall,
    context: AgentWebToolContext = {},
  ): Promise<OpenAIChatToolMessage | OpenAIFunctionCallOutput> {
    return isResponsesCall(call) ? answerResponses(call, context) : answerChat(call, context);
  }

  async function handleToolCalls(
    calls: readonly (OpenAIChatToolCall | OpenAIResponsesFunctionCall)[],
    context: AgentWebToolContext = {},
  ): Promise<(OpenAIChatToolMessage | OpenAIFunctionCallOutput)[]> {
    const answers: (OpenAIChatToolMessage | OpenAIFunctionCallOutput)[] = [];
    for (const call of calls) answers.push(await handleToolCall(call, context));
    return answers;
  }

  return { handleToolCall, handleToolCalls } as AgentWebToolCallHandler;
}
