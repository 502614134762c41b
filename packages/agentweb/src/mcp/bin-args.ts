import type { AgentWebOptions } from '../client/types.js';
import { clientOptionsFromFlags } from '../config/index.js';
import { type McpBinFlags, McpBinFlagsError, parseMcpBinFlags } from './bin-flags.js';
import { McpUsageError } from './mcp-usage-error.js';

export { type AgisSourceArg, MCP_BIN_HELP, MCP_BIN_OPTIONS } from './bin-flags.js';

/** What the command line asks for: {@link McpBinFlags} with the client flags turned into client options. */
export type McpBinCommand =
  | Exclude<McpBinFlags, { kind: 'serve' }>
  | (Omit<Extract<McpBinFlags, { kind: 'serve' }>, 'values'> & {
      /** Client options built from the shared flags. */
      clientOptions: AgentWebOptions;
    });

/**
 * Parses `agentweb-mcp` arguments.
 *
 * @throws McpUsageError for unknown flags, missing values or positional arguments; ClientFlagError for a shared
 *   flag whose value cannot be used.
 */
export function parseMcpBinArgs(argv: readonly string[]): McpBinCommand {
  let flags: ReturnType<typeof parseMcpBinFlags>;
  try {
    flags = parseMcpBinFlags(argv);
  } catch (error) {
    if (error instanceof McpBinFlagsError) throw new McpUsageError(error.message, error.cause);
    throw error;
  }
  if (flags.kind !== 'serve') return flags;
  const { values, ...rest } = flags;
  return { ...rest, clientOptions: clientOptionsFromFlags(values) };
}
