import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A DNS resolver option is unusable (a malformed server address, a DoH URL that is not a URL, ...). */
export class DnsConfigError extends AgentWebError {
  constructor(message: string, cause?: unknown) {
    super({ code: 'DNS_CONFIG_INVALID', message, cause });
    this.name = 'DnsConfigError';
  }
}

/** True when `error` is a {@link DnsConfigError} from any copy of the package. */
export const isDnsConfigError = createErrorGuard<DnsConfigError>('DnsConfigError');

/**
 * Internal failure of one exchange with one server. It never leaves the resolver: the resolver turns it
 * into a `TxtLookupResult` with the matching outcome and this message as `error`.
 */
export class DnsExchangeError extends AgentWebError {
  /** The outcome the failure stands for. */
  readonly outcome: 'timeout' | 'error';

  constructor(outcome: 'timeout' | 'error', message: string, cause?: unknown) {
    super({ code: outcome === 'timeout' ? 'DNS_TIMEOUT' : 'DNS_EXCHANGE_FAILED', message, cause });
    this.name = 'DnsExchangeError';
    this.outcome = outcome;
  }
}

/** True when `error` is a {@link DnsExchangeError} from any copy of the package. */
export const isDnsExchangeError = createErrorGuard<DnsExchangeError>('DnsExchangeError');
