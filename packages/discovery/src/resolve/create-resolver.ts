import { createHttpClient } from '@agentweb/http';
import { LRUCache } from 'lru-cache';
import { checkAidProtocol } from '../aid/lookup-aid.js';
import { configError } from '../common/config-error.js';
import { deepFreeze } from '../common/deep-freeze.js';
import { parseResolveTarget } from '../common/resolve-target.js';
import { SingleFlight } from '../common/single-flight.js';
import { createDnsResolver, type DnsResolver } from '../dns/index.js';
import { checkResolverOptions } from '../options/resolver-option-rules.js';
import { DiscoveryError } from './discovery-error.js';
import { resolveMany } from './resolve-many.js';
import type {
  ResolveManyOptions,
  ResolveOptions,
  ResolveResult,
  Resolver,
  ResolverOptions,
} from './resolver-options.js';
import { cacheSettings, clampTtl, ResultCache } from './result-cache.js';
import { startDeadline } from './run-deadline.js';
import { type RunHit, type RunSettings, runResolution } from './run-resolution.js';
import { TRANSIENT_OUTCOMES, type TraceEntry } from './trace.js';

/**
 * Creates a resolver that finds the agent card behind a domain or page, in CAP's order (`_cap` TXT, then the
 * AID `_agent` TXT record, the page's `cap-agent-card` link, `/.well-known/agent-card.json`,
 * `/.well-known/agent.json`), with one deadline per run,
 * single-flight per domain and a TTL-bounded result cache.
 */
export function createResolver(options: ResolverOptions = {}): Resolver {
  const { mechanisms, timeoutMs } = checkResolverOptions(options);
  const allowHttp = options.allowHttp ?? false;
  // What this resolver created is closed by close(); what the caller passed in stays theirs.
  const http = options.http ?? createHttpClient({ allowHttp });
  const ownsHttp = options.http === undefined;
  // Created lazily so a resolver that never asks DNS opens no sockets and reads no resolv.conf.
  let ownDns: DnsResolver | undefined;
  let closing: Promise<void> | undefined;
  const settings: RunSettings = {
    http,
    dns: () => {
      if (options.dns !== undefined) return options.dns;
      // A run still going when close() was called must not create a resolver nobody would close.
      if (closing !== undefined) throw configError('DISCOVERY_RESOLVER_CLOSED', 'the resolver is closed');
      ownDns ??= createDnsResolver();
      return ownDns;
    },
    mechanisms,
    allowHttp,
    maxCardBytes: options.maxCardBytes ?? 256 * 1024,
    maxPageBytes: options.maxPageBytes ?? 512 * 1024,
    scanBody: options.scanBody ?? false,
    maxPageRedirects: options.maxPageRedirects ?? 5,
    aidKeys: new LRUCache<string, string>({ max: 10_000 }),
  };
  const defaultScheme = options.defaultScheme ?? 'https';
  const cache = options.cache === false ? undefined : new ResultCache(cacheSettings(options.cache));
  const flights = new SingleFlight<ResolveResult>();

  async function resolveUncached(
    input: string,
    key: string,
    requireCap: boolean,
    aidProtocol: string | undefined,
    signal: AbortSignal,
  ) {
    const target = parseResolveTarget(input, defaultScheme);
    const deadline = startDeadline(timeoutMs, signal);
    let outcome: Awaited<ReturnType<typeof runResolution>>;
    try {
      outcome = await runResolution(
        target,
        aidProtocol === undefined ? settings : { ...settings, aidProtocol },
        deadline,
        requireCap,
      );
    } finally {
      deadline.clear();
    }
    const { hit, trace } = outcome;
    if (hit === undefined) {
      const failure = new DiscoveryError({ target: input, trace });
      // Frozen: the same trace is cached and handed to every caller sharing this run.
      deepFreeze(trace);
      if (cache && isLasting(trace)) {
        cache.set(key, { ok: false, target: input, trace }, cache.settings.negativeTtlSeconds);
      }
      throw failure;
    }
    // AID §4: an AID record is never kept longer than its DNS TTL, whatever the lower clamp says.
    const clamped = cache ? clampTtl(hit.ttl, cache.settings) : (hit.ttl ?? 0);
    const ttl = hit.ttlCeiling === undefined ? clamped : Math.min(clamped, hit.ttlCeiling);
    // Frozen: one result is cached and shared by every caller of this run (each gets its own top level).
    const result = deepFreeze(toResult(hit, trace, ttl));
    cache?.set(key, { ok: true, result }, ttl);
    return result;
  }

  async function resolve(domainOrUrl: string, call: ResolveOptions = {}): Promise<ResolveResult> {
    call.signal?.throwIfAborted();
    if (closing !== undefined) {
      throw configError('DISCOVERY_RESOLVER_CLOSED', `the resolver is closed; cannot resolve ${domainOrUrl}`);
    }
    const target = parseResolveTarget(domainOrUrl, defaultScheme);
    const requireCap = call.requireCap ?? false;
    const aidProtocol = call.aidProtocol;
    if (aidProtocol !== undefined) checkAidProtocol(aidProtocol);
    const key = `${target.key}|${requireCap ? 'cap' : 'any'}|${aidProtocol ?? ''}`;
    const cached = cache?.get(key);
    // The cached and shared results are deep-frozen; each caller gets its own top-level object, so setting a
    // field on it (or editing anything inside, which throws) never changes another caller's result.
    if (cached?.ok) return { ...cached.result, fromCache: true };
    if (cached && !cached.ok)
      throw new DiscoveryError({ target: cached.target, trace: cached.trace, fromCache: true });
    try {
      const shared = await flights.run(
        key,
        (signal) => resolveUncached(domainOrUrl, key, requireCap, aidProtocol, signal),
        call.signal,
      );
      return { ...shared };
    } catch (error) {
      if (!(error instanceof DiscoveryError)) throw error;
      throw new DiscoveryError({ target: error.target, trace: error.trace });
    }
  }

  const resolver: Resolver = {
    resolve,
    resolveMany: (domains: Iterable<string>, many?: ResolveManyOptions) =>
      resolveMany(resolver, domains, many),
    clearCache() {
      cache?.clear();
    },
    close() {
      closing ??= Promise.all([ownsHttp ? http.close() : undefined, ownDns?.close()]).then(() => undefined);
      return closing;
    },
  };
  return resolver;
}

function isLasting(trace: readonly TraceEntry[]): boolean {
  return trace.every((entry) => !TRANSIENT_OUTCOMES.has(entry.outcome));
}

function toResult(hit: RunHit, trace: TraceEntry[], ttl: number): ResolveResult {
  const { parsed, http } = hit;
  const provenance: ResolveResult['provenance'] = {
    mechanism: hit.mechanism,
    source: http.finalUrl,
    url: http.url,
    redirects: http.redirects,
    fetchedAt: http.fetchedAt,
    status: http.status,
    sha256: http.sha256,
    ttl,
  };
  if (hit.pointer !== undefined) provenance.pointer = hit.pointer;
  if (hit.aid !== undefined) provenance.aid = hit.aid;
  return {
    profile: parsed.profile,
    card: parsed.card,
    format: parsed.format,
    version: parsed.version,
    warnings: parsed.warnings,
    trace,
    provenance,
    ttl,
    fromCache: false,
  };
}
