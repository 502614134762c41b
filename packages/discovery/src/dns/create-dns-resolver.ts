import { performance } from 'node:perf_hooks';
import { checkOptions, is, MAX_TIMER_MS } from '@agentweb/core';
import { createHttpClient, HTTP_CLIENT_RULE, type HttpClient } from '@agentweb/http';
import { SingleFlight } from '../common/single-flight.js';
import { selectCapRecord } from './cap-txt.js';
import { DnsConfigError, isDnsExchangeError } from './dns-errors.js';
import { checkDnsName, normalizeDnsName } from './dns-name.js';
import type { DnsLookupOptions, DnsResolver, DnsResolverOptions } from './dns-resolver-options.js';
import type { CapTxtResult, TtlSource, TxtLookupResult } from './dns-types.js';
import { createDohTransport } from './doh-transport.js';
import { createNodeTransport } from './node-transport.js';
import { readSystemServers } from './resolv-conf.js';
import { type DnsServerAddress, formatServerAddress, parseServerAddress } from './server-address.js';
import type { DnsTransport, TransportResult } from './transport.js';
import { clampTtl } from './ttl.js';
import { type CachedLookup, TxtCache } from './txt-cache.js';
import { createWireTransport } from './wire-transport.js';

/** Thrown into transports when the whole-lookup deadline passes. */
const lookupTimeout = Symbol('lookup-timeout');

interface CacheSettings {
  enabled: boolean;
  maxEntries: number;
  minTtl: number;
  maxTtl: number;
  negativeTtl: number;
  defaultTtl: number;
}

function positiveNumber(value: number | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new DnsConfigError(`${what} must be a non-negative number, got ${value}`);
  return value;
}

function cacheSettings(cache: DnsResolverOptions['cache']): CacheSettings {
  const options = typeof cache === 'object' ? cache : {};
  const settings = {
    enabled: cache !== false,
    maxEntries: positiveNumber(options.maxEntries, 1000, 'cache.maxEntries'),
    minTtl: positiveNumber(options.minTtl, 0, 'cache.minTtl'),
    maxTtl: positiveNumber(options.maxTtl, 3600, 'cache.maxTtl'),
    negativeTtl: positiveNumber(options.negativeTtl, 30, 'cache.negativeTtl'),
    defaultTtl: positiveNumber(options.defaultTtl, 60, 'cache.defaultTtl'),
  };
  if (settings.minTtl > settings.maxTtl) throw new DnsConfigError('cache.minTtl is larger than cache.maxTtl');
  return settings;
}

function createTransport(options: DnsResolverOptions, http: () => HttpClient): DnsTransport {
  const transport = options.transport ?? 'udp';
  const maxResponseBytes = positiveNumber(options.maxResponseBytes, 65_535, 'maxResponseBytes');
  const maxRecords = positiveNumber(options.maxRecords, 256, 'maxRecords');
  const configured = options.servers?.map(parseServerAddress);
  if (configured !== undefined && configured.length === 0)
    throw new DnsConfigError('servers is an empty list');
  if (transport === 'doh') {
    if (options.dohUrl === undefined) throw new DnsConfigError('the doh transport needs dohUrl');
    if (!URL.canParse(String(options.dohUrl)))
      throw new DnsConfigError(`dohUrl "${options.dohUrl}" is not a URL`);
    return createDohTransport({
      url: new URL(String(options.dohUrl)),
      method: options.dohMethod ?? 'GET',
      http,
      maxResponseBytes,
      maxRecords,
    });
  }
  if (transport === 'node') {
    return createNodeTransport({ servers: (configured ?? []).map(formatServerAddress) });
  }
  if (transport !== 'udp') throw new DnsConfigError(`unknown DNS transport "${String(transport)}"`);
  let system: Promise<DnsServerAddress[]> | undefined;
  return createWireTransport({
    servers: () => {
      if (configured !== undefined) return Promise.resolve(configured);
      system ??= readSystemServers(options.resolvConfPath);
      return system;
    },
    ednsUdpPayloadSize: positiveNumber(options.ednsUdpPayloadSize, 1232, 'ednsUdpPayloadSize'),
    maxResponseBytes,
    maxRecords,
  });
}

/**
 * Creates a TXT resolver with a bounded TTL cache and single-flight per name. Outcomes are never thrown:
 * NXDOMAIN, SERVFAIL, a timeout or a hostile answer come back as a result with `outcome` and `error`. Only an
 * aborted `signal` rejects (with its reason). Throws `DnsConfigError` for unusable options.
 */
