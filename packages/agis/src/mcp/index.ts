export {
  type FromMcpToolsOptions,
  type FromMcpToolsResult,
  fromMcpTools,
  type McpToolLike,
} from './from-mcp-tools.js';
export { type McpTool, mcpToolName, type ToMcpToolsOptions, toMcpTools } from './to-mcp-tools.js';
