/** How one DNS question ended. Each outcome is distinct in a discovery trace. */
export type DnsOutcome =
  /** NOERROR with at least one record of the asked type. */
  | 'answer'
  /** The name does not exist (RCODE 3). Cached for the RFC 2308 negative TTL. */
  | 'nxdomain'
  /** The name exists but has no record of the asked type. Cached for the RFC 2308 negative TTL. */
  | 'nodata'
  /** The server failed (RCODE 2). Not cached. */
  | 'servfail'
  /** The server refused (RCODE 5). Not cached. */
  | 'refused'
  /** No answer before the deadline. Not cached. */
  | 'timeout'
  /** Anything else: a malformed or mismatched answer, a transport failure. Not cached. */
  | 'error';

/** Where a result's TTL came from. */
export type TtlSource =
  /** The smallest TTL of the answer records. */
  | 'answer'
  /** RFC 2308: min(SOA TTL, SOA MINIMUM) from the authority section of a negative answer. */
  | 'soa'
  /** The transport could not see a TTL (node:dns, or a negative answer without SOA): the configured default. */
  | 'default';

/** Which transport answered. */
export type DnsTransportName = 'udp' | 'tcp' | 'doh' | 'node';

/** The result of one TXT lookup. */
export interface TxtLookupResult {
  /** The name asked, e.g. `_cap.shop.example`. */
  name: string;
  outcome: DnsOutcome;
  /** One string per TXT record, its character-strings joined with no separator (RFC 7208 style). */
  records: string[];
  /** Seconds the answer may be cached: the smallest answer TTL, or the negative TTL from the SOA. */
  ttl?: number;
  /** Where `ttl` came from: the answer records, the SOA of a negative answer, or the configured default. */
  ttlSource?: TtlSource;
  /** True when served from the resolver's cache. */
  fromCache: boolean;
  /** Wall time of the lookup in milliseconds. */
  elapsedMs: number;
  /** The transport that produced the answer. */
  transport: DnsTransportName;
  /** What went wrong, for `servfail`, `refused`, `timeout` and `error`. */
  error?: string;
}

/** A TXT lookup at `_cap.{domain}` with the CAP record rules applied. */
export interface CapTxtResult extends TxtLookupResult {
  /** The AgentCard URL: the first record that is a valid absolute https URL. */
  url?: string;
  /** Records that were not used, each with the reason (key=value form, not https, not a URL, ...). */
  rejected: { record: string; reason: string }[];
}

/** Anything that can answer TXT questions (the built-in resolver, or a test double). */
export interface TxtResolver {
  resolveTxt(name: string, options?: { signal?: AbortSignal }): Promise<TxtLookupResult>;
}
