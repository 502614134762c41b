import { createA2AClient } from '@agentweb/a2a';
import { parseAgentCard } from '@agentweb/agentcard';
import {
  createMerchantClient,
  fanOutSearch,
  isCircuitOpenError,
  type MerchantClient,
  merchantBackoffKey,
} from '@agentweb/cap';
import { isAgentWebError } from '@agentweb/core';
import { createHttpClient, type HttpClient, isHttpStatusError } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';
import { type Sandbox, type SandboxMerchant, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import {
  createRedisBackoffFactory,
  type RedisBackoffFactoryOptions,
  type RedisBackoffWarning,
  type RedisMerchantBackoffs,
} from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';
import { errorOf } from './helpers/merchant-backoff-contract.js';

// Two instances of a service (each its own HTTP client, merchant clients and Redis connection) share merchant
// backoffs through a real redis-server, and call real sandbox merchants, which log when each request arrived.
const redis = interopSuite(import.meta.url);

const RATE_LIMITED = 0;
const FAILING = 1;
const HEALTHY = [2, 3, 4, 5, 6, 7];
const PROBE_LATENCY_MS = 200;

/** One instance of a service: its own HTTP client, Redis connection and merchant clients. */
interface Instance {
  http: HttpClient;
  backoffs: RedisMerchantBackoffs;
  warnings: RedisBackoffWarning[];
  client(merchant: SandboxMerchant): Promise<MerchantClient>;
}

describe.runIf(redis.available)('interop: merchant backoff shared on redis-server, sandbox merchants', () => {
  let server: RedisServerHandle;
  let sandbox: Sandbox;
  const instances: Instance[] = [];

  function instance(options: Partial<RedisBackoffFactoryOptions> = {}): Instance {
    const http = createHttpClient({
      lookup: sandbox.lookup,
      allowHttp: true,
      allowPrivateNetwork: true,
      connector: createLoopbackOnlyConnector(),
      timeoutMs: 5_000,
      retry: false,
    });
    const warnings: RedisBackoffWarning[] = [];
    const backoffs = createRedisBackoffFactory({
      url: server.url,
      failureThreshold: 2,
      openMs: 1_500,
      onWarning: (warning) => warnings.push(warning),
      ...options,
    });
    const made: Instance = {
      http,
      backoffs,
      warnings,
      async client(merchant) {
        const { profile } = parseAgentCard((await http.getJson(merchant.cardUrl)).data);
        const a2a = await createA2AClient({ profile, http });
        const merchantId = merchant.domain;
        return createMerchantClient({
          profile,
          a2a,
          userId: 'user-1',
          merchantId,
          backoff: backoffs.forMerchant(merchantBackoffKey({ merchantId, profile })),
          rateLimitRetries: 0,
        });
      },
    };
    instances.push(made);
    return made;
  }

  const merchant = (index: number): SandboxMerchant => sandbox.merchants[index] as SandboxMerchant;

  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    sandbox = await startSandbox({
      merchants: 2 + HEALTHY.length,
      seed: 'redis-backoff',
      faults: {
        [RATE_LIMITED]: { rateLimit: { retryAfterSeconds: 1, mode: 'http' } },
        [FAILING]: {
          serverError: { status: 503 },
          latency: { minMs: PROBE_LATENCY_MS, maxMs: PROBE_LATENCY_MS },
        },
        ...Object.fromEntries(HEALTHY.map((i) => [i, { latency: { minMs: 50, maxMs: 150 } }])),
      },
    });
  });
  afterAll(async () => {
    for (const made of instances) {
      await made.backoffs.close();
      await made.http.close();
    }
    await sandbox?.close();
    await server?.close();
  });

  it('a 429 seen by instance A: the merchant sees no call from A or B before its Retry-After instant', async () => {
    const [a, b] = [instance(), instance()];
    const shop = merchant(RATE_LIMITED);
    const [onA, onB] = [await a.client(shop), await b.client(shop)];
    const first = await errorOf(onA.productSearch({ query: 'lamp' }));
    expect(isHttpStatusError(first) && first.headers.get('retry-after')).toBe('1');
    const refusedAt = shop.stats.a2aRequestTimes.at(-1) as number;
    const seen = shop.stats.a2aRequests;

    // B's fan-out reports the merchant rate-limited at once instead of waiting out its deadline.
    const started = performance.now();
    const fanOut = await fanOutSearch({ query: 'lamp', merchants: [onB], deadlineMs: 600 });
    expect(fanOut.outcomes[0]?.status).toBe('rate-limited');
    expect(performance.now() - started).toBeLessThan(600);
    expect(shop.stats.a2aRequests).toBe(seen);

    // Both instances' calls wait for the same instant, then go (and are refused again: the merchant still limits).
    const calls = [onA, onB, onA, onB, onA, onB].map((client) =>
      errorOf(client.productSearch({ query: 'lamp' })),
    );
    for (const error of await Promise.all(calls)) expect(isHttpStatusError(error) && error.status).toBe(429);
    const later = shop.stats.a2aRequestTimes.slice(-6);
    expect(shop.stats.a2aRequests).toBe(seen + 6);
    for (const at of later) expect(at).toBeGreaterThanOrEqual(refusedAt + 1_000);
  });

  it('a circuit opened by A refuses on B, and exactly one probe goes out fleet-wide when it half-opens', async () => {
    const [a, b] = [instance(), instance()];
    const shop = merchant(FAILING);
    const [onA, onB] = [await a.client(shop), await b.client(shop)];
    for (let i = 0; i < 2; i += 1) {
      const error = await errorOf(onA.productSearch({ query: 'lamp' }));
      expect(isHttpStatusError(error) && error.status).toBe(503);
    }
    const sent = shop.stats.a2aRequests;
    expect(isCircuitOpenError(await errorOf(onB.productSearch({ query: 'lamp' })))).toBe(true);
    const fanOut = await fanOutSearch({ query: 'lamp', merchants: [onB], deadlineMs: 1_000 });
    expect(fanOut.outcomes[0]).toMatchObject({ status: 'skipped', reason: 'circuit-open' });
    expect(shop.stats.a2aRequests).toBe(sent);

    await vi.waitFor(
      async () => {
        await onB.backoff.refresh?.();
        expect(onB.backoff.state).toBe('half-open');
      },
      { timeout: 5_000, interval: 50 },
    );
    // Twenty callers on two instances race the half-open circuit; the merchant sees one request.
    const racing = Array.from({ length: 20 }, (_, i) =>
      errorOf((i % 2 === 0 ? onA : onB).productSearch({ query: 'lamp' })),
    );
    const errors = await Promise.all(racing);
    expect(shop.stats.a2aRequests).toBe(sent + 1);
    expect(errors.filter((e) => isHttpStatusError(e) && e.status === 503)).toHaveLength(1);
    expect(errors.filter(isCircuitOpenError)).toHaveLength(19);
    // The probe failed: open again, for both.
    await onA.backoff.refresh?.();
    expect(onA.backoff.state).toBe('open');
  });

  it('Redis stopped and restarted during fan-outs: every merchant still answers, with warnings, by the deadline', async () => {
    const a = instance({ commandTimeoutMs: 300 });
    const clients = await Promise.all(HEALTHY.map((i) => a.client(merchant(i))));
    const search = async () => {
      const started = performance.now();
      const result = await fanOutSearch({ query: 'lamp', merchants: clients, deadlineMs: 4_000 });
      return { result, elapsed: performance.now() - started };
    };
    const during = search();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await server.stop();
    try {
      const results = [await during, await search()];
      for (const { result, elapsed } of results) {
        expect(result.outcomes.map((o) => o.status)).toEqual(HEALTHY.map(() => 'ok'));
        expect(result.deadlineReached).toBe(false);
        expect(elapsed).toBeLessThan(4_000);
      }
      expect(a.warnings.length).toBeGreaterThan(0);
      for (const warning of a.warnings) {
        expect(isAgentWebError(warning.error)).toBe(true);
        expect(warning.error.code).toBe('STATE_STORE_UNAVAILABLE');
      }
      expect(a.warnings.map((w) => w.operation)).toContain('admit');
    } finally {
      await server.start();
    }
    // Once the client has reconnected, searches go through Redis again without a warning.
    await vi.waitFor(
      async () => {
        const before = a.warnings.length;
        const { result } = await search();
        expect(result.outcomes.every((o) => o.status === 'ok')).toBe(true);
        expect(a.warnings.length).toBe(before);
      },
      { timeout: 15_000, interval: 200 },
    );
  });
});
