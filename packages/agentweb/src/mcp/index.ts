export { agisConfirmationReason } from './agis-confirmation.js';
export { CONFIRMED_ARGUMENT, type RegisterAgisServiceOptions, registerAgisService } from './agis-tools.js';
export {
  type AgisSourceArg,
  MCP_BIN_HELP,
  MCP_BIN_OPTIONS,
  type McpBinCommand,
  parseMcpBinArgs,
} from './bin-args.js';
export { toCallToolResult } from './call-tool-result.js';
export { type CreateMcpServerOptions, createMcpServer } from './create-mcp-server.js';
export { MAX_AGIS_FILE_BYTES } from './load-start-sources.js';
export { isMcpUsageError, McpUsageError } from './mcp-usage-error.js';
export { CLOSE_TIMEOUT_MS, type McpBinIo, runMcpBin, START_TIMEOUT_MS } from './run-mcp-bin.js';
export {
  type JsonRpcItem,
  type JsonRpcLine,
  MAX_BATCH_ITEMS,
  parseJsonRpcLine,
} from './stdio/json-rpc.js';
export {
  createLineReader,
  type LineEvent,
  type LineReader,
  type LineReaderOptions,
} from './stdio/line-reader.js';
export {
  LATEST_PROTOCOL_VERSION,
  negotiateProtocolVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './stdio/protocol-version.js';
export type { JsonSchemaObject, ServedTool, ToolCallAnswer } from './stdio/served-tool.js';
export {
  MAX_IN_FLIGHT,
  MAX_LINE_BYTES,
  type ServedToolHandle,
  StdioMcpServer,
  type StdioMcpServerOptions,
} from './stdio/stdio-mcp-server.js';
