import { startDnsServer } from '@agentweb/sandbox';
import { startDnsmasq } from './dnsmasq.js';

/** One TXT record as the suites write it: owner name and character-strings. */
export interface TxtRecordSpec {
  /** Owner name, e.g. `_cap.shop.test`. */
  name: string;
  /** The character-strings of the record (the server splits any longer than 255 bytes). */
  strings: string[];
}

/** The zone `test` a suite asks a server for. */
export interface ZoneSpec {
  /** TXT records; several with one name make an RRset. */
  records: readonly TxtRecordSpec[];
  /** TTL of the records, and of the SOA and its MINIMUM when `soa` is set. */
  ttl: number;
  /** Send the SOA with NXDOMAIN and NODATA (dnsmasq's auth mode); without it, none (its `--local` mode). */
  soa: boolean;
}

/** A DNS server started for a suite. */
export interface TestDnsServer {
  /** `127.0.0.1:<port>` for the resolver's `servers` option. */
  address: string;
  /** Stops it. */
  close(): Promise<void>;
}

/** A DNS server implementation the resolver suite runs against. */
export interface DnsServerUnderTest {
  /** Name in the test titles. */
  name: string;
  /** Starts one server for `zone` on 127.0.0.1. */
  start(zone: ZoneSpec): Promise<TestDnsServer>;
  /**
   * True when an RRset goes out in the order the records were given. dnsmasq reverses it, and RFC 2181 lets a
   * server pick any order, so only a server that keeps it gets the order-exact assertions.
   */
  keepsRrsetOrder: boolean;
}

/** The sandbox's authoritative server (`startDnsServer` of `@agentweb/sandbox`): always available. */
export const sandboxDns: DnsServerUnderTest = {
  name: 'the sandbox DNS server',
  keepsRrsetOrder: true,
  start: ({ records, ttl, soa }) =>
    startDnsServer({
      suffix: 'test',
      ttl,
      soa: soa ? { ttl, minimum: ttl } : false,
      records: records.map(({ name, strings }) => ({ name, type: 'TXT' as const, data: strings })),
    }),
};

/** dnsmasq run from `executable`: `--auth-zone` mode with an SOA, `--local` mode without. */
export function dnsmasqDns(executable: string): DnsServerUnderTest {
  return {
    name: 'dnsmasq',
    keepsRrsetOrder: false,
    start: ({ records, ttl, soa }) => startDnsmasq({ records: [...records], ttl, auth: soa, executable }),
  };
}
