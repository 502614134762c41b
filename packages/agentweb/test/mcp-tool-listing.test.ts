import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { startSandbox } from '@agentweb/sandbox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { AgentWeb, type AgentWebClient } from '../src/client/index.js';
import { serveAgisService } from '../src/mcp/agis-served-tools.js';
import { createMcpServer, StdioMcpServer } from '../src/mcp/index.js';
import { AGIS_RESULT_JSON_SCHEMA, NEUTRAL_TOOL_LISTING } from '../src/mcp/neutral-tools.generated.js';
import {
  NEUTRAL_TOOL_LISTING_MODULE,
  renderNeutralToolListingModule,
} from '../src/mcp/render-neutral-tool-listing.js';
import { sandboxDns, sandboxOptions } from './client-fixtures.js';

async function sdkTools(client: AgentWebClient) {
  const server = createMcpServer(client);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: 'listing-test', version: '1' });
  await mcp.connect(clientSide);
  try {
    // Compared as JSON, the form both servers put on the wire.
    return JSON.parse(JSON.stringify((await mcp.listTools()).tools)) as { name: string }[];
  } finally {
    await mcp.close();
  }
}

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
    expect(await sdkTools(client)).toEqual(NEUTRAL_TOOL_LISTING);
    for (const tool of NEUTRAL_TOOL_LISTING) expect(tool.outputSchema).toMatchObject({ type: 'object' });
    expect(AGIS_RESULT_JSON_SCHEMA).toMatchObject({ type: 'object' });
  });

  it("lists each AGIS endpoint on the bin's stdio server as createMcpServer lists it", async () => {
    const sb = await startSandbox({ merchants: 0, seed: 'mcp-listing' });
    const dns = sandboxDns(sb);
    const client = new AgentWeb(sandboxOptions(sb, { dns }));
    try {
      for (const service of sb.agis) await client.loadAgisService(service.baseUrl);
      const input = new PassThrough();
      const output = new PassThrough();
      let written = '';
      output.setEncoding('utf8').on('data', (chunk: string) => {
        written += chunk;
      });
      const server = new StdioMcpServer({ name: 'agentweb', version: '0', input, output });
      server.start();
      for (const service of client.agisServices()) serveAgisService(server, client, service);
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}\n`);
      await expect.poll(() => written.includes('"id":1')).toBe(true);
      const served = (
        JSON.parse(written.trim().split('\n').at(-1) as string) as { result: { tools: unknown[] } }
      ).result.tools;
      const agis = (await sdkTools(client)).slice(NEUTRAL_TOOL_LISTING.length);
      expect(agis.length).toBeGreaterThan(0);
      expect(served).toEqual(agis);
      server.close();
    } finally {
      await client.close();
      await dns.close();
      await sb.close();
    }
  }, 60_000);
});
