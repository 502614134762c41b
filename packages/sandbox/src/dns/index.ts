export {
  type DnsServerOptions,
  type DnsServerStats,
  listenDns,
  MAX_DNS_QUERY_BYTES,
  type RunningDnsServer,
  startDnsServer,
} from './dns-server.js';
export type {
  DnsAaaaRecord,
  DnsARecord,
  DnsRecord,
  DnsSoaOptions,
  DnsTxtRecord,
  DnsZone,
} from './dns-zone-types.js';
export { handleDoh } from './doh-handler.js';
export { answerQuery } from './responder.js';
export { compileZone, type ZoneTable } from './zone-table.js';
