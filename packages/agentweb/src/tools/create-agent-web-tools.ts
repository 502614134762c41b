import { checkOptions, is, required } from '@agentweb/core';
import type { AgentWebClient } from '../client/types.js';
import { createMemoryApprovalStore } from '../state/memory-approval-store.js';
import { createAskAgentTool } from './ask-agent-tool.js';
import { createCheckoutTool } from './checkout-tool.js';
import { createDiscoverMerchantsTool } from './discover-merchants-tool.js';
import { DEFAULT_MAX_RESULT_CHARS } from './fit-result.js';
import { createGetProductTool } from './get-product-tool.js';
import { IntentMatchStore } from './intent-match-store.js';
import { createInvokeIntentTool } from './invoke-intent-tool.js';
import { registerToolsModule } from './load-tools-module.js';
import { createManageCartTool } from './manage-cart-tool.js';
import { createMatchIntentTool } from './match-intent-tool.js';
import { createOrderStatusTool } from './order-status-tool.js';
import { createSearchProductsTool } from './search-products-tool.js';
import { AgentWebToolsOptionsError } from './tool-errors.js';
import { DEFAULT_MAX_PRODUCTS, MAX_SEARCH_RESULTS } from './tool-limits.js';
import {
  AGENT_WEB_TOOL_NAMES,
  type AgentWebTool,
  type AgentWebToolName,
  type AgentWebToolsOptions,
} from './tool-types.js';

/** Matches a list keeps when it has a memory store of its own. */
const MATCHES_PER_LIST = 32;
/** The approvals scope of a client that names no user (the facade's default user id). */
export const DEFAULT_SCOPE = 'default';
// Below this even one compact product plus the envelope does not fit.
const MIN_RESULT_CHARS = 1_000;

function checkedInclude(include: readonly AgentWebToolName[] | undefined): ReadonlySet<AgentWebToolName> {
  if (include === undefined) return new Set(AGENT_WEB_TOOL_NAMES);
  if (!Array.isArray(include))
    throw new AgentWebToolsOptionsError('include', 'expected an array of tool names');
  const known = new Set<string>(AGENT_WEB_TOOL_NAMES);
  for (const name of include) {
    if (!known.has(name)) {
      throw new AgentWebToolsOptionsError(
        'include',
        `unknown tool "${String(name)}"; the tools are ${AGENT_WEB_TOOL_NAMES.join(', ')}`,
      );
    }
  }
  return new Set(include);
}

function checkedInteger(
  option: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
) {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new AgentWebToolsOptionsError(
      option,
      `expected an integer from ${min} to ${max}, got ${String(value)}`,
    );
  }
  return value;
}

/** What the tools call on the client; an `AgentWeb` (or a host's wrapper of one) has it all. */
const CLIENT_RULE = required({
  ...is.methods(
    'discover',
    'merchants',
    'search',
    'product',
    'cart',
    'orderStatus',
    'intent',
    'invokeIntent',
  ),
  expected: 'an AgentWeb client (new AgentWeb(), or an object with its methods)',
});

/**
 * The neutral AgentWeb tool list, for any agent framework: `discover_merchants`, `search_products`,
 * `get_product`, `manage_cart`, `order_status`, `match_intent`, `invoke_intent`, `ask_agent`, `checkout` (in that order, filtered by
 * `include`). Each tool has a strict zod input and returns `{ ok: true, data }` or `{ ok: false, error }`, never
 * throwing. `match_intent` and `invoke_intent` of one list share their recent matches, so create the list once per
 * conversation or agent; with a client whose state shares approvals (`new AgentWeb({ state })`), every list of
 * that user on every instance shares them. Bad options throw {@link AgentWebToolsOptionsError}.
 */
export function createAgentWebTools(
  client: AgentWebClient,
  options: AgentWebToolsOptions = {},
): AgentWebTool[] {
  return buildAgentWebTools(client, options, 'createAgentWebTools');
}

/**
 * {@link createAgentWebTools} for the adapters, whose name `callee` gives in option errors. `client` and the
 * options object are checked here (`InvalidOptionError`); the option values as before
 * (`AgentWebToolsOptionsError`).
 */
export function buildAgentWebTools(
  client: AgentWebClient,
  options: AgentWebToolsOptions,
  callee: string,
): AgentWebTool[] {
  checkOptions(callee, { client }, { client: CLIENT_RULE });
  checkOptions(callee, options, {
    approvals: {
      ...is.methods('putMatch', 'getMatch', 'propose', 'consume'),
      expected: 'an approval store (createMemoryApprovalStore, createRedisApprovalStore)',
    },
  });
  const include = checkedInclude(options.include);
  const maxResultChars = checkedInteger(
    'maxResultChars',
    options.maxResultChars,
    DEFAULT_MAX_RESULT_CHARS,
    MIN_RESULT_CHARS,
    Number.MAX_SAFE_INTEGER,
  );
  const maxProducts = checkedInteger(
    'maxProducts',
    options.maxProducts,
    DEFAULT_MAX_PRODUCTS,
    1,
    MAX_SEARCH_RESULTS,
  );
  if (options.confirm !== undefined && typeof options.confirm !== 'function') {
    throw new AgentWebToolsOptionsError('confirm', 'expected a function');
  }
  if (options.checkoutPayment !== undefined && typeof options.checkoutPayment !== 'function') {
    throw new AgentWebToolsOptionsError('checkoutPayment', 'expected a function');
  }
  const settings = { maxResultChars };
  const approvals =
    options.approvals ?? client.approvals ?? createMemoryApprovalStore({ maxMatches: MATCHES_PER_LIST });
  const scope = client.userId ?? DEFAULT_SCOPE;
  const matches = new IntentMatchStore(approvals, scope);
  const build: Record<AgentWebToolName, () => AgentWebTool> = {
    discover_merchants: () => createDiscoverMerchantsTool(client, settings),
    search_products: () => createSearchProductsTool(client, { ...settings, maxProducts }),
    get_product: () => createGetProductTool(client, settings),
    manage_cart: () => createManageCartTool(client, settings),
    order_status: () => createOrderStatusTool(client, settings),
    match_intent: () => createMatchIntentTool(client, matches, settings),
    invoke_intent: () => createInvokeIntentTool(client, matches, { ...settings, confirm: options.confirm }),
    ask_agent: () => createAskAgentTool(client, settings),
    checkout: () =>
      createCheckoutTool(client, { ...settings, approvals, scope, checkoutPayment: options.checkoutPayment }),
  };
  return AGENT_WEB_TOOL_NAMES.filter((name) => include.has(name)).map((name) => build[name]());
}

// The facade's createAgentWebTools loads this module on first use; already evaluated, it is used as is.
registerToolsModule({ createAgentWebTools });
