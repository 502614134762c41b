// The shared client flags and their help, apart from what turns them into options (client-flags.ts, which
// loads CAP and discovery), so `agentweb --help` and the command list load neither.

/**
 * The flags every AgentWeb command line shares (`agentweb`, `agentweb-mcp`), in `node:util` `parseArgs` form,
 * so each bin spreads them into its own option table.
 */
export const CLIENT_FLAG_OPTIONS = {
  'allow-http': { type: 'boolean' },
  'allow-private-network': { type: 'boolean' },
  scheme: { type: 'string' },
  resolve: { type: 'string', multiple: true },
  dns: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  user: { type: 'string' },
  'context-file': { type: 'string' },
  redis: { type: 'string' },
  token: { type: 'string', multiple: true },
  'ucp-profile': { type: 'string' },
} as const;

/** Help text for {@link CLIENT_FLAG_OPTIONS}, one line per flag. */
export const CLIENT_FLAGS_HELP = [
  '  --allow-http                 allow http: URLs (default: https only)',
  '  --allow-private-network      allow private and loopback addresses (default: public only)',
  '  --scheme <https|http>        scheme for bare domains (default https; http for local sandboxes)',
  '  --resolve <host=ip>          answer a host name (or *.suffix) with this address; repeatable',
  "  --dns <ip[:port]>            DNS server for _cap TXT records; repeatable (default: the system's)",
  '  --timeout <ms>               deadline of one HTTP request and of each discovery (default 10000)',
  '  --user <id>                  user the client acts for (default "default")',
  '  --context-file <path>        keep contextIds in this JSON file across runs',
  '  --redis <redis://...>        keep contextIds, approvals, caches, backoffs in Redis, shared by instances',
  '  --token <domain=token>       bearer token for a merchant; repeatable',
  '  --ucp-profile <url>          shop at UCP merchants too, as the platform whose profile is at <url>',
].join('\n');

/** Values of {@link CLIENT_FLAG_OPTIONS} after `parseArgs`. */
export interface ClientFlagValues {
  'allow-http'?: boolean | undefined;
  'allow-private-network'?: boolean | undefined;
  scheme?: string | undefined;
  resolve?: string[] | undefined;
  dns?: string[] | undefined;
  timeout?: string | undefined;
  user?: string | undefined;
  'context-file'?: string | undefined;
  redis?: string | undefined;
  token?: string[] | undefined;
  'ucp-profile'?: string | undefined;
}
