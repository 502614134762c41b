/** The client's `ucp` option: what it needs to shop at UCP merchants. */
export interface AgentWebUcpOptions {
  /**
   * URL of the platform profile you host (`createPlatformProfile` of `@agentweb/ucp` writes its JSON), sent to every
   * UCP merchant in `UCP-Agent: profile="..."`. Without the `ucp` option no merchant is probed for UCP.
   */
  profileUrl: string;
  /** Transport per merchant: `rest`, `mcp` or `auto` (default: REST when offered, else MCP). */
  transport?: 'rest' | 'mcp' | 'auto';
}
