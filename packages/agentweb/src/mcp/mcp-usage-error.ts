import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** The `agentweb-mcp` command line cannot be used as given (unknown flag, missing value, stray argument). */
export class McpUsageError extends AgentWebError {
  constructor(message: string, cause?: unknown) {
    super({ code: 'AGENTWEB_MCP_USAGE', message, ...(cause === undefined ? {} : { cause }) });
    this.name = 'McpUsageError';
  }
}

/** True for a {@link McpUsageError}, across package copies. */
export const isMcpUsageError = createErrorGuard<McpUsageError>('McpUsageError');
