import { createA2AClient } from '@agentweb/a2a';
import { parseAgentCard } from '@agentweb/agentcard';
import { createHttpClient } from '@agentweb/http';
import { startSandboxProcess } from '@agentweb/sandbox';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { createMemoryContextStore } from '../src/context/index.js';
import { fanOutSearch } from '../src/fan-out/index.js';
import { createMerchantClient } from '../src/merchant/index.js';
import { rawBindingCall } from './helpers/raw-bindings.js';

// Fan-out search over 20 sandbox merchants mixing the three A2A bindings (JSON-RPC, HTTP+JSON, gRPC; every
// answer 20-80 ms), against the floor: the same 20 requests sent bare on each merchant's binding and awaited
// with Promise.all. The merchants run in a child process.
const MERCHANTS = 20;
const INPUT = { query: 'lamp', limit: 10 };
const sandbox = await startSandboxProcess({
  merchants: MERCHANTS,
  seed: 'bench-bindings',
  bindings: ['JSONRPC', 'HTTP+JSON', 'GRPC'],
  defaultFaults: { latency: { minMs: 20, maxMs: 80 } },
});
const http = createHttpClient({
  lookup: sandbox.lookup,
  allowHttp: true,
  allowPrivateNetwork: true,
  cache: false,
  retry: false,
});
const contextStore = createMemoryContextStore();
const merchants = await Promise.all(
  sandbox.merchants.map(async (m) => {
    const { profile } = parseAgentCard((await http.getJson(m.cardUrl)).data);
    const a2a = await createA2AClient({ profile, http });
    const client = createMerchantClient({
      profile,
      a2a,
      contextStore,
      userId: 'bench',
      merchantId: m.cardUrl,
      agentCardUrl: m.cardUrl,
    });
    return { a2a, client, raw: rawBindingCall(profile, INPUT, sandbox.fetch) };
  }),
);
const clients = merchants.map((m) => m.client);
for (let round = 0; round < 3; round++) {
  await fanOutSearch({ ...INPUT, merchants: clients, personalise: false });
  await Promise.all(merchants.map((m) => m.raw.call()));
}

afterAll(async () => {
  for (const m of merchants) {
    m.raw.close();
    await m.a2a.close();
  }
  await http.close();
  await sandbox.close();
});

const TIMED = { time: 3000, warmupIterations: 2 };

benchGroup(
  `fan-out search, ${MERCHANTS} merchants mixing JSON-RPC, HTTP+JSON and gRPC, latency 20-80 ms`,
  [
    {
      name: 'baseline: bare calls on each binding + Promise.all',
      fn: async () => {
        await Promise.all(merchants.map((m) => m.raw.call()));
      },
    },
    {
      name: 'fanOutSearch (default options)',
      fn: async () => {
        const r = await fanOutSearch({ ...INPUT, merchants: clients, personalise: false });
        if (r.outcomes.some((o) => o.status !== 'ok')) throw new Error('a merchant failed');
      },
    },
  ],
  TIMED,
);
