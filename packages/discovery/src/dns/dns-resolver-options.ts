import type { HttpClient } from '@agentweb/http';
import type { CapTxtResult, TxtLookupResult, TxtResolver } from './dns-types.js';

/** Which transport a resolver uses. */
export type DnsTransportChoice = 'udp' | 'doh' | 'node';

/** Cache settings of a DNS resolver. TTLs are in seconds. */
export interface DnsCacheOptions {
  /** Most names kept (least recently used are dropped first). Default 1000. */
  maxEntries?: number;
  /** Floor applied to every cacheable TTL, positive and negative. Default 0 (never cache longer than told). */
  minTtl?: number;
  /** Ceiling applied to every cacheable TTL, positive and negative. Default 3600. */
  maxTtl?: number;
  /** Lifetime of NXDOMAIN/NODATA answers that came without an SOA (and of all negative node:dns answers). Default 30. */
  negativeTtl?: number;
  /** Lifetime of positive answers from the `node` transport, which cannot see TTLs. Default 60. */
  defaultTtl?: number;
}

/** Options of `createDnsResolver`. Every field is optional. */
export interface DnsResolverOptions {
  /**
   * `udp` (default): dns-packet over UDP with TCP retry on truncation; `doh`: RFC 8484 DNS-over-HTTPS;
   * `node`: `node:dns` (no TTLs: cached for `cache.defaultTtl` / `cache.negativeTtl`).
   */
  transport?: DnsTransportChoice;
  /**
   * Nameservers as IP literals with an optional port (`'127.0.0.1:5353'`, `'[::1]:53'`), tried in order, for
   * `udp` and `node`. Default: the `nameserver` lines of `/etc/resolv.conf`.
   */
  servers?: readonly string[];
  /** Where the system's nameservers are read from when `servers` is not given. Default `/etc/resolv.conf`. */
  resolvConfPath?: string;
  /** The DoH endpoint for the `doh` transport (required then), e.g. `https://dns.example/dns-query`. */
  dohUrl?: string | URL;
  /** DoH request method: `GET` (default; `?dns=` base64url, ID 0) or `POST` (`application/dns-message`). */
  dohMethod?: 'GET' | 'POST';
  /**
   * The `@agentweb/http` client for DoH. Default: one created on first use with its secure defaults (https
   * only, public addresses only), closed by `close()`.
   */
  http?: HttpClient;
  /** Deadline of a whole lookup in ms, across all servers and the TCP retry. Default 3000. */
  timeoutMs?: number;
  /** Cache settings, or `false` to ask every time. Default: on, with the defaults of {@link DnsCacheOptions}. */
  cache?: boolean | DnsCacheOptions;
  /** EDNS(0) UDP payload size advertised over UDP; 0 sends no OPT record (512-byte answers). Default 1232. */
  ednsUdpPayloadSize?: number;
  /** Largest response accepted over TCP or DoH, in bytes. Default 65 535. */
  maxResponseBytes?: number;
  /** Most resource records accepted in one response; more is an `error` outcome. Default 256. */
  maxRecords?: number;
  /** Clock in ms for cache expiry (default `Date.now`); inject one to test TTLs without waiting. */
  now?: () => number;
}

/** Per-call options. */
export interface DnsLookupOptions {
  /** Aborts this call: it then rejects with `signal.reason`; other callers sharing the query are unaffected. */
  signal?: AbortSignal;
}

/** The resolver returned by `createDnsResolver`. */
export interface DnsResolver extends TxtResolver {
  /** Looks up TXT records of `name` (cache, then a shared in-flight query, then the transport). Never rejects except on abort. */
  resolveTxt(name: string, options?: DnsLookupOptions): Promise<TxtLookupResult>;
  /** Looks up `_cap.{domain}` and applies the CAP record rules. Never rejects except on abort. */
  resolveCapTxt(domain: string, options?: DnsLookupOptions): Promise<CapTxtResult>;
  /** Forgets every cached answer. */
  clearCache(): void;
  /** Closes the HTTP client the resolver created for DoH (a client passed in is left open). */
  close(): Promise<void>;
}
