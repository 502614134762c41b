import { Resolver } from 'node:dns/promises';
import { afterAll, bench, describe } from 'vitest';
import { createDnsResolver } from '../src/dns/index.js';
import { startDnsmasq } from '../test/helpers/dnsmasq.js';

// One dnsmasq on loopback for the whole file, serving a single _cap record with a long TTL.
const server = await startDnsmasq({
  ttl: 3600,
  records: [{ name: '_cap.shop.test', strings: ['https://shop.test/.well-known/agent-card.json'] }],
});
const name = '_cap.shop.test';

const native = new Resolver({ timeout: 2000, tries: 1 });
native.setServers([server.address]);

const cached = createDnsResolver({ servers: [server.address] });
await cached.resolveCapTxt('shop.test');
const uncachedUdp = createDnsResolver({ servers: [server.address], cache: false });
const uncachedNode = createDnsResolver({ transport: 'node', servers: [server.address], cache: false });

afterAll(async () => {
  await server.close();
});

describe('_cap TXT lookup against dnsmasq on loopback', () => {
  bench('baseline: node:dns resolveTxt', async () => {
    await native.resolveTxt(name);
  });
  bench('resolver.resolveCapTxt (cached answer)', async () => {
    await cached.resolveCapTxt('shop.test');
  });
  bench('resolver.resolveTxt udp (uncached)', async () => {
    await uncachedUdp.resolveTxt(name);
  });
  bench('resolver.resolveTxt node transport (uncached)', async () => {
    await uncachedNode.resolveTxt(name);
  });
});
