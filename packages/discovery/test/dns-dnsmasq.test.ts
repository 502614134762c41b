import { describe } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { describeAidSuite } from './helpers/aid-dns-suite.js';
import { describeResolverSuite } from './helpers/dns-resolver-suite.js';
import { dnsmasqDns } from './helpers/dns-servers-under-test.js';

// Interoperability: the resolver suite of dns-resolver.test.ts against dnsmasq, a DNS server nobody here wrote.
// It runs where dnsmasq is on PATH; elsewhere the test output says so in one line (test/interop-suites.json).
const dnsmasq = interopSuite(import.meta.url);

describe.runIf(dnsmasq.available)('interop: dnsmasq', () => {
  describeResolverSuite(dnsmasqDns(dnsmasq.executable ?? 'dnsmasq'));
  describeAidSuite(dnsmasqDns(dnsmasq.executable ?? 'dnsmasq'));
});
