import { createFileContextStore } from '@agentweb/cap';
import { createDnsResolver } from '@agentweb/discovery';
import type { AgentWebOptions } from '../client/types.js';
import { ClientFlagError } from './client-flag-error.js';
import type { ClientFlagValues } from './client-flag-table.js';
import { createHostMapLookup } from './host-map-lookup.js';

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
  const tokens = values.token?.length ? parseTokens(values.token) : undefined;
  if (tokens !== undefined) options.credentials = tokens;
  const ucpProfile = values['ucp-profile'];
  if (ucpProfile !== undefined) {
    if (!/^https?:\/\//i.test(ucpProfile.trim()) || !URL.canParse(ucpProfile.trim()))
      throw new ClientFlagError(
        '--ucp-profile',
        ucpProfile,
        'expected the http(s) URL of your platform profile',
      );
    // --token names merchants by domain, which is how UCP credentials are keyed too (the domain whose profile
    // is read is where they go).
    options.ucp = {
      profileUrl: ucpProfile.trim(),
      ...(tokens === undefined ? {} : { credentials: tokens }),
    };
  }
  return options;
}
