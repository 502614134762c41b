import type { ToolSet } from 'ai';
import type { z } from 'zod';
import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { fillNulls, relaxNullableFields } from '../tools/relax-nullable.js';
import type { AgentWebToolResult, AgentWebToolsOptions } from '../tools/tool-types.js';

/** Options of {@link toAiSdkTools}: the neutral tool options. */
export type AiSdkToolsOptions = AgentWebToolsOptions;

/** What the AI SDK passes to `execute` besides the input (the part AgentWeb reads). */
export interface AiSdkToolCallOptions {
  /** Aborts the call (the SDK's `abortSignal`). */
  abortSignal?: AbortSignal;
}

/** One AgentWeb tool in the AI SDK's shape (what `tool({ ... })` from `ai` returns, which is the same object). */
export interface AgentWebAiSdkTool {
  /** Human-readable title. */
  title: string;
  /** What the tool does and when to use it. */
  description: string;
  /**
   * The zod input; the SDK converts it to JSON Schema and validates the model's arguments with it. Nullable fields
   * may be left out (they reach the tool as `null`).
   */
  inputSchema: z.ZodObject;
  /** Runs the tool; resolves to the `{ ok, ... }` result, which the SDK sends to the model as JSON. */
  execute(input: Record<string, unknown>, options?: AiSdkToolCallOptions): Promise<AgentWebToolResult>;
}

/**
 * The AgentWeb tools as an AI SDK tool set, keyed by name: `generateText({ model, tools: toAiSdkTools(aw) })`.
 * Plain objects, because `tool()` of `ai` is an identity function: this module has no runtime dependency on `ai`.
 *
 * @throws AgentWebToolsOptionsError when `include` names a tool that does not exist.
 */
export function toAiSdkTools(
  client: AgentWebClient,
  options: AiSdkToolsOptions = {},
): Record<string, AgentWebAiSdkTool> {
  const set: Record<string, AgentWebAiSdkTool> = {};
  for (const agentWebTool of buildAgentWebTools(client, options, 'toAiSdkTools')) {
    const input = relaxNullableFields(agentWebTool.inputSchema);
    set[agentWebTool.name] = {
      title: agentWebTool.title,
      description: agentWebTool.description,
      inputSchema: input.schema,
      // The SDK always passes options; a direct call (e.g. from a test or a custom loop) may not.
      execute: (args, { abortSignal } = {}) =>
        agentWebTool.execute(fillNulls(args, input.nullable), abortSignal ? { signal: abortSignal } : {}),
    };
  }
  // Compile-time proof that the set is what `generateText({ tools })` of ai v5/v6 accepts.
  return set satisfies ToolSet;
}
