import { createHttpClient, type HttpClientOptions } from '@agentweb/http';
import { startSandbox } from '@agentweb/sandbox';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { type RecordedRequest, recordingFetch, replayAll } from '../../../bench/support/recording-fetch.js';
import { createUcpClient, type UcpClient } from '../src/index.js';

// What the UCP client costs per call: one catalog search on loopback (no added latency) through createUcpClient
// (REST and MCP), against a bare fetch of the very request the client sent (recorded: URL, headers, body) and a
// JSON parse of the answer. The client also validates the answer with its schemas and reads messages and warnings.
const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';
const INPUT = { query: 'lamp', pagination: { limit: 10 } };

// Merchant-side schema validation off: it runs in this process and would be timed with the client.
const sandbox = await startSandbox({
  merchants: 1,
  agis: false,
  ucp: { count: 1, transports: ['both'], schemaDir: false },
});
const merchant = sandbox.ucpMerchants[0];
if (!merchant) throw new Error('no UCP merchant');
const recorder = recordingFetch(sandbox.fetch);
const httpOptions: HttpClientOptions = {
  lookup: sandbox.lookup,
  allowHttp: true,
  allowPrivateNetwork: true,
  cache: false,
  retry: false,
};
const http = createHttpClient(httpOptions);
const recordingHttp = createHttpClient({ ...httpOptions, fetch: recorder.fetch });

async function clientPair(
  transport: 'rest' | 'mcp',
): Promise<{ client: UcpClient; request: RecordedRequest }> {
  const base = { profileUrl: PLATFORM, businessUrl: merchant!.baseUrl, transport };
  const client = createUcpClient({ ...base, http });
  const recording = createUcpClient({ ...base, http: recordingHttp });
  await client.connect();
  await recording.connect();
  await search(recording);
  const [request, ...more] = await recorder.record(() => search(recording));
  if (request === undefined || more.length > 0) throw new Error(`expected one ${transport} request`);
  return { client, request };
}

async function search(client: UcpClient): Promise<void> {
  const result = await client.searchCatalog(INPUT);
  if (!result.ok || result.value.products.length === 0) throw new Error('search failed');
}

const rest = await clientPair('rest');
const mcp = await clientPair('mcp');
for (let i = 0; i < 200; i++) {
  await search(rest.client);
  await search(mcp.client);
  await replayAll([rest.request], sandbox.fetch);
  await replayAll([mcp.request], sandbox.fetch);
}

afterAll(async () => {
  await http.close();
  await recordingHttp.close();
  await sandbox.close();
});

for (const [label, pair] of [
  ['REST', rest],
  ['MCP', mcp],
] as const) {
  benchGroup(`UCP catalog search round trip on loopback (${label}, keep-alive)`, [
    {
      name: 'baseline: bare fetch of the same request + JSON parse',
      fn: async () => {
        if ((await replayAll([pair.request], sandbox.fetch)) !== 1) throw new Error('no answer');
      },
    },
    { name: `@agentweb/ucp searchCatalog (${label})`, fn: () => search(pair.client) },
  ]);
}
