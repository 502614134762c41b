import { createFileContextStore } from '@agentweb/cap';
import { createDnsResolver } from '@agentweb/discovery';
import type { AgentWebOptions } from '../client/types.js';
import { ClientFlagError } from './client-flag-error.js';
import { createHostMapLookup } from './host-map-lookup.js';

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
}

function parseTimeout(raw: string): number {
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms <= 0 || ms > 600_000)
    throw new ClientFlagError('--timeout', raw, 'expected a whole number of milliseconds from 1 to 600000');
  return ms;
}

function parseTokens(entries: readonly string[]): Record<string, { type: 'bearer'; token: string }> {
  // No prototype: a domain spelled `__proto__` must be an entry, not a way to replace the map's prototype.
  const out: Record<string, { type: 'bearer'; token: string }> = Object.create(null);
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    const domain = entry.slice(0, eq).trim().toLowerCase();
    const token = entry.slice(eq + 1).trim();
    if (eq <= 0 || domain === '' || token === '')
      throw new ClientFlagError('--token', '(value hidden)', 'expected domain=token');
    out[domain] = { type: 'bearer', token };
  }
  return out;
}

function parseRedisUrl(raw: string): string {
  // The URL may carry a password: it is never echoed.
  if (!/^rediss?:\/\/[^\s]+$/i.test(raw.trim()) || !URL.canParse(raw.trim()))
    throw new ClientFlagError('--redis', '(value hidden)', 'expected a redis:// or rediss:// URL');
  return raw.trim();
}

/** Builds `AgentWeb` options from the shared flags; bad values throw a typed error naming the flag. */
export function clientOptionsFromFlags(values: ClientFlagValues): AgentWebOptions {
  const options: AgentWebOptions = {};
  if (values['allow-http']) options.allowHttp = true;
  if (values['allow-private-network']) options.allowPrivateNetwork = true;
  const scheme = values.scheme;
  if (scheme !== undefined) {
    if (scheme !== 'https' && scheme !== 'http')
      throw new ClientFlagError('--scheme', scheme, 'expected https or http');
    options.discovery = { defaultScheme: scheme };
  }
  if (values.resolve?.length) options.lookup = createHostMapLookup(values.resolve);
  if (values.timeout !== undefined) options.timeoutMs = parseTimeout(values.timeout);
  if (values.dns?.length) options.dns = createDnsResolver({ servers: values.dns });
  if (values.user !== undefined) options.userId = values.user;
  if (values['context-file'] !== undefined && values.redis !== undefined)
    throw new ClientFlagError('--context-file', values['context-file'], 'cannot be combined with --redis');
  if (values['context-file'] !== undefined)
    options.contextStore = createFileContextStore({ path: values['context-file'] });
  if (values.redis !== undefined) options.redis = { url: parseRedisUrl(values.redis) };
  if (values.token?.length) options.credentials = parseTokens(values.token);
  return options;
}
