import type { ApprovalStore } from '@agentweb/core';
import type { UcpPaymentInstrument } from '@agentweb/ucp';
import type { z } from 'zod';
import type { ConfirmationRequest } from '../client/types.js';

/** The names of the neutral tools, in the order `createAgentWebTools` returns them. */
export const AGENT_WEB_TOOL_NAMES = [
  'discover_merchants',
  'search_products',
  'get_product',
  'manage_cart',
  'order_status',
  'match_intent',
  'invoke_intent',
  'ask_agent',
  'checkout',
] as const;

/** One of the neutral tool names. */
export type AgentWebToolName = (typeof AGENT_WEB_TOOL_NAMES)[number];

/** A JSON value: what every tool result is made of, so any framework can serialise it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object (the tools build their results from these). */
export type JsonObject = { [key: string]: JsonValue };

/** Why a tool call did not succeed. */
export interface AgentWebToolError {
  /** Stable machine-readable code: the `AgentWebError` code, or a tool-level one such as `INVALID_INPUT`. */
  code: string;
  /** What went wrong and, where it helps the model, what to do next. */
  message: string;
  /** Structured detail the model can act on (e.g. what a confirmation is about). */
  details?: JsonValue;
}

/** The one result shape of every tool: JSON-serialisable, never thrown. */
export type AgentWebToolResult<T extends JsonValue = JsonValue> =
  | { ok: true; data: T }
  | { ok: false; error: AgentWebToolError };

/** Behaviour hints, with the meaning MCP gives them. */
export interface AgentWebToolAnnotations {
  /** The tool does not change anything outside this process. */
  readOnlyHint: boolean;
  /** The tool reaches outside systems (merchants, services on the web). */
  openWorldHint: boolean;
  /** Calling it twice with the same input has no further effect. */
  idempotentHint: boolean;
  /** The tool may remove or irreversibly change something. */
  destructiveHint: boolean;
}

/** What each call of `execute` gets besides its input. */
export interface AgentWebToolContext {
  /** Aborts the call; the result is then an `ABORTED` error. */
  signal?: AbortSignal;
}

/** One framework-neutral tool. */
export interface AgentWebTool<S extends z.ZodObject = z.ZodObject> {
  /** snake_case name, at most 64 characters (the OpenAI limit). */
  readonly name: AgentWebToolName;
  /** Human-readable title for tool pickers. */
  readonly title: string;
  /** What the tool does and when to use it, written for a language model. */
  readonly description: string;
  /** The input: a strict zod object whose JSON Schema is accepted by OpenAI strict mode. */
  readonly inputSchema: S;
  /** Behaviour hints. */
  readonly annotations: AgentWebToolAnnotations;
  /**
   * The result as a zod object: `ok`, `data` (this tool's answer) and `error`. MCP lists it as the tool's
   * `outputSchema`; its objects are loose, so fields added later keep validating.
   */
  readonly outputSchema: z.ZodObject;
  /**
   * Runs the tool. The input is validated again (adapters may pass unchecked model output) and every failure is
   * returned as an `ok: false` result, so the promise never rejects.
   */
  execute(input: z.input<S>, context?: AgentWebToolContext): Promise<AgentWebToolResult>;
}

/** Decides whether an AGIS endpoint that needs confirmation may be called; return true to proceed. */
export type ConfirmCallback = (request: ConfirmationRequest) => boolean | Promise<boolean>;

/** What the host's `checkoutPayment` is told about the purchase it is asked to pay for. */
export interface CheckoutPaymentRequest {
  /** The merchant as the model named it. */
  merchant: string;
  /** The merchant's id (a UCP merchant's business profile URL). */
  merchantId: string;
  /** The checkout session. */
  checkoutId: string;
  /** The total the user confirmed, as a decimal string in `currency`. */
  total: string;
  /** Currency of `total`. */
  currency: string;
}

/**
 * Gives the payment instrument for a confirmed checkout (a token from one of the merchant's payment handlers), or
 * `undefined` when the host has none for this merchant (the buyer then finishes at `continueUrl`). The instrument
 * never reaches the model: it is not in any tool input, output, error or event.
 */
export type CheckoutPaymentCallback = (
  request: CheckoutPaymentRequest,
) => UcpPaymentInstrument | undefined | Promise<UcpPaymentInstrument | undefined>;

/** Options of `createAgentWebTools` (and of every adapter). */
export interface AgentWebToolsOptions {
  /** Tools to create, by name (default: all nine). Unknown names are refused with `AgentWebToolsOptionsError`. */
  include?: readonly AgentWebToolName[];
  /**
   * Host-side confirmation for AGIS endpoints that need it (irreversible, or matched with low confidence). When
   * given, it alone decides and the model's `confirmed` argument is ignored. Without it, `invoke_intent` runs such
   * endpoints only when the model passes `confirmed: true`, which its description tells it to do only after the
   * user agreed.
   */
  confirm?: ConfirmCallback;
  /**
   * Largest result, in characters of its JSON (default 16 000). Longer results lose list items (and then long
   * texts) and are marked `truncated: true`, so a tool answer cannot flood the model's context.
   */
  maxResultChars?: number;
  /**
   * Most products `search_products` returns (default 20, at most 50); its `maxResults` argument is advertised as
   * 1 to this.
   */
  maxProducts?: number;
  /**
   * Where `match_intent` keeps matches and `invoke_intent` the approvals it asked for. Default: the client's
   * (`state.approvals` of `new AgentWeb({ state })`, shared by every instance), else a memory store of this list
   * alone (32 matches), so each list is one conversation.
   */
  approvals?: ApprovalStore;
  /**
   * The payment instrument the `checkout` tool completes a confirmed purchase with (a token from one of the
   * merchant's payment handlers), or `undefined` for none (the user then pays at `continueUrl`). It comes from the
   * host, never from the model, and is never put in a tool output, error or event. Without this option
   * `checkout` never completes a purchase.
   */
  checkoutPayment?: CheckoutPaymentCallback;
}
