import type { ToolJsonSchema } from '../tools/strict-json-schema.js';

/** A Chat Completions function tool (`tools[]` of `chat.completions.create`). */
export interface OpenAIChatTool {
  /** Always `function`. */
  type: 'function';
  /** The function definition. */
  function: {
    /** Tool name. */
    name: string;
    /** What it does, for the model. */
    description: string;
    /** Strict-compatible JSON Schema of the arguments. */
    parameters: ToolJsonSchema;
    /** Always true: the schemas are written for strict mode. */
    strict: true;
  };
}

/** A Responses API function tool (`tools[]` of `responses.create`): the flat shape. */
export interface OpenAIResponsesTool {
  /** Always `function`. */
  type: 'function';
  /** Tool name. */
  name: string;
  /** What it does, for the model. */
  description: string;
  /** Strict-compatible JSON Schema of the arguments. */
  parameters: ToolJsonSchema;
  /** Always true: the schemas are written for strict mode. */
  strict: true;
}

/** A Chat Completions tool call (`message.tool_calls[i]`). */
export type OpenAIChatToolCall =
  | {
      /** Call id, echoed as `tool_call_id`. */
      id: string;
      /** A function call. */
      type: 'function';
      /** Name and JSON arguments as the model wrote them. */
      function: { name: string; arguments: string };
    }
  | {
      /** Call id, echoed as `tool_call_id`. */
      id: string;
      /** A custom-tool call: AgentWeb has none, so it is answered with an error message. */
      type: 'custom';
      /** Name and free-form input. */
      custom: { name: string; input: string };
    };

/** A Responses API function call output item (`response.output[i]` with `type: 'function_call'`). */
export interface OpenAIResponsesFunctionCall {
  /** Always `function_call`. */
  type: 'function_call';
  /** Call id, echoed in the output item. */
  call_id: string;
  /** Tool name. */
  name: string;
  /** JSON arguments as the model wrote them. */
  arguments: string;
}

/**
 * A Responses API custom tool call item (`type: 'custom_tool_call'`): free-form `input` rather than JSON arguments.
 * AgentWeb has no custom tools, so one naming an AgentWeb tool is run with its input read as JSON arguments, and
 * any other is answered with an `UNKNOWN_TOOL` error; either way in a `custom_tool_call_output` item.
 */
export interface OpenAIResponsesCustomToolCall {
  /** Always `custom_tool_call`. */
  type: 'custom_tool_call';
  /** Call id, echoed in the output item. */
  call_id: string;
  /** Tool name. */
  name: string;
  /** The input as the model wrote it. */
  input: string;
}

/** The Chat Completions message answering a tool call. */
export interface OpenAIChatToolMessage {
  /** Always `tool`. */
  role: 'tool';
  /** The call answered. */
  tool_call_id: string;
  /** The JSON text of the tool result. */
  content: string;
}

/** The Responses API input item answering a function call. */
export interface OpenAIFunctionCallOutput {
  /** Always `function_call_output`. */
  type: 'function_call_output';
  /** The call answered. */
  call_id: string;
  /** The JSON text of the tool result. */
  output: string;
}

/** The Responses API input item answering a custom tool call. */
export interface OpenAICustomToolCallOutput {
  /** Always `custom_tool_call_output`. */
  type: 'custom_tool_call_output';
  /** The call answered. */
  call_id: string;
  /** The JSON text of the tool result. */
  output: string;
}

/** Any tool call the handler answers: a Chat Completions tool call or a Responses API call item. */
export type OpenAIToolCall = OpenAIChatToolCall | OpenAIResponsesFunctionCall | OpenAIResponsesCustomToolCall;

/** Any answer the handler gives, each in the type its call asks for. */
export type OpenAIToolCallAnswer =
  | OpenAIChatToolMessage
  | OpenAIFunctionCallOutput
  | OpenAICustomToolCallOutput;
