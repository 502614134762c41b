import { parseArgs } from 'node:util';
import { CLIENT_FLAG_OPTIONS, CLIENT_FLAGS_HELP } from '../config/client-flag-table.js';

/** The option table of `agentweb-mcp`: its own flags plus the shared client flags. */
export const MCP_BIN_OPTIONS = {
  ...CLIENT_FLAG_OPTIONS,
  merchant: { type: 'string', multiple: true },
  agis: { type: 'string', multiple: true },
  'no-agis-tools': { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

/** `agentweb-mcp --help`. */
export const MCP_BIN_HELP = `Usage: agentweb-mcp [--merchant <domain>]... [--agis <domain|url|file>]... [options]

Runs the AgentWeb MCP server over stdio (stdout carries the protocol; logs go to stderr).
Tools: discover_merchants, search_products, get_product, manage_cart, order_status, match_intent,
invoke_intent, plus one tool per endpoint of each AGIS service given with --agis.

Options:
  --merchant <domain|card-url>   add a CAP merchant at start (discovered by DNS, link tag or well-known URI); repeatable
  --agis <domain|url|file>       load an AGIS service at start: a domain (its /.well-known/agis.json), a document
                                 URL, or a local YAML/JSON file; a file's endpoints need a base URL: <file>=<base-url>;
                                 repeatable. Services are loaded before the server answers, so the host's first
                                 tools/list already has their tools
  --no-agis-tools                do not expose AGIS endpoints as tools (match_intent/invoke_intent still route to them)
  --verbose                      log client progress events to stderr
  -h, --help                     show this help
  --version                      print the version

Client flags (shared with the agentweb CLI):
${CLIENT_FLAGS_HELP}

A merchant or service that cannot be reached at start is reported on stderr and skipped.
Exit codes: 0 after stdin closes or SIGTERM/SIGINT, 1 when the server cannot start, 2 for bad flags.`;

/** Where one `--agis` value points, before anything is read. */
export interface AgisSourceArg {
  /** The value as given (a domain, URL or file path; for `<file>=<base-url>`, the file part). */
  source: string;
  /** The base URL given after `=` for a file. */
  baseUrl?: string;
}

/**
 * Why the command line cannot be used (unknown flag, missing value, stray argument). A plain error, so the bin
 * parses its flags without loading `@agentweb/core`; `parseMcpBinArgs` turns it into `McpUsageError`.
 */
export class McpBinFlagsError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'McpBinFlagsError';
  }
}

/** What the command line asks for, before the client flags are turned into client options. */
export type McpBinFlags =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'serve';
      /** `--merchant` values, in order. */
      merchants: string[];
      /** `--agis` values, in order. */
      agis: AgisSourceArg[];
      /** The parsed flags, for `clientOptionsFromFlags`. */
      values: McpBinFlagValues;
      /** Expose AGIS endpoints as tools. */
      agisTools: boolean;
      /** Log client events to stderr. */
      verbose: boolean;
    };

function nonEmpty(flag: string, values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => {
    const trimmed = value.trim();
    if (trimmed === '') throw new McpBinFlagsError(`${flag} needs a non-empty value`);
    return trimmed;
  });
}

/** Splits `<file>=<base-url>`; only the last `=` followed by an http(s) URL counts, so paths may contain `=`. */
function agisArg(value: string): AgisSourceArg {
  const match = /^(.+)=(https?:\/\/\S+)$/i.exec(value);
  if (match && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    return { source: match[1] as string, baseUrl: match[2] as string };
  }
  return { source: value };
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: MCP_BIN_OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    // node:util reports unknown flags and missing values as TypeErrors whose message names the flag.
    throw new McpBinFlagsError(error instanceof Error ? error.message : String(error), error);
  }
}

/** The flag values `parseArgs` gives for {@link MCP_BIN_OPTIONS}. */
export type McpBinFlagValues = ReturnType<typeof parse>['values'];

/**
 * Parses `agentweb-mcp` arguments without loading the client: what the bin needs before it answers a host. The
 * client flags' values are checked when the client is made (`clientOptionsFromFlags`).
 *
 * @throws McpBinFlagsError for unknown flags, missing values or positional arguments.
 */
export function parseMcpBinFlags(argv: readonly string[]): McpBinFlags {
  const { values } = parse(argv);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  return {
    kind: 'serve',
    merchants: nonEmpty('--merchant', values.merchant),
    agis: nonEmpty('--agis', values.agis).map(agisArg),
    values,
    agisTools: values['no-agis-tools'] !== true,
    verbose: values.verbose === true,
  };
}
