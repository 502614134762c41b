// `agentweb/tools`: everything `agentweb` exports of the tools, plus the zod input schemas by name and their JSON
// Schema conversion (which `agentweb` leaves out so that importing it does not load zod).
export { askAgentInput } from './ask-agent-tool.js';
export { checkoutInput } from './checkout-tool.js';
// The tools module itself rather than the facade's on-demand loader: this subpath loads it anyway.
export { createAgentWebTools } from './create-agent-web-tools.js';
export { discoverMerchantsInput } from './discover-merchants-tool.js';
export * from './facade-exports.js';
export { getProductInput } from './get-product-tool.js';
export { invokeIntentInput } from './invoke-intent-tool.js';
export { manageCartInput } from './manage-cart-tool.js';
export { matchIntentInput } from './match-intent-tool.js';
export { orderStatusInput } from './order-status-tool.js';
export { searchProductsInput } from './search-products-tool.js';
export { toolInputJsonSchema } from './strict-json-schema.js';
