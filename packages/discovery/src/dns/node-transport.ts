import { Resolver } from 'node:dns/promises';
import { performance } from 'node:perf_hooks';
import { DnsExchangeError } from './dns-errors.js';
import type { DnsOutcome } from './dns-types.js';
import type { DnsTransport, ExchangeContext, TransportResult } from './transport.js';
import { joinTxtStrings } from './txt-strings.js';

/** Options of {@link createNodeTransport}. */
export interface NodeTransportOptions {
  /** `host:port` strings for `Resolver.setServers`; empty uses the system configuration. */
  servers: readonly string[];
}

const OUTCOMES: Record<string, DnsOutcome> = {
  ENOTFOUND: 'nxdomain',
  ENODATA: 'nodata',
  ESERVFAIL: 'servfail',
  EREFUSED: 'refused',
  ETIMEOUT: 'timeout',
};

/**
 * `node:dns` (c-ares) as a fallback. It cannot see TTLs or the SOA of negative answers, so results carry no
 * TTL and the resolver caches them for its configured defaults. c-ares' own `timeout`/`tries` do not bound
 * wall time, so a timer calls `cancel()` at the deadline; each lookup gets its own `Resolver` so that
 * cancelling one never cancels another.
 */
export function createNodeTransport(options: NodeTransportOptions): DnsTransport {
  return {
    name: 'node',
    async exchange(name: string, { signal, deadline }: ExchangeContext): Promise<TransportResult> {
      if (signal.aborted) throw signal.reason;
      const remaining = Math.max(1, Math.ceil(deadline - performance.now()));
      const resolver = new Resolver({ timeout: remaining, tries: 1 });
      if (options.servers.length > 0) resolver.setServers([...options.servers]);
      const onAbort = (): void => resolver.cancel();
      signal.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => resolver.cancel(), remaining);
      try {
        const chunked = await resolver.resolveTxt(name);
        return {
          outcome: 'answer',
          records: chunked.map((chunks) => joinTxtStrings(chunks)),
          transport: 'node',
        };
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const code = (error as { code?: unknown } | null)?.code;
        const message = error instanceof Error ? error.message : String(error);
        if (code === 'ECANCELLED')
          throw new DnsExchangeError('timeout', `node:dns gave no answer in time (${message})`);
        const outcome = typeof code === 'string' ? OUTCOMES[code] : undefined;
        if (outcome === undefined) throw new DnsExchangeError('error', `node:dns failed: ${message}`, error);
        if (outcome === 'answer' || outcome === 'nxdomain' || outcome === 'nodata') {
          return { outcome, records: [], transport: 'node' };
        }
        return { outcome, records: [], error: `node:dns: ${message}`, transport: 'node' };
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}
