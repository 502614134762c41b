// `agentweb/tools`: the neutral tool list with its zod input schemas. `agentweb` exports the same minus the
// schemas, and loads the tools on first use.
export { askAgentInput } from './ask-agent-tool.js';
export { checkoutInput } from './checkout-tool.js';
export { createAgentWebTools } from './create-agent-web-tools.js';
export { discoverMerchantsInput } from './discover-merchants-tool.js';
export { DEFAULT_MAX_RESULT_CHARS } from './fit-result.js';
export { getProductInput } from './get-product-tool.js';
export { invokeIntentInput } from './invoke-intent-tool.js';
export { manageCartInput } from './manage-cart-tool.js';
export { matchIntentInput } from './match-intent-tool.js';
export { orderStatusInput } from './order-status-tool.js';
export { searchProductsInput } from './search-products-tool.js';
export { type ToolJsonSchema, toolInputJsonSchema } from './strict-json-schema.js';
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
