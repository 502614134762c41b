import { createA2AClient } from '@agentweb/a2a';
import { parseAgentCard } from '@agentweb/agentcard';
import {
  type CallOutcome,
  createMemoryContextStore,
  createMerchantBackoff,
  createMerchantClient,
  fanOutSearch,
  type MerchantBackoff,
  type MerchantClient,
  merchantBackoffKey,
} from '@agentweb/cap';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { type SandboxProcess, startSandboxProcess } from '@agentweb/sandbox';
import { afterAll } from 'vitest';
import { benchFileNotRun, benchGroup } from '../../../bench/support/bench-group.js';
import { findExecutable } from '../../../test/interop.js';
import { createRedisBackoffFactory } from '../src/index.js';
import { startRedisServer } from '../src/test/index.js';

// What sharing merchant backoffs through Redis costs a call: each call asks Redis before it goes out (admit) and
// tells it the outcome after (record), and a fan-out reads each merchant's state first (refresh): three round
// trips to a redis-server on loopback, against the in-process backoff's none. Measured on fan-out searches to
// sandbox merchants (a child process), with no injected latency (the cost laid bare) and with the usual 20-80 ms.
const MERCHANTS = 20;
const INPUT = { query: 'lamp', limit: 10 };
const TIMED = { time: 3000, warmupIterations: 2 };
const executable = findExecutable('redis-server');

if (executable === undefined) {
  benchFileNotRun(import.meta.url, 'redis-server is not on PATH (apt-get install redis-server)');
} else {
  const redis = await startRedisServer({ executable });
  const backoffs = createRedisBackoffFactory({ url: redis.url, keyPrefix: 'bench:' });
  const [bare, slow] = await Promise.all([
    startSandboxProcess({ merchants: MERCHANTS, seed: 'bench-backoff' }),
    startSandboxProcess({
      merchants: MERCHANTS,
      seed: 'bench-backoff-latency',
      defaultFaults: { latency: { minMs: 20, maxMs: 80 } },
    }),
  ]);
  const https: HttpClient[] = [];

  /** One client per merchant, in-process backoffs or Redis ones, warmed up by a search each. */
  async function clients(sandbox: SandboxProcess, shared: boolean): Promise<MerchantClient[]> {
    const http = createHttpClient({
      lookup: sandbox.lookup,
      allowHttp: true,
      allowPrivateNetwork: true,
      cache: false,
      retry: false,
    });
    https.push(http);
    const contextStore = createMemoryContextStore();
    const made = await Promise.all(
      sandbox.merchants.map(async ({ cardUrl }) => {
        const { profile } = parseAgentCard((await http.getJson(cardUrl)).data);
        const a2a = await createA2AClient({ profile, http });
        const merchantId = cardUrl;
        return createMerchantClient({
          profile,
          a2a,
          contextStore,
          userId: 'bench',
          merchantId,
          ...(shared ? { backoff: backoffs.forMerchant(merchantBackoffKey({ merchantId, profile })) } : {}),
        });
      }),
    );
    for (let round = 0; round < 3; round += 1) await search(made);
    return made;
  }

  async function search(merchants: MerchantClient[]): Promise<void> {
    const result = await fanOutSearch({ ...INPUT, merchants, personalise: false });
    if (result.outcomes.some((o) => o.status !== 'ok')) throw new Error('a merchant failed');
  }

  const memoryBare = await clients(bare, false);
  const redisBare = await clients(bare, true);
  const memorySlow = await clients(slow, false);
  const redisSlow = await clients(slow, true);

  afterAll(async () => {
    await Promise.all(https.map((http) => http.close()));
    await backoffs.close();
    await Promise.all([bare.close(), slow.close(), redis.close()]);
  });

  const classify = (): CallOutcome => ({ kind: 'success' });
  const immediate = () => Promise.resolve('ok');
  const runOnce = (backoff: MerchantBackoff) => () =>
    backoff.run(immediate, { classify }).then(() => undefined);
  benchGroup('backoff.run of a call that answers at once (the backoff alone)', [
    { name: 'baseline: createMerchantBackoff (in process)', fn: runOnce(createMerchantBackoff()) },
    { name: 'createRedisBackoffFactory (admit + record)', fn: runOnce(backoffs.forMerchant('bench-run')) },
  ]);

  benchGroup(
    `fan-out search, ${MERCHANTS} sandbox merchants, no injected latency`,
    [
      { name: 'baseline: in-process backoffs', fn: () => search(memoryBare) },
      { name: 'Redis backoffs (refresh + admit + record per merchant)', fn: () => search(redisBare) },
    ],
    TIMED,
  );

  benchGroup(
    `fan-out search, ${MERCHANTS} sandbox merchants, latency 20-80 ms`,
    [
      { name: 'baseline: in-process backoffs', fn: () => search(memorySlow) },
      { name: 'Redis backoffs (refresh + admit + record per merchant)', fn: () => search(redisSlow) },
    ],
    TIMED,
  );
}
