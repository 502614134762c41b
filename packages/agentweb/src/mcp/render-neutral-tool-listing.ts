import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { agisResultJsonSchema, neutralToolListing } from './listed-json-schema.js';

/** Where the generated module lives, from the package folder. */
export const NEUTRAL_TOOL_LISTING_MODULE = 'src/mcp/neutral-tools.generated.ts';

function unused(): never {
  throw new Error('the tool listing is built without calling the client');
}

/** A client that only has to pass the tools' checks: building the tool list calls none of its methods. */
const LISTING_CLIENT = Object.fromEntries(
  ['discover', 'merchants', 'search', 'product', 'cart', 'orderStatus', 'intent', 'invokeIntent'].map(
    (name) => [name, unused],
  ),
) as unknown as AgentWebClient;

/**
 * The text of {@link NEUTRAL_TOOL_LISTING_MODULE}: the `tools/list` entries of the neutral tools with the default
 * options, and the AGIS result schema, converted from the real zod schemas. The bin lists tools from it without
 * loading zod; a test compares it with a fresh rendering, so it cannot go stale.
 */
export function renderNeutralToolListingModule(): string {
  const listing = buildAgentWebTools(LISTING_CLIENT, {}, 'renderNeutralToolListingModule').map(
    neutralToolListing,
  );
  return [
    "// Generated from the neutral tools' zod schemas by packages/agentweb/scripts/generate-mcp-tool-listing.mjs",
    '// (run it after `pnpm build` when a tool changes); test/mcp-tool-listing.test.ts fails when this file is stale.',
    "import type { JsonSchemaObject } from './stdio/served-tool.js';",
    "import type { McpToolListing } from './tool-listing.js';",
    '',
    '/** The neutral tools as `tools/list` shows them, with the default options. */',
    `export const NEUTRAL_TOOL_LISTING: readonly McpToolListing[] = ${JSON.stringify(listing, null, 2)};`,
    '',
    '/** The `outputSchema` of every AGIS tool. */',
    `export const AGIS_RESULT_JSON_SCHEMA: JsonSchemaObject = ${JSON.stringify(agisResultJsonSchema(), null, 2)};`,
    '',
  ].join('\n');
}
