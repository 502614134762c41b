import type { ChatCompletionToolMessageParam } from 'openai/resources/chat/completions';
import type { ResponseCustomToolCallOutput, ResponseInputItem } from 'openai/resources/responses/responses';
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
  OpenAICustomToolCallOutput,
  OpenAIFunctionCallOutput,
  OpenAIResponsesCustomToolCall,
  OpenAIResponsesFunctionCall,
  OpenAIToolCallAnswer,
} from './openai-types.js';

/** Options of {@link createToolCallHandler}: the neutral tool options. */
export type ToolCallHandlerOptions = AgentWebToolsOptions;

/**
 * Answers OpenAI tool calls by running the AgentWeb tools. Each call is answered in the type it asks for: a Chat
 * Completions tool call with a `role: 'tool'` message, a Responses `function_call` with a `function_call_output`
 * item and a `custom_tool_call` with a `custom_tool_call_output` item, both with its `call_id`. Nothing rejects:
 * unknown tools, malformed arguments, tool failures and values that are no tool call at all (`null`, a string, an
 * item of another type) become `{ ok: false, error }` content.
 */
export interface AgentWebToolCallHandler {
  /** Runs the tool a Chat Completions tool call names and returns the `role: 'tool'` message to append. */
  handleToolCall(call: OpenAIChatToolCall, context?: AgentWebToolContext): Promise<OpenAIChatToolMessage>;
  /** Runs the tool a Responses API `function_call` item names and returns the `function_call_output` item. */
  handleToolCall(
    call: OpenAIResponsesFunctionCall,
    context?: AgentWebToolContext,
  ): Promise<OpenAIFunctionCallOutput>;
  /** Answers a Responses API `custom_tool_call` item with a `custom_tool_call_output` item. */
  handleToolCall(
    call: OpenAIResponsesCustomToolCall,
    context?: AgentWebToolContext,
  ): Promise<OpenAICustomToolCallOutput>;
  /**
   * Anything else (an unchecked value from a model response): a Responses item (one with `call_id`) gets a
   * `function_call_output` (or `custom_tool_call_output`) item, anything else a `role: 'tool'` message, carrying an
   * `INVALID_INPUT` error that says what was received.
   */
  handleToolCall(call: unknown, context?: AgentWebToolContext): Promise<OpenAIToolCallAnswer>;
  /**
   * Answers several calls one after the other, in order (cart changes at one merchant must not race), e.g. every
   * entry of `message.tool_calls`.
   */
  handleToolCalls(
    calls: readonly OpenAIChatToolCall[],
    context?: AgentWebToolContext,
  ): Promise<OpenAIChatToolMessage[]>;
  /** Answers several Responses API call items in order, each in its own output type. */
  handleToolCalls(
    calls: readonly (OpenAIResponsesFunctionCall | OpenAIResponsesCustomToolCall)[],
    context?: AgentWebToolContext,
  ): Promise<(OpenAIFunctionCallOutput | OpenAICustomToolCallOutput)[]>;
  /** Anything else: each entry answered as by `handleToolCall`; a value that is not a list is one call. */
  handleToolCalls(calls: unknown, context?: AgentWebToolContext): Promise<OpenAIToolCallAnswer[]>;
}

type Loose = { [key: string]: unknown };

function isLoose(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (isLoose(value))
    return typeof value['type'] === 'string'
      ? `an item of type "${value['type']}"`
      : 'an object without a type';
  return `a ${typeof value}`;
}

const SHAPE_HELP =
  'expected a tool call: a Chat Completions tool call ({ id, type: "function", function: { name, arguments } }) or a Responses function_call or custom_tool_call item';

function parseArguments(text: unknown): { args: Record<string, unknown> } | { failure: AgentWebToolResult } {
  // Some wrappers hand over the arguments already parsed; they are read as they are.
  if (isLoose(text)) return { args: text };
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

  const invalid = (call: unknown) =>
    JSON.stringify(errorResult(TOOL_ERROR_CODES.invalidInput, `${SHAPE_HELP}; got ${describeValue(call)}`));

  async function answerChat(call: Loose, context: AgentWebToolContext): Promise<OpenAIChatToolMessage> {
    const fn = isLoose(call['function']) ? call['function'] : undefined;
    const custom = isLoose(call['custom']) ? call['custom'] : undefined;
    let content: string;
    if (call['type'] === 'function' && fn) content = await run(fn['name'], fn['arguments'], context);
    else if (call['type'] === 'custom' && custom)
      content = await run(custom['name'], custom['input'], context);
    else content = invalid(call);
    const message = { role: 'tool', tool_call_id: String(call['id'] ?? ''), content } as const;
    return message satisfies ChatCompletionToolMessageParam;
  }

  async function answerResponses(
    call: Loose,
    context: AgentWebToolContext,
  ): Promise<OpenAIFunctionCallOutput | OpenAICustomToolCallOutput> {
    const callId = String(call['call_id']);
    if (call['type'] === 'custom_tool_call') {
      const output = await run(call['name'], call['input'], context);
      const item = { type: 'custom_tool_call_output', call_id: callId, output } as const;
      return item satisfies ResponseCustomToolCallOutput;
    }
    const output =
      call['type'] === 'function_call' ? await run(call['name'], call['arguments'], context) : invalid(call);
    const item = { type: 'function_call_output', call_id: callId, output } as const;
    return item satisfies ResponseInputItem.FunctionCallOutput;
  }

  async function handleToolCall(
    call: unknown,
    context: AgentWebToolContext = {},
  ): Promise<OpenAIToolCallAnswer> {
    if (!isLoose(call)) return { role: 'tool', tool_call_id: '', content: invalid(call) };
    // A Responses item carries call_id; a Chat Completions tool call carries id.
    return typeof call['call_id'] === 'string' ? answerResponses(call, context) : answerChat(call, context);
  }

  async function handleToolCalls(
    calls: unknown,
    context: AgentWebToolContext = {},
  ): Promise<OpenAIToolCallAnswer[]> {
    const list: unknown[] = Array.isArray(calls) ? calls : [calls];
    const answers: OpenAIToolCallAnswer[] = [];
    for (const call of list) answers.push(await handleToolCall(call, context));
    return answers;
  }

  return { handleToolCall, handleToolCalls } as AgentWebToolCallHandler;
}
