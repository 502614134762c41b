// Writes src/mcp/neutral-tools.generated.ts from the built tools (run `pnpm build` first):
// node packages/agentweb/scripts/generate-mcp-tool-listing.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  NEUTRAL_TOOL_LISTING_MODULE,
  renderNeutralToolListingModule,
} from '../dist/mcp/render-neutral-tool-listing.js';

const target = fileURLToPath(new URL(`../${NEUTRAL_TOOL_LISTING_MODULE}`, import.meta.url));
writeFileSync(target, renderNeutralToolListingModule());
console.log(`wrote ${target}`);
