import { Resolver } from 'node:dns/promises';
import { startSandboxProcess } from '@agentweb/sandbox';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
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

benchGroup('_cap TXT lookup against a DNS server on loopback', [
  {
    name: 'baseline: node:dns resolveTxt',
    fn: async () => {
      await native.resolveTxt(name);
    },
  },
  {
    name: 'resolver.resolveCapTxt (cached answer)',
    fn: async () => {
      await cached.resolveCapTxt(domain);
    },
  },
  {
    name: 'resolver.resolveTxt udp (uncached)',
    fn: async () => {
      await uncachedUdp.resolveTxt(name);
    },
  },
  {
    name: 'resolver.resolveTxt node transport (uncached)',
    fn: async () => {
      await uncachedNode.resolveTxt(name);
    },
  },
]);
