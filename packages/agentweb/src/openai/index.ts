export type {
  OpenAIChatTool,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIFunctionCallOutput,
  OpenAIResponsesFunctionCall,
  OpenAIResponsesTool,
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
