// What `agentweb` itself exports of the tools: everything but the zod input schemas and their JSON Schema
// conversion (`agentweb/tools` has those), so importing the facade does not load the tools or zod.
export { createAgentWebTools } from './create-tools-on-demand.js';
export { DEFAULT_MAX_RESULT_CHARS } from './fit-result.js';
export type { ToolJsonSchema } from './strict-json-schema.js';
export { AgentWebToolsOptionsError, isAgentWebToolsOptionsError } from './tool-errors.js';
export { MAX_ASK_TEXT_CHARS, MAX_CART_QUANTITY, MAX_SEARCH_RESULTS } from './tool-limits.js';
export { TOOL_ERROR_CODES } from './tool-result.js';
export {
  AGENT_WEB_TOOL_NAMES,
  type AgentWebTool,
  type AgentWebToolAnnotations,
  type AgentWebToolContext,
  type AgentWebToolError,
  type AgentWebToolName,
  type AgentWebToolResult,
  type AgentWebToolsOptions,
  type CheckoutPaymentCallback,
  type CheckoutPaymentRequest,
  type ConfirmCallback,
  type JsonValue,
} from './tool-types.js';
