import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { type DiscoveredMerchant, discoverStep } from './discover-step.js';
import { type IntentReport, intentStep } from './intent-step.js';
import { createPrinter } from './print.js';
import { sandboxClient } from './sandbox-client.js';
import {
  type CartReport,
  cartStep,
  type ProductReport,
  productStep,
  type SearchReport,
  searchStep,
} from './shop-steps.js';
import { type UcpCheckoutReport, ucpCheckoutStep } from './ucp-step.js';

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** Where the walkthrough is written (default `process.stdout`). */
  out?: NodeJS.WritableStream;
  /**
   * A running sandbox (default: the embedded one is started with four merchants on JSON-RPC, HTTP+JSON, gRPC and
   * JSON-RPC, the last one faulty, and closed at the end). A sandbox passed in needs at least three merchants and
   * its AGIS services.
   */
  sandbox?: Sandbox;
  /** What to search for (default `'jacket'`). */
  query?: string;
  /** Deadline of the fan-out search in ms (default 1 500); the faulty merchant never answers within it. */
  searchDeadlineMs?: number;
  /** The instruction routed to an AGIS endpoint. */
  instruction?: string;
  /** Aborts every network call. */
  signal?: AbortSignal;
}

/** What each step did, for callers (and the test) to check. */
export interface DemoReport {
  discovered: DiscoveredMerchant[];
  merchants: string[];
  faultyMerchant: string | undefined;
  search: Omit<SearchReport, 'result'>;
  product: ProductReport;
  cart: CartReport;
  intent: IntentReport;
  checkout: UcpCheckoutReport;
}

const PLATFORM_PROFILE = 'https://platform.agentweb.test/.well-known/ucp';

/** Index of the merchant the embedded demo sandbox breaks: its A2A endpoint never answers. */
const FAULTY = 3;

/**
 * The whole AgentWeb job against the embedded sandbox: discovery by each mechanism, a fan-out search with one
 * faulty merchant, a product page resolved to `productGet`, a cart, and an intent routed to an AGIS endpoint
 * and invoked after confirmation. Everything is closed before it returns or throws.
 */
export async function runDemo(options: DemoOptions = {}): Promise<DemoReport> {
  const print = createPrinter(options.out ?? process.stdout);
  const signal = options.signal;
  const own = options.sandbox === undefined;
  const sandbox =
    options.sandbox ??
    (await startSandbox({
      merchants: 4,
      seed: 'demo',
      // One merchant per A2A binding among the three discovered first: JSON-RPC, HTTP+JSON (REST) and gRPC.
      bindings: ['JSONRPC', 'HTTP+JSON', 'GRPC'],
      faults: (i) => (i === FAULTY ? { hang: true } : {}),
      // Two Universal Commerce Protocol merchants (REST and MCP), searched and checked out beside the CAP ones.
      ucp: { count: 2, transports: ['rest', 'mcp'] },
    }));
  try {
    print.line(
      `sandbox: ${sandbox.merchants.length} merchants on ${sandbox.http.host}:${sandbox.http.port}, DNS on ${sandbox.dns.host}:${sandbox.dns.port}`,
    );
    for (const m of sandbox.merchants)
      print.line(`  ${m.id.padEnd(8)} ${m.domain.padEnd(22)} A2A ${m.dialect.padEnd(4)} ${m.binding}`);
    for (const s of sandbox.agis) print.line(`  ${s.domain.padEnd(31)} AGIS ${s.service}`);
    const faultyMerchant = own ? sandbox.merchants[FAULTY]?.id : undefined;
    if (faultyMerchant) print.line(`  ${faultyMerchant} is faulty: its A2A endpoint never answers`);

    print.step(1, 'Discover merchants by DNS TXT, link tag and well-known URI');
    const discovered = await discoverStep(sandbox, print, signal);

    // The platform profile this agent would host; UCP merchants read its URL from every request.
    const { aw, close } = sandboxClient(sandbox, { ucp: { profileUrl: PLATFORM_PROFILE } });
    try {
      for (const m of sandbox.merchants) await aw.addMerchant(m.domain, signal ? { signal } : {});
      // The same call for UCP merchants: the protocol is detected (agent card with CAP, or /.well-known/ucp).
      for (const m of sandbox.ucpMerchants) await aw.addMerchant(m.baseUrl, signal ? { signal } : {});
      const merchants = aw.merchants().map((m) => m.domain.replace(/:\d+$/, ''));
      print.line(`shopping client knows ${merchants.length} merchants: ${merchants.join(', ')}`);

      print.step(2, 'Fan-out search across CAP and UCP merchants, with a faulty merchant');
      const { result, ...search } = await searchStep(
        aw,
        options.query ?? 'jacket',
        options.searchDeadlineMs ?? 1_500,
        print,
        signal,
      );

      print.step(3, 'Resolve a product page URL to productGet');
      const product = await productStep(aw, sandbox, result, print, signal);

      print.step(4, 'Add to cart');
      const cart = await cartStep(aw, product, print, signal);

      print.step(5, 'Route an intent to an AGIS endpoint and invoke it after confirmation');
      const instruction =
        options.instruction ?? 'Book a table for 2 at The Copper Pot tomorrow at 7pm under the name Rivera';
      const intent = await intentStep(aw, sandbox, instruction, print, signal);

      print.step(6, 'Check out at a UCP merchant, completing only after confirmation');
      const checkout = await ucpCheckoutStep(aw, sandbox, result, print, signal);

      print.step(7, 'Done');
      print.line('every step ran against local servers; no network, no keys');
      return { discovered, merchants, faultyMerchant, search, product, cart, intent, checkout };
    } finally {
      await close();
    }
  } finally {
    if (own) await sandbox.close();
  }
}
