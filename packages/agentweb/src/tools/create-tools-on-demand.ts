import type { AgentWebClient } from '../client/types.js';
import { toolsModule } from './load-tools-module.js';
import type { AgentWebToolsOptionsError } from './tool-errors.js';
import type { AgentWebTool, AgentWebToolsOptions } from './tool-types.js';

/**
 * The neutral AgentWeb tool list, for any agent framework: `discover_merchants`, `search_products`,
 * `get_product`, `manage_cart`, `order_status`, `match_intent`, `invoke_intent`, `ask_agent`, `checkout` (in that order, filtered by
 * `include`). Each tool has a strict zod input and returns `{ ok: true, data }` or `{ ok: false, error }`, never
 * throwing. `match_intent` and `invoke_intent` of one list share their recent matches, so create the list once per
 * conversation or agent; with a client whose state shares approvals (`new AgentWeb({ state })`), every list of
 * that user on every instance shares them. Bad options throw {@link AgentWebToolsOptionsError}.
 * The tools (and zod) load on the first call, so importing `agentweb` does not load them.
 */
export function createAgentWebTools(
  client: AgentWebClient,
  options: AgentWebToolsOptions = {},
): AgentWebTool[] {
  return toolsModule().createAgentWebTools(client, options);
}
