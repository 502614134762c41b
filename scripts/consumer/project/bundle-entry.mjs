// Copied into the consumer project and bundled (esbuild, rolldown): a script using `agentweb` that searches the
// sandbox, so the bundle runs the HTTP stack (undici), discovery, A2A and CAP, not only module start-up, and makes
// the tool list, which the facade loads on first use.
import { AgentWeb, createAgentWebTools } from 'agentweb';
import { dns, sandboxOptions, shop } from './sandbox-options.mjs';

const aw = new AgentWeb(sandboxOptions);
try {
  await aw.addMerchant(shop);
  const { products, outcomes } = await aw.search('jacket', { deadlineMs: 10_000 });
  const failed = outcomes.filter((o) => o.status !== 'ok');
  if (products.length === 0 || failed.length > 0)
    throw new Error(`search found ${products.length} products; failed outcomes: ${JSON.stringify(failed)}`);
  // The facade loads the tools on first use; a bundler must have inlined them.
  const tools = createAgentWebTools(aw);
  if (!tools.some((tool) => tool.name === 'search_products')) throw new Error('no search_products tool');
  console.log(`${products.length} products from ${outcomes.length} merchant(s); ${tools.length} tools`);
} finally {
  await aw.close();
  await dns.close();
}
