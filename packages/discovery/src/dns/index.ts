export { type CapRecordSelection, capRecordProblem, selectCapRecord } from './cap-txt.js';
export { createDnsResolver } from './create-dns-resolver.js';
export { DnsConfigError, isDnsConfigError } from './dns-errors.js';
export type {
  DnsCacheOptions,
  DnsLookupOptions,
  DnsResolver,
  DnsResolverOptions,
  DnsTransportChoice,
} from './dns-resolver-options.js';
export type {
  CapTxtResult,
  DnsOutcome,
  DnsTransportName,
  TtlSource,
  TxtLookupResult,
  TxtResolver,
} from './dns-types.js';
export { parseResolvConf } from './resolv-conf.js';
export { type DnsServerAddress, parseServerAddress } from './server-address.js';
