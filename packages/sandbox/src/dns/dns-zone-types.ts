/** Fields every record shares. */
interface DnsRecordBase {
  /** Owner name, at or below the zone's `suffix` (e.g. `_cap.shop.test`); any case, trailing dot optional. */
  name: string;
  /** TTL in seconds, 0 to 2^31-1 (default: the zone's `ttl`). Records of one RRset may differ; clients take the smallest. */
  ttl?: number;
}

/** A TXT record. Several with the same name form one RRset, served in the order given. */
export interface DnsTxtRecord extends DnsRecordBase {
  /** Record type. */
  type: 'TXT';
  /**
   * The record's character-strings (one string: a record of one). Each is sent as UTF-8; one longer than 255
   * bytes is split into 255-byte character-strings, as real servers do, so clients must join them.
   */
  data: string | readonly string[];
}

/** An A record. */
export interface DnsARecord extends DnsRecordBase {
  /** Record type. */
  type: 'A';
  /** IPv4 address in dotted-quad form. */
  data: string;
}

/** An AAAA record. */
export interface DnsAaaaRecord extends DnsRecordBase {
  /** Record type. */
  type: 'AAAA';
  /** IPv6 address in any textual form `net.isIPv6` accepts. */
  data: string;
}

/** One resource record a zone serves. */
export type DnsRecord = DnsTxtRecord | DnsARecord | DnsAaaaRecord;

/**
 * The zone's SOA record, which goes into the authority section of NXDOMAIN and NODATA answers (RFC 2308): a
 * resolver caches the negative answer for min(SOA TTL, `minimum`).
 */
export interface DnsSoaOptions {
  /** TTL of the SOA record itself, in seconds (default: the zone's `ttl`). */
  ttl?: number;
  /** The SOA MINIMUM field, the negative-caching TTL, in seconds (default: the zone's `ttl`). */
  minimum?: number;
  /** Primary name server (default `ns.<suffix>`). */
  mname?: string;
  /** Responsible mailbox as a name (default `hostmaster.<suffix>`). */
  rname?: string;
  /** Zone serial (default 1). */
  serial?: number;
  /** Refresh interval in seconds (default 3600). */
  refresh?: number;
  /** Retry interval in seconds (default 600). */
  retry?: number;
  /** Expire interval in seconds (default 86400). */
  expire?: number;
}

/** What an authoritative DNS server serves: one zone and its records. */
export interface DnsZone {
  /**
   * The zone apex (e.g. `sandbox.test` or `test`). Names at or below it are answered from the records
   * (NXDOMAIN when absent, NODATA when the name exists without the asked type); names outside get REFUSED.
   */
  suffix: string;
  /** The records (TXT, A, AAAA). A name with no records but records below it (`shop.test` under `_cap.shop.test`) exists. */
  records?: readonly DnsRecord[];
  /**
   * The sandbox's shorthand, added to `records`: for each entry, TXT `_cap.<domain>` = the value (the card URL)
   * and an A (or AAAA) record `<domain>` = `address`; the apex gets that address too. Keys in lower case.
   */
  capTxt?: ReadonlyMap<string, string>;
  /** Address of the `capTxt` domains and the apex: A for IPv4, AAAA for IPv6 (default `127.0.0.1`). */
  address?: string;
  /** Default TTL of records, in seconds (default 60). */
  ttl?: number;
  /**
   * The SOA sent with NXDOMAIN and NODATA. `false` sends none (as dnsmasq does in `--local` mode), so resolvers
   * fall back to their own negative TTL. Default: an SOA whose TTL and MINIMUM are `ttl`.
   */
  soa?: false | DnsSoaOptions;
}
