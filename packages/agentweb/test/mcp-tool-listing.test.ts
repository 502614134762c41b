import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import type { AgentWebClient } from '../src/client/index.js';
import { createMcpServer } from '../src/mcp/index.js';
import { AGIS_RESULT_JSON_SCHEMA, NEUTRAL_TOOL_LISTING } from '../src/mcp/neutral-tools.generated.js';
import {
  NEUTRAL_TOOL_LISTING_MODULE,
  renderNeutralToolListingModule,
} from '../src/mcp/render-neutral-tool-listing.js';

describe('the generated neutral tool listing of agentweb-mcp', () => {
  it('is what a fresh conversion of the zod schemas gives (run scripts/generate-mcp-tool-listing.mjs after pnpm build when this fails)', () => {
    const committed = readFileSync(new URL(`../${NEUTRAL_TOOL_LISTING_MODULE}`, import.meta.url), 'utf8');
    expect(committed).toBe(renderNeutralToolListingModule());
  });

  it('equals what the MCP SDK server of createMcpServer lists, outputSchema included', async () => {
    const client = {
      agisServices: () => [],
      ...Object.fromEntries(
        ['discover', 'merchants', 'search', 'product', 'cart', 'orderStatus', 'intent', 'invokeIntent'].map(
          (name) => [name, () => undefined],
        ),
      ),
    } as unknown as AgentWebClient;
    const server = createMcpServer(client);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: 'listing-test', version: '1' });
    await mcp.connect(clientSide);
    try {
      const { tools } = await mcp.listTools();
      // Compared as JSON, the form both servers put on the wire.
      expect(JSON.parse(JSON.stringify(tools))).toEqual(NEUTRAL_TOOL_LISTING);
      for (const tool of NEUTRAL_TOOL_LISTING) expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(AGIS_RESULT_JSON_SCHEMA).toMatchObject({ type: 'object' });
    } finally {
      await mcp.close();
    }
  });
});
