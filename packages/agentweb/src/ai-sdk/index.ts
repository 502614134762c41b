export {
  type AgentWebAiSdkTool,
  type AiSdkToolCallOptions,
  type AiSdkToolsOptions,
  toAiSdkTools,
} from './to-ai-sdk-tools.js';
