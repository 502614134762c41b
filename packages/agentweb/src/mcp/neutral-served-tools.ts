import type { NeutralToolRuntime } from './neutral-tool-runtime.js';
import { NEUTRAL_TOOL_LISTING } from './neutral-tools.generated.js';
import type { ServedTool } from './stdio/served-tool.js';

/**
 * The neutral tools for the stdio server: listed from the generated listing (no zod, no client), run by the
 * runtime `load` gives, which is loaded on the first call.
 */
export function neutralServedTools(load: () => Promise<NeutralToolRuntime>): ServedTool[] {
  return NEUTRAL_TOOL_LISTING.map((listing) => ({
    ...listing,
    async call(args, { signal }) {
      const answer = (await load())(listing.name, args, signal);
      if (answer === undefined) throw new Error(`MCP error -32602: Tool ${listing.name} not found`);
      return answer;
    },
  }));
}
