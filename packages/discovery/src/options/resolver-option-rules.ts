import { checkOptions, is, MAX_TIMER_MS } from '@agentweb/core';
import { HTTP_CLIENT_RULE } from '@agentweb/http';
import { configError } from '../common/config-error.js';
import type { ResolverMechanism, ResolverOptions } from '../resolve/resolver-options.js';

/** The resolution order when `mechanisms` is not given. */
export const DEFAULT_MECHANISMS: readonly ResolverMechanism[] = [
  'dns-txt',
  'aid',
  'link-tag',
  'agent-card',
  'agent-json',
];
const KNOWN_MECHANISMS = new Set<ResolverMechanism>([
  'dns-txt',
  'aid',
  'link-tag',
  'agent-card',
  'agent-json',
  'agentcard',
]);

/** The discovery timeout when `timeoutMs` is not given. */
export const DEFAULT_DISCOVERY_TIMEOUT_MS = 10_000;

const RESOLVER_OPTION_RULES = {
  http: HTTP_CLIENT_RULE,
  dns: { ...is.methods('resolveTxt'), expected: 'a DNS resolver (from createDnsResolver) or { resolveTxt }' },
  cache: is.falseOr(is.shape({ clock: is.methods('now') }, 'cache options')),
  mechanisms: is.arrayOf(is.string),
  defaultScheme: is.oneOf('https', 'http'),
  allowHttp: is.boolean,
  maxCardBytes: is.positiveInteger,
  maxPageBytes: is.positiveInteger,
  scanBody: is.boolean,
  maxPageRedirects: is.nonNegativeInteger,
};

/**
 * Checks resolver options as `createResolver` does (`InvalidOptionError`, or `DISCOVERY_CONFIG_INVALID` for an
 * unknown mechanism or a timeout out of range), without loading the resolver: a client that builds its resolver
 * on first use still refuses bad options when it is constructed. Returns the mechanisms and timeout to use.
 */
export function checkResolverOptions(
  options: ResolverOptions,
  callee = 'createResolver',
): { mechanisms: ReadonlySet<ResolverMechanism>; timeoutMs: number } {
  checkOptions(callee, options, RESOLVER_OPTION_RULES);
  const mechanisms = new Set(options.mechanisms ?? DEFAULT_MECHANISMS);
  for (const mechanism of mechanisms) {
    if (!KNOWN_MECHANISMS.has(mechanism))
      throw configError('DISCOVERY_CONFIG_INVALID', `unknown discovery mechanism '${String(mechanism)}'`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS))
    throw configError('DISCOVERY_CONFIG_INVALID', `timeoutMs must be > 0 and at most ${MAX_TIMER_MS}`);
  return { mechanisms, timeoutMs };
}
