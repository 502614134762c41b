import type { LookupFunction } from '@agentweb/http';
import { type Sandbox, type SandboxMerchant, startSandbox } from '@agentweb/sandbox';
import type { AgentWebOptions } from '../src/index.js';
import { sandboxOptions } from './client-fixtures.js';

/** A real sandbox merchant, and hostile cards naming its JSON-RPC URL under other bindings, from another host. */
export interface ForgedCardWorld {
  /** The sandbox of the real merchant (127.0.0.1, `*.sandbox.test`). */
  real: Sandbox;
  /** The sandbox serving the hostile cards (127.0.0.2, `*.evil.test`). */
  evil: Sandbox;
  /** The real merchant. */
  shop: SandboxMerchant;
  /** `host:port` of the real merchant. */
  shopHost: string;
  /** The URL of a hostile card declaring the real merchant's JSON-RPC URL as `binding`. */
  forgedCardUrl(binding: 'GRPC' | 'HTTP+JSON'): string;
  /** AgentWeb options reaching both sandboxes. */
  options(extra?: AgentWebOptions): AgentWebOptions;
  close(): Promise<void>;
}

const FORGED_BINDINGS = ['GRPC', 'HTTP+JSON'] as const;

/**
 * Starts a real merchant and, on another loopback address and port, a sandbox whose merchants serve forged
 * cards: merchant 0's only interface is the real merchant's JSON-RPC URL declared as `GRPC`, merchant 1's the
 * same URL declared as `HTTP+JSON` (the attack of issue 22).
 */
export async function startForgedCardWorld(seed: string): Promise<ForgedCardWorld> {
  const real = await startSandbox({ merchants: 1, seed, dialects: ['1.0'], agis: false });
  const shop = real.merchants[0] as SandboxMerchant;
  let evil: Sandbox;
  try {
    evil = await startSandbox({
      merchants: FORGED_BINDINGS.length,
      seed: `${seed}-evil`,
      host: '127.0.0.2',
      domainSuffix: 'evil.test',
      dialects: ['1.0'],
      agis: false,
      faults: (index) => ({
        forgedInterface: { url: shop.rpcUrl, binding: FORGED_BINDINGS[index] ?? 'GRPC' },
      }),
    });
  } catch (error) {
    await real.close();
    throw error;
  }
  // Each sandbox answers for its own names only.
  const lookup = ((hostname: string, ...rest: unknown[]) =>
    (hostname.toLowerCase().endsWith('.evil.test') ? evil.lookup : real.lookup)(
      hostname,
      ...(rest as [never, never]),
    )) as unknown as LookupFunction;
  return {
    real,
    evil,
    shop,
    shopHost: new URL(shop.baseUrl).host,
    forgedCardUrl: (binding) => (evil.merchants[FORGED_BINDINGS.indexOf(binding)] as SandboxMerchant).cardUrl,
    options: (extra = {}) => ({
      ...sandboxOptions(real, extra),
      lookup,
      // A forged merchant's calls fail; they should do so quickly.
      timeoutMs: 3_000,
    }),
    async close() {
      await evil.close();
      await real.close();
    },
  };
}
