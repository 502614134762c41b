import { loadPeerSync } from '@agentweb/core';
import { requirePeer } from '../peers/require-peer.js';

type McpServerModule = typeof import('@modelcontextprotocol/sdk/server/mcp.js');
type StdioModule = typeof import('@modelcontextprotocol/sdk/server/stdio.js');

/**
 * The classes of `@modelcontextprotocol/sdk` the MCP server uses. The SDK is an optional peer dependency: it is
 * loaded when `agentweb/mcp` is (never by `agentweb` itself), and when it is not installed the import fails with
 * `MissingPeerDependencyError` naming the package, instead of a bare `ERR_MODULE_NOT_FOUND`. Loaded synchronously
 * ({@link requirePeer}), so `agentweb/mcp` has no top-level await and CommonJS users can `require()` it.
 */
export const mcpSdk = loadPeerSync({
  packageName: '@modelcontextprotocol/sdk',
  feature: 'The MCP server (agentweb/mcp, the agentweb-mcp bin, agentweb agis mcp)',
  load: () => {
    const mcp = requirePeer<McpServerModule>('@modelcontextprotocol/sdk/server/mcp.js');
    const stdio = requirePeer<StdioModule>('@modelcontextprotocol/sdk/server/stdio.js');
    return { McpServer: mcp.McpServer, StdioServerTransport: stdio.StdioServerTransport };
  },
});
