import { createDnsResolver } from '@agentweb/discovery';
import type { Sandbox } from '@agentweb/sandbox';
import { AgentWeb, type AgentWebOptions } from 'agentweb';

/** A client wired to the sandbox, and what must be closed with it. */
export interface SandboxClient {
  aw: AgentWeb;
  close(): Promise<void>;
}

/**
 * An AgentWeb client for the sandbox: its lookup (names map to 127.0.0.1), its DNS server for `_cap` records,
 * and plain http on loopback, which the defaults refuse. `extra` narrows discovery for the per-mechanism step.
 */
export function sandboxClient(sandbox: Sandbox, extra: AgentWebOptions = {}): SandboxClient {
  const dns = createDnsResolver({ servers: [`${sandbox.dns.host}:${sandbox.dns.port}`] });
  const aw = new AgentWeb({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    dns,
    // Sandbox carts accept any bearer token.
    credentials: () => ({ type: 'bearer', token: 'demo-user' }),
    ...extra,
  });
  return {
    aw,
    async close() {
      await aw.close();
      await dns.close();
    },
  };
}
