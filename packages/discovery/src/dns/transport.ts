import type { ExchangeResult } from './dns-message.js';
import type { DnsTransportName } from './dns-types.js';

/** What a transport gets for one question. */
export interface ExchangeContext {
  /** Aborted at the lookup deadline or when every caller gave up; transports stop at once. */
  signal: AbortSignal;
  /** The lookup deadline as a `performance.now()` value, to share time between servers. */
  deadline: number;
}

/** The answer of a transport, naming the wire that produced it (`udp` may report `tcp` after truncation). */
export interface TransportResult extends ExchangeResult {
  /** The wire that produced the answer. */
  transport: DnsTransportName;
}

/** One way of asking TXT questions. */
export interface DnsTransport {
  /** Reported on results that fail before any wire was used. */
  readonly name: DnsTransportName;
  /**
   * Asks `name` IN TXT. Rejects with `signal.reason` when the signal aborts, with a `DnsExchangeError` for
   * transport failures; DNS-level failures (SERVFAIL, a mismatched answer) resolve with their outcome.
   */
  exchange(name: string, context: ExchangeContext): Promise<TransportResult>;
}

/** Rejects with `signal.reason` if the signal is already aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason;
}
