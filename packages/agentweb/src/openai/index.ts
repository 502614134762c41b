export type {
  OpenAIChatTool,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAICustomToolCallOutput,
  OpenAIFunctionCallOutput,
  OpenAIResponsesCustomToolCall,
  OpenAIResponsesFunctionCall,
  OpenAIResponsesTool,
  OpenAIToolCall,
  OpenAIToolCallAnswer,
} from './openai-types.js';
export {
  type OpenAIToolsOptions,
  toOpenAIChatTool,
  toOpenAIResponsesTool,
  toOpenAITools,
} from './to-openai-tools.js';
export {
  type AgentWebToolCallHandler,
  createToolCallHandler,
  type ToolCallHandlerOptions,
} from './tool-call-handler.js';
