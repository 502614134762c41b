import { loadPeer } from '@agentweb/core';

/**
 * The classes of `@modelcontextprotocol/sdk` the MCP server uses. The SDK is an optional peer dependency: it is
 * imported when `agentweb/mcp` is (never by `agentweb` itself), and when it is not installed the import fails with
 * `MissingPeerDependencyError` naming the package, instead of a bare `ERR_MODULE_NOT_FOUND`.
 */
export const mcpSdk = await loadPeer({
  packageName: '@modelcontextprotocol/sdk',
  feature: 'The MCP server (agentweb/mcp, the agentweb-mcp bin, agentweb agis mcp)',
  load: async () => {
    const [mcp, stdio] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/mcp.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
    ]);
    return { McpServer: mcp.McpServer, StdioServerTransport: stdio.StdioServerTransport };
  },
});
