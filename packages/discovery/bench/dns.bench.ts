import { Resolver } from 'node:dns/promises';
import { startSandboxProcess } from '@agentweb/sandbox';
import { afterAll, bench, describe } from 'vitest';
import { createDnsResolver } from '../src/dns/index.js';

// The sandbox's DNS server in a child process for the whole file, so `pnpm bench` needs no system package and the
// server does not share the client's event loop. Every entry asks the same server: the ratios compare clients.
const sandbox = await startSandboxProcess({ merchants: 1, agis: false });
const domain = sandbox.merchants[0]?.domain ?? 'shop-0.sandbox.test';
const name = `_cap.${domain}`;
const address = `${sandbox.dns.host}:${sandbox.dns.port}`;

const native = new Resolver({ timeout: 2000, tries: 1 });
native.setServers([address]);

const cached = createDnsResolver({ servers: [address] });
await cached.resolveCapTxt(domain);
const uncachedUdp = createDnsResolver({ servers: [address], cache: false });
const uncachedNode = createDnsResolver({ transport: 'node', servers: [address], cache: false });

afterAll(async () => {
  await sandbox.close();
});

describe('_cap TXT lookup against a DNS server on loopback', () => {
  bench('baseline: node:dns resolveTxt', async () => {
    await native.resolveTxt(name);
  });
  bench('resolver.resolveCapTxt (cached answer)', async () => {
    await cached.resolveCapTxt(domain);
  });
  bench('resolver.resolveTxt udp (uncached)', async () => {
    await uncachedUdp.resolveTxt(name);
  });
  bench('resolver.resolveTxt node transport (uncached)', async () => {
    await uncachedNode.resolveTxt(name);
  });
});
