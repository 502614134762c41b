import type { AgentWebOptions } from '../client/types.js';
import { clientOptionsFromFlags } from '../config/index.js';
import { type AgisSourceArg, McpBinFlagsError, parseMcpBinFlags } from './bin-flags.js';
import { McpUsageError } from './mcp-usage-error.js';

export { type AgisSourceArg, MCP_BIN_HELP, MCP_BIN_OPTIONS } from './bin-flags.js';

/** What the command line asks for. */
export type McpBinCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'serve';
      /** `--merchant` values, in order. */
      merchants: string[];
      /** `--agis` values, in order. */
      agis: AgisSourceArg[];
      /** Client options built from the shared flags. */
      clientOptions: AgentWebOptions;
      /** Expose AGIS endpoints as tools. */
      agisTools: boolean;
      /** Log client events to stderr. */
      verbose: boolean;
    };

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
