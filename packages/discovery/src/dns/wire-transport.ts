import { performance } from 'node:perf_hooks';
import { DnsExchangeError, isDnsExchangeError } from './dns-errors.js';
import { encodeTxtQuery, interpretResponse, randomQueryId, unrelatedResponseReason } from './dns-message.js';
import type { DnsServerAddress } from './server-address.js';
import { formatServerAddress } from './server-address.js';
import { tcpExchange } from './tcp-exchange.js';
import {
  type DnsTransport,
  type ExchangeContext,
  type TransportResult,
  throwIfAborted,
} from './transport.js';
import { udpExchange } from './udp-exchange.js';

/** Options of {@link createWireTransport}. */
export interface WireTransportOptions {
  /** The servers, tried in order; a promise so `/etc/resolv.conf` is read once, on first use. */
  servers: () => Promise<readonly DnsServerAddress[]>;
  /** EDNS(0) UDP payload size advertised (0: none). */
  ednsUdpPayloadSize: number;
  /** Largest TCP response accepted, in bytes. */
  maxResponseBytes: number;
  /** Most records accepted in one response. */
  maxRecords: number;
}

const attemptTimeout = Symbol('attempt-timeout');

/** Datagrams a UDP exchange dropped because they were not the reply (kept for the timeout message). */
class IgnoredDatagrams {
  count = 0;
  private readonly reasons: string[] = [];

  add(reason: string): void {
    this.count += 1;
    // A flood must not grow the message: the first few reasons say enough.
    if (this.reasons.length < 3) this.reasons.push(reason);
  }

  describe(): string {
    if (this.count === 0) return '';
    const more = this.count > this.reasons.length ? '; ...' : '';
    return ` (ignored ${this.count} datagram${this.count === 1 ? '' : 's'} that did not match the query: ${this.reasons.join('; ')}${more})`;
  }
}

/**
 * One server: UDP, then TCP to the same server if the UDP answer came back truncated. Over UDP, datagrams
 * with another ID or question are ignored (anyone can send them); a TCP connection carries exactly one
 * answer from the server we connected to, so there any mismatch is an error.
 */
async function askServer(
  server: DnsServerAddress,
  name: string,
  signal: AbortSignal,
  options: WireTransportOptions,
  ignored: IgnoredDatagrams,
): Promise<TransportResult> {
  const id = randomQueryId();
  const query = encodeTxtQuery(name, { id, ednsUdpPayloadSize: options.ednsUdpPayloadSize });
  const expectation = { id, name, maxRecords: options.maxRecords };
  const datagram = await udpExchange(
    server,
    query,
    signal,
    (bytes) => unrelatedResponseReason(bytes, expectation),
    (reason) => ignored.add(reason),
  );
  const udp = interpretResponse(datagram, expectation);
  if (!udp.truncated) return { ...udp, transport: 'udp' };
  const tcp = interpretResponse(
    await tcpExchange(server, query, signal, options.maxResponseBytes),
    expectation,
  );
  if (tcp.truncated) {
    return {
      outcome: 'error',
      records: [],
      error: 'the answer was truncated over TCP too',
      transport: 'tcp',
    };
  }
  return { ...tcp, transport: 'tcp' };
}

/**
 * UDP with TCP retry on truncation, built on dns-packet. Servers are tried in order within the one lookup
 * deadline: each gets an equal share of the time left, and the next one is asked after a timeout, a
 * transport error, SERVFAIL, REFUSED or a bad answer. NXDOMAIN and NODATA are final. A UDP datagram that is
 * not the reply (another ID or question) neither ends the wait nor moves on to the next server.
 */
export function createWireTransport(options: WireTransportOptions): DnsTransport {
  return {
    name: 'udp',
    async exchange(name: string, { signal, deadline }: ExchangeContext): Promise<TransportResult> {
      const servers = await options.servers();
      const problems: string[] = [];
      let last: TransportResult | undefined;
      for (const [index, server] of servers.entries()) {
        throwIfAborted(signal);
        // The last server's share ends just before the lookup deadline, so its own timeout (which can name the
        // datagrams it ignored) is reported rather than the resolver's bare "no answer within the deadline".
        const margin = index === servers.length - 1 ? 2 : 0;
        const share = Math.max(1, (deadline - performance.now()) / (servers.length - index) - margin);
        const attempt = new AbortController();
        const timer = setTimeout(() => attempt.abort(attemptTimeout), share);
        const onAbort = (): void => attempt.abort(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        const where = formatServerAddress(server);
        const ignored = new IgnoredDatagrams();
        try {
          last = await askServer(server, name, attempt.signal, options, ignored);
        } catch (error) {
          throwIfAborted(signal);
          if (error === attemptTimeout) {
            last = {
              outcome: 'timeout',
              records: [],
              error: `${where} did not answer in time${ignored.describe()}`,
              transport: 'udp',
            };
          } else if (isDnsExchangeError(error)) {
            last = { outcome: error.outcome, records: [], error: error.message, transport: 'udp' };
          } else {
            throw error;
          }
        } finally {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
        }
        if (last.outcome === 'answer' || last.outcome === 'nxdomain' || last.outcome === 'nodata')
          return last;
        problems.push(`${where}: ${last.error ?? last.outcome}`);
      }
      if (last === undefined) throw new DnsExchangeError('error', 'no DNS servers are configured');
      return { ...last, error: problems.join('; ') };
    },
  };
}
