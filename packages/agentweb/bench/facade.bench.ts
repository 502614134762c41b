import { createA2AClient } from '@agentweb/a2a';
import { parseAgentCard } from '@agentweb/agentcard';
import {
  createMemoryContextStore,
  createMerchantClient,
  fanOutSearch,
  type MerchantClient,
} from '@agentweb/cap';
import { createHttpClient } from '@agentweb/http';
import { startSandboxProcess } from '@agentweb/sandbox';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { AgentWeb } from '../src/client/index.js';
import { createAgentWebTools } from '../src/tools/index.js';

// What the facade costs: the same fan-out search over the same 50 merchants (answers take 10-30 ms), once through
// @agentweb/cap directly with hand-built clients (the baseline), once through AgentWeb.search, and once through
// the `search_products` tool that LLM frameworks call (which also compacts the result for a model). The merchants
// run in a child process so their work does not share the client's event loop; every merchant is warmed up first.
const MERCHANTS = 50;
const QUERY = 'lamp';
const LIMIT = 10;
const TIMED = { time: 3000, warmupIterations: 10 };

const sandbox = await startSandboxProcess({
  merchants: MERCHANTS,
  seed: 'facade-bench',
  defaultFaults: { latency: { minMs: 10, maxMs: 30 } },
});
const cardUrls = sandbox.merchants.map((m) => m.cardUrl);

// Baseline: what a user of @agentweb/cap alone would write.
const http = createHttpClient({
  lookup: sandbox.lookup,
  allowHttp: true,
  allowPrivateNetwork: true,
  retry: false,
});
const contextStore = createMemoryContextStore();
const direct: MerchantClient[] = await Promise.all(
  cardUrls.map(async (cardUrl) => {
    const { profile } = parseAgentCard((await http.getJson(cardUrl)).data);
    const a2a = await createA2AClient({ profile, http });
    return createMerchantClient({ profile, a2a, contextStore, userId: 'bench', agentCardUrl: cardUrl });
  }),
);

const aw = new AgentWeb({
  lookup: sandbox.lookup,
  allowHttp: true,
  allowPrivateNetwork: true,
  userId: 'bench',
  concurrency: MERCHANTS,
});
await Promise.all(cardUrls.map((url) => aw.addMerchant(url)));
const searchTool = createAgentWebTools(aw, { include: ['search_products'] })[0];
if (!searchTool) throw new Error('search_products tool missing');

// Personalised calls are never cached, so every entry sends every request (a cached facade would be unfair); each
// entry checks that no page came from a cache. The merchants' child process needs many rounds before its timings
// settle, or whichever entry runs first looks slower.
for (let round = 0; round < 20; round++) {
  await fanOutSearch({ query: QUERY, limit: LIMIT, merchants: direct, concurrency: MERCHANTS });
  await aw.search(QUERY, { limit: LIMIT });
  await searchTool.execute({ query: QUERY, merchants: null, filter: null, maxResults: LIMIT }, {});
}

afterAll(async () => {
  await aw.close();
  await http.close();
  await sandbox.close();
});

benchGroup(
  `fan-out search over ${MERCHANTS} merchants: facade overhead`,
  [
    {
      name: 'baseline: fanOutSearch with hand-built merchant clients',
      fn: async () => {
        const result = await fanOutSearch({
          query: QUERY,
          limit: LIMIT,
          merchants: direct,
          concurrency: MERCHANTS,
        });
        if (result.outcomes.some((o) => o.status !== 'ok' || o.cachedPages > 0))
          throw new Error('a merchant failed or a page came from a cache');
      },
    },
    {
      name: 'AgentWeb.search',
      fn: async () => {
        const result = await aw.search(QUERY, { limit: LIMIT });
        if (result.outcomes.some((o) => o.status !== 'ok' || o.cachedPages > 0))
          throw new Error('a merchant failed or a page came from a cache');
      },
    },
    {
      name: 'search_products tool (AgentWeb + compact JSON result)',
      fn: async () => {
        const result = await searchTool.execute(
          { query: QUERY, merchants: null, filter: null, maxResults: LIMIT },
          {},
        );
        if (!result.ok) throw new Error(JSON.stringify(result.error));
      },
    },
  ],
  TIMED,
);
