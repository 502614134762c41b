import type { Sandbox } from '@agentweb/sandbox';
import type { AgentWebOptions } from 'agentweb';
import { type Printer, traceRow } from './print.js';
import { sandboxClient } from './sandbox-client.js';

/** One merchant found by one mechanism. */
export interface DiscoveredMerchant {
  /** The mechanism the run was limited to. */
  mechanism: 'dns-txt' | 'link-tag' | 'well-known';
  /** What was asked for. */
  target: string;
  /** The card URL found. */
  cardUrl: string;
  /** The agent's id. */
  agentId: string;
  /** The A2A binding its card prefers (`JSONRPC`, `HTTP+JSON`, `GRPC`) and that endpoint's URL. */
  binding: { name: string; url: string };
  /** The trace, one row per step. */
  trace: string[];
}

type Mechanisms = NonNullable<NonNullable<AgentWebOptions['discovery']>['mechanisms']>;

/**
 * Finds three merchants, each with discovery limited to one mechanism, so every trace shows that mechanism at
 * work. A normal client tries all of them in CAP's order and stops at the first card.
 */
export async function discoverStep(
  sandbox: Sandbox,
  print: Printer,
  signal?: AbortSignal,
): Promise<DiscoveredMerchant[]> {
  const [a, b, c] = sandbox.merchants;
  if (a === undefined || b === undefined || c === undefined)
    throw new Error('the demo needs three merchants');
  const plan: { mechanism: DiscoveredMerchant['mechanism']; mechanisms: Mechanisms; target: string }[] = [
    { mechanism: 'dns-txt', mechanisms: ['dns-txt'], target: a.domain },
    { mechanism: 'link-tag', mechanisms: ['link-tag'], target: `${b.baseUrl}/` },
    { mechanism: 'well-known', mechanisms: ['agent-card', 'agent-json'], target: new URL(c.baseUrl).host },
  ];

  const found: DiscoveredMerchant[] = [];
  for (const item of plan) {
    const { aw, close } = sandboxClient(sandbox, {
      discovery: { mechanisms: item.mechanisms, defaultScheme: 'http' },
    });
    try {
      const result = await aw.discover(item.target, { requireCap: true, ...(signal ? { signal } : {}) });
      const trace = result.trace.map(traceRow);
      const endpoint = result.profile.endpoints[0];
      const binding = { name: endpoint?.binding ?? '?', url: endpoint?.url ?? '' };
      print.line(
        `${item.mechanism}: ${item.target} -> ${result.profile.name} (A2A ${binding.name} at ${binding.url})`,
      );
      for (const row of trace) print.line(`  ${row}`);
      found.push({
        mechanism: item.mechanism,
        target: item.target,
        cardUrl: result.provenance.source,
        agentId: result.profile.id,
        binding,
        trace,
      });
    } finally {
      await close();
    }
  }
  return found;
}