export function createDnsResolver(options: DnsResolverOptions = {}): DnsResolver {
  // Types first (InvalidOptionError); values such as a malformed server address are DnsConfigError below.
  checkOptions('createDnsResolver', options, {
    servers: is.arrayOf(is.string),
    resolvConfPath: is.nonEmptyString,
    dohUrl: is.urlLike,
    dohMethod: is.oneOf('GET', 'POST'),
    http: HTTP_CLIENT_RULE,
    cache: { ...is.anyOf(is.boolean, is.object), expected: 'a boolean or cache options' },
    now: is.function,
  });
  const timeoutMs = positiveNumber(options.timeoutMs, 3000, 'timeoutMs');
  // A deadline of 0 would time every lookup out before it is sent; past 2^31-1 ms setTimeout fires at once.
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS))
    throw new DnsConfigError(`timeoutMs must be > 0 and at most ${MAX_TIMER_MS}, got ${timeoutMs}`);
  const settings = cacheSettings(options.cache);
  const cache = new TxtCache(settings.maxEntries, options.now ?? Date.now);
  const flights = new SingleFlight<CachedLookup & { ttl?: number }>();
  let ownHttp: HttpClient | undefined;
  const http = (): HttpClient => {
    if (options.http !== undefined) return options.http;
    ownHttp ??= createHttpClient({ retry: false, cache: false });
    return ownHttp;
  };
  const transport = createTransport(options, http);

  /** Turns a transport result into what is cached and reported: the TTL clamped, its source named. */
  function settle(result: TransportResult): { lookup: CachedLookup; ttl?: number } {
    const { outcome, records, transport: wire } = result;
    const base: CachedLookup = { name: '', outcome, records, transport: wire };
    if (result.error !== undefined) base.error = result.error;
    let ttl: number;
    let source: TtlSource;
    if (outcome === 'answer') {
      [ttl, source] = result.ttl === undefined ? [settings.defaultTtl, 'default'] : [result.ttl, 'answer'];
    } else if (outcome === 'nxdomain' || outcome === 'nodata') {
      [ttl, source] = result.ttl === undefined ? [settings.negativeTtl, 'default'] : [result.ttl, 'soa'];
    } else {
      return { lookup: base };
    }
    base.ttlSource = source;
    return { lookup: base, ttl: clampTtl(ttl, settings.minTtl, settings.maxTtl) };
  }

  async function run(key: string, callers: AbortSignal): Promise<CachedLookup & { ttl?: number }> {
    const deadline = performance.now() + timeoutMs;
    // Its own controller, so the deadline can be told apart from every caller having left.
    const controller = new AbortController();
    const leave = (): void => controller.abort(callers.reason);
    callers.addEventListener('abort', leave, { once: true });
    const timer = setTimeout(() => controller.abort(lookupTimeout), timeoutMs);
    let settled: { lookup: CachedLookup; ttl?: number };
    try {
      settled = settle(await transport.exchange(key, { signal: controller.signal, deadline }));
    } catch (error) {
      const lookup: CachedLookup = { name: key, outcome: 'error', records: [], transport: transport.name };
      if (controller.signal.reason === lookupTimeout) {
        lookup.outcome = 'timeout';
        lookup.error = `no answer within the ${timeoutMs} ms deadline`;
      } else if (isDnsExchangeError(error)) {
        lookup.outcome = error.outcome;
        lookup.error = error.message;
      } else {
        lookup.error = controller.signal.aborted
          ? 'every caller aborted the lookup'
          : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
      }
      return lookup;
    } finally {
      clearTimeout(timer);
      callers.removeEventListener('abort', leave);
    }
    settled.lookup.name = key;
    // A lookup whose callers all left is not cached: its answer may have been cut short.
    if (settings.enabled && settled.ttl !== undefined && !controller.signal.aborted) {
      cache.set(key, settled.lookup, settled.ttl);
    }
    return settled.ttl === undefined ? settled.lookup : { ...settled.lookup, ttl: settled.ttl };
  }

  async function resolveTxt(name: string, call: DnsLookupOptions = {}): Promise<TxtLookupResult> {
    const started = performance.now();
    call.signal?.throwIfAborted();
    const key = normalizeDnsName(name);
    const problem = checkDnsName(key);
    if (problem !== undefined) {
      return {
        name,
        outcome: 'error',
        records: [],
        fromCache: false,
        elapsedMs: 0,
        transport: transport.name,
        error: problem,
      };
    }
    const hit = settings.enabled ? cache.get(key) : undefined;
    if (hit !== undefined) {
      return {
        ...hit.lookup,
        records: [...hit.lookup.records],
        ttl: hit.ttl,
        fromCache: true,
        elapsedMs: performance.now() - started,
      };
    }
    // Nobody waiting any more stops the query, and the next caller starts a fresh one.
    const lookup = await flights.run(key, (callers) => run(key, callers), call.signal);
    return {
      ...lookup,
      records: [...lookup.records],
      fromCache: false,
      elapsedMs: performance.now() - started,
    };
  }

  async function resolveCapTxt(domain: string, call: DnsLookupOptions = {}): Promise<CapTxtResult> {
    const bare = normalizeDnsName(domain.trim());
    if (bare.length === 0 || /[/:@?#\s]/.test(bare)) {
      return {
        name: `_cap.${domain}`,
        outcome: 'error',
        records: [],
        fromCache: false,
        elapsedMs: 0,
        transport: transport.name,
        error: `"${domain}" is not a domain name (pass the host, not a URL)`,
        rejected: [],
      };
    }
    const result = await resolveTxt(`_cap.${bare}`, call);
    return { ...result, ...selectCapRecord(result.records) };
  }

  return {
    resolveTxt,
    resolveCapTxt,
    clearCache: () => cache.clear(),
    async close() {
      await ownHttp?.close();
      ownHttp = undefined;
    },
  };
}
