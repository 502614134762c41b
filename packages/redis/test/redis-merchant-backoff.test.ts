import { isCircuitOpenError } from '@agentweb/cap';
import { isStateStoreError } from '@agentweb/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import {
  backoffKeys,
  createRedisBackoffFactory,
  type RedisBackoffFactoryOptions,
  type RedisBackoffWarning,
  type RedisMerchantBackoffs,
} from '../src/index.js';
import { type RedisServerHandle, startRedisServer } from '../src/test/index.js';
import {
  classify,
  describeMerchantBackoffContract,
  errorOf,
  fail,
  ok,
  RateLimited,
} from './helpers/merchant-backoff-contract.js';

// Interoperability: the merchant backoff on a real redis-server on 127.0.0.1 (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)('interop: merchant backoff on redis-server', () => {
  let server: RedisServerHandle;
  let admin: Redis;
  const factories: RedisMerchantBackoffs[] = [];
  let merchants = 0;
  /** A new instance's factory (its own connection), closed after the suite. */
  const factory = (options: Partial<RedisBackoffFactoryOptions> = {}): RedisMerchantBackoffs => {
    const made = createRedisBackoffFactory({ url: server.url, onWarning: () => undefined, ...options });
    factories.push(made);
    return made;
  };
  const nextMerchant = () => `merchant-${++merchants}`;

  beforeAll(async () => {
    server = await startRedisServer({ executable: redis.executable });
    admin = new Redis(server.url);
    // Its commands report their own failures; the event would only repeat them while the server is stopped.
    admin.on('error', () => undefined);
  });
  afterAll(async () => {
    await Promise.all(factories.map((f) => f.close()));
    admin?.disconnect();
    await server?.close();
  });

  describeMerchantBackoffContract(
    'Redis (createRedisBackoffFactory), one connection per instance',
    (options) => {
      const merchantId = nextMerchant();
      return { instance: () => factory(options).forMerchant(merchantId) };
    },
  );

  it('keeps state under the merchant’s hash tag with a TTL, and leaves no key for a healthy merchant', async () => {
    const merchantId = 'shop:{1}';
    const backoff = factory({ stateTtlMs: 60_000 }).forMerchant(merchantId);
    const keys = backoffKeys('agentweb:', merchantId);
    expect(keys.state).toBe('agentweb:backoff:{shop%3A%7B1%7D}');
    expect(keys.probe).toBe(`${keys.state}:probe`);
    await backoff.run(ok, { classify });
    expect(await admin.exists(keys.state)).toBe(0);
    await expect(backoff.run(() => Promise.reject(new RateLimited(5_000)), { classify })).rejects.toThrow();
    const ttl = await admin.pttl(keys.state);
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(65_000);
    expect(await admin.hget(keys.state, 'rateLimits')).toBe('1');
    // A long (card-claimed) id is kept out of the key.
    expect(backoffKeys('agentweb:', 'x'.repeat(5_000)).state).toMatch(
      /^agentweb:backoff:\{sha256:[0-9a-f]{64}\}$/,
    );
  });

  it('reads instants from the Redis server’s clock, so a skewed instance clock changes nothing', async () => {
    const merchantId = nextMerchant();
    const [a, b] = [factory().forMerchant(merchantId), factory().forMerchant(merchantId)];
    const realNow = Date.now.bind(Date);
    // Instance A's clock runs an hour fast while it records the 429 and reads the state back.
    const skew = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 3_600_000);
    try {
      await expect(a.run(() => Promise.reject(new RateLimited(2_000)), { classify })).rejects.toThrow();
      expect(a.waitMs).toBeGreaterThan(1_000);
      expect(a.waitMs).toBeLessThanOrEqual(2_000);
    } finally {
      skew.mockRestore();
    }
    await b.refresh();
    expect(b.waitMs).toBeGreaterThan(1_000);
    expect(b.waitMs).toBeLessThanOrEqual(2_000);
  });

  it('a prober that dies holds the half-open circuit only until its lease runs out', async () => {
    const merchantId = nextMerchant();
    const options = { failureThreshold: 1, openMs: 100, probeLeaseMs: 300 };
    const a = factory(options).forMerchant(merchantId);
    const b = factory(options).forMerchant(merchantId);
    await expect(a.run(fail, { classify })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 120));
    // A's probe never finishes, as if its process died mid-call.
    const hung = a.run(() => new Promise<never>(() => undefined), { classify });
    hung.catch(() => undefined);
    await vi.waitFor(async () =>
      expect(await admin.exists(backoffKeys('agentweb:', merchantId).probe)).toBe(1),
    );
    expect(await errorOf(b.run(ok, { classify }))).toMatchObject({
      code: 'CAP_CIRCUIT_OPEN',
      retryAfterMs: 0,
    });
    await vi.waitFor(async () => expect(await b.run(ok, { classify })).toBe('ok'), {
      timeout: 2_000,
      interval: 50,
    });
    expect(b.state).toBe('closed');
  });

  it('a caller that gives up while a probe lease is won releases it', async () => {
    const merchantId = nextMerchant();
    const options = { failureThreshold: 1, openMs: 50, probeLeaseMs: 60_000 };
    const a = factory(options).forMerchant(merchantId);
    await expect(a.run(fail, { classify })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 80));
    const controller = new AbortController();
    const call = vi.fn(ok);
    const pending = a.run(call, { classify, signal: controller.signal });
    controller.abort(new Error('gave up'));
    expect(await errorOf(pending)).toMatchObject({ message: 'gave up' });
    expect(call).not.toHaveBeenCalled();
    // Without the release, every caller in the fleet would be refused for the lease's 60 s.
    await vi.waitFor(async () =>
      expect(await admin.exists(backoffKeys('agentweb:', merchantId).probe)).toBe(0),
    );
    expect(await factory(options).forMerchant(merchantId).run(ok, { classify })).toBe('ok');
  });

  describe('Redis down or restarting', () => {
    it('falls back to this instance’s backoff from the state it last saw, warns, and never waits on Redis', async () => {
      const warnings: RedisBackoffWarning[] = [];
      const merchantId = nextMerchant();
      const backoff = factory({ commandTimeoutMs: 300, onWarning: (w) => warnings.push(w) }).forMerchant(
        merchantId,
      );
      await expect(backoff.run(() => Promise.reject(new RateLimited(700)), { classify })).rejects.toThrow();
      const limitedAt = Date.now();
      await server.stop();
      try {
        const started: number[] = [];
        const call = () => {
          started.push(Date.now());
          return ok();
        };
        // The pause this instance knew of still holds; the calls run once it is over, Redis or not.
        expect(await Promise.all([backoff.run(call, { classify }), backoff.run(call, { classify })])).toEqual(
          ['ok', 'ok'],
        );
        for (const at of started) expect(at).toBeGreaterThanOrEqual(limitedAt + 700 - 5);
        expect(warnings.length).toBeGreaterThan(0);
        expect(warnings[0]).toMatchObject({ merchantId, operation: 'admit' });
        expect(isStateStoreError(warnings[0]?.error)).toBe(true);
        // An outcome seen while Redis is down is kept by this instance.
        await expect(
          backoff.run(() => Promise.reject(new RateLimited(60_000)), { classify }),
        ).rejects.toThrow();
        expect(backoff.waitMs).toBeGreaterThan(50_000);
        const aborted = await errorOf(backoff.run(call, { classify, signal: AbortSignal.timeout(100) }));
        expect((aborted as Error).name).toBe('TimeoutError');
        // refresh never rejects, and keeps what it had.
        await backoff.refresh();
        expect(backoff.waitMs).toBeGreaterThan(50_000);
      } finally {
        await server.start();
      }
      // Back on Redis (restarted empty, no persistence): its state is the fleet's again.
      await vi.waitFor(
        async () => {
          await backoff.refresh();
          expect(backoff.waitMs).toBe(0);
        },
        { timeout: 10_000, interval: 100 },
      );
      const before = warnings.length;
      expect(await backoff.run(ok, { classify })).toBe('ok');
      expect(warnings.length).toBe(before);
    });

    it('a call in flight when Redis stops still returns, and its outcome is kept locally', async () => {
      const warnings: RedisBackoffWarning[] = [];
      const merchantId = nextMerchant();
      const backoff = factory({ commandTimeoutMs: 300, onWarning: (w) => warnings.push(w) }).forMerchant(
        merchantId,
      );
      let release!: () => void;
      const inFlight = backoff.run(
        () =>
          new Promise<never>((_, reject) => {
            release = () => reject(new RateLimited(30_000));
          }),
        { classify },
      );
      await vi.waitFor(() => expect(release).toBeTypeOf('function'));
      await server.stop();
      try {
        const started = Date.now();
        release();
        await expect(inFlight).rejects.toThrow('429');
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(warnings.map((w) => w.operation)).toContain('record');
        expect(backoff.waitMs).toBeGreaterThan(25_000);
      } finally {
        await server.start();
      }
    });

    it('a hung Redis costs a call one deadline, and the calls right after it none', async () => {
      const warnings: RedisBackoffWarning[] = [];
      const backoff = factory({ commandTimeoutMs: 1_500, onWarning: (w) => warnings.push(w) }).forMerchant(
        nextMerchant(),
      );
      expect(await backoff.run(ok, { classify })).toBe('ok');
      // Redis takes no command from anyone for 4 s: the server is up but answers nothing.
      await admin.call('CLIENT', 'PAUSE', '4000', 'ALL');
      try {
        const first = performance.now();
        expect(await backoff.run(ok, { classify })).toBe('ok');
        // The admit waits out its 1.5 s deadline, then the call runs on this instance's backoff.
        expect(performance.now() - first).toBeLessThan(2_500);
        const next = performance.now();
        expect(await backoff.run(ok, { classify })).toBe('ok');
        expect(performance.now() - next).toBeLessThan(1_000);
        expect(warnings.map((w) => w.operation)).toEqual(['admit', 'admit']);
        expect(warnings[0]?.error.reason).toMatch(/no answer within 1500 ms/);
        expect(warnings[1]?.error.reason).toMatch(/not tried/);
      } finally {
        // Answered once the pause is over.
        await admin.ping();
      }
    });

    it('a circuit this instance saw open stays open while Redis is down', async () => {
      const merchantId = nextMerchant();
      const backoff = factory({ commandTimeoutMs: 300, failureThreshold: 1, openMs: 60_000 }).forMerchant(
        merchantId,
      );
      await expect(backoff.run(fail, { classify })).rejects.toThrow();
      await server.stop();
      try {
        const call = vi.fn(ok);
        expect(isCircuitOpenError(await errorOf(backoff.run(call, { classify })))).toBe(true);
        expect(call).not.toHaveBeenCalled();
      } finally {
        await server.start();
      }
    });
  });
});
