import type { CachedSearchPage, SearchCacheStore } from '@agentweb/cap';
import { startSandbox } from '@agentweb/sandbox';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { type RecordedRequest, recordingFetch, replayAll } from '../../../bench/support/recording-fetch.js';
import { AgentWeb } from '../src/client/index.js';

// A search across CAP and UCP merchants together (issue 26): 10 CAP merchants (A2A JSON-RPC) and 10 UCP merchants
// (REST, MCP, or both), every answer taking 20-80 ms, through AgentWeb.search, against the floor: the very requests
// AgentWeb sent (recorded from a warm search, URL, headers and body) sent again with a bare fetch and Promise.all.
const CAP_MERCHANTS = 10;
const UCP_MERCHANTS = 10;
const MERCHANTS = CAP_MERCHANTS + UCP_MERCHANTS;
const LATENCY = { minMs: 20, maxMs: 80 };
const QUERY = 'lamp';
const LIMIT = 10;
const TIMED = { time: 3000, warmupIterations: 5 };
const PLATFORM = 'https://platform.agentweb.test/.well-known/ucp';

/** Keeps nothing, so every timed search sends every request, as the floor does. */
const noSearchCache: SearchCacheStore = {
  get: (): CachedSearchPage | undefined => undefined,
  set: () => {},
};

const sandbox = await startSandbox({
  merchants: CAP_MERCHANTS,
  agis: false,
  seed: 'mixed-fan-out-bench',
  faults: () => ({ latency: LATENCY }),
  // Schema validation off: it runs in this process and would time the merchants' ajv work with the client's (the
  // requests' validity is what the UCP tests check).
  ucp: { count: UCP_MERCHANTS, latencyMs: [LATENCY.minMs, LATENCY.maxMs], schemaDir: false },
});
const recorder = recordingFetch(sandbox.fetch);

function client(fetchOption?: typeof fetch): AgentWeb {
  return new AgentWeb({
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    concurrency: MERCHANTS,
    searchCache: noSearchCache,
    ucp: { profileUrl: PLATFORM },
    discovery: { defaultScheme: 'http', mechanisms: ['link-tag', 'agent-card', 'agent-json'] },
    ...(fetchOption ? { fetch: fetchOption } : {}),
  });
}

const hosts = [
  ...sandbox.merchants.map((m) => new URL(m.baseUrl).host),
  ...sandbox.ucpMerchants.map((m) => new URL(m.baseUrl).host),
];
const aw = client();
// A second client sends through the recorder so the floor replays exactly what a search sends.
const recordingClient = client(recorder.fetch);
for (const c of [aw, recordingClient]) for (const host of hosts) await c.addMerchant(host);

/** One search; throws unless every merchant answered with products. */
async function search(c: AgentWeb): Promise<void> {
  const result = await c.search(QUERY, { limit: LIMIT });
  const failed = result.outcomes.filter((o) => o.status !== 'ok' || o.cachedPages > 0);
  if (failed.length > 0 || result.outcomes.length !== MERCHANTS)
    throw new Error(`not every merchant answered afresh: ${JSON.stringify(failed)}`);
}

await search(recordingClient);
const requests: RecordedRequest[] = await recorder.record(() => search(recordingClient));
if (requests.length !== MERCHANTS)
  throw new Error(`recorded ${requests.length} search requests, not ${MERCHANTS}`);

for (let round = 0; round < 10; round++) {
  await search(aw);
  await replayAll(requests, sandbox.fetch);
}

afterAll(async () => {
  await aw.close();
  await recordingClient.close();
  await sandbox.close();
});

benchGroup(
  `mixed CAP + UCP fan-out search, ${CAP_MERCHANTS} CAP + ${UCP_MERCHANTS} UCP merchants, latency 20-80 ms`,
  [
    {
      name: 'baseline: bare fetch + Promise.all of the same requests',
      fn: async () => {
        const ok = await replayAll(requests, sandbox.fetch);
        if (ok !== MERCHANTS) throw new Error(`only ${ok} answers`);
      },
    },
    { name: 'AgentWeb.search (CAP + UCP)', fn: () => search(aw) },
  ],
  TIMED,
);
