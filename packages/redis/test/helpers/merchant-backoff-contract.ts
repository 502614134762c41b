import {
  type CallOutcome,
  isCircuitOpenError,
  type MerchantBackoff,
  type MerchantBackoffOptions,
} from '@agentweb/cap';
import { describe, expect, it, vi } from 'vitest';

/**
 * One merchant's backoff as several instances of a service see it. `instance()` gives another instance's handle on
 * the same merchant: a new connection for a shared store, the same object for the in-process backoff (which is
 * shared by every call in its process).
 */
export interface BackoffFleet {
  instance(): MerchantBackoff;
}

/** Makes a fresh merchant's fleet with these rules (`now`, when given, is every instance's clock). */
export type MakeBackoffFleet = (
  options: Omit<MerchantBackoffOptions, 'stateObject' | 'name'>,
) => BackoffFleet | Promise<BackoffFleet>;

/** A call's 429, with the merchant's Retry-After. */
export class RateLimited extends Error {
  constructor(readonly retryAfterMs?: number) {
    super('429');
  }
}

/** Rate limits, aborts (ignored) and other failures, as the merchant client's classifier tells them apart. */
export const classify = (
  result: { ok: true; value: unknown } | { ok: false; error: unknown },
): CallOutcome => {
  if (result.ok) return { kind: 'success' };
  if (result.error instanceof RateLimited)
    return { kind: 'rate-limited', retryAfterMs: result.error.retryAfterMs };
  if (result.error instanceof DOMException) return { kind: 'ignore' };
  return { kind: 'failure' };
};
/** A call that fails (a 503). */
export const fail = () => Promise.reject(new Error('503'));
/** A call that succeeds. */
export const ok = () => Promise.resolve('ok');
/** What `promise` rejects with (an Error saying so when it resolves). */
export const errorOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => new Error('expected a failure'),
    (error: unknown) => error,
  );

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

/**
 * The behaviour every `MerchantBackoff` implementation shares, so that the in-process and the Redis backoff cannot
 * drift apart. Most cases run on a clock the test moves; the waits run on the real clock with short delays and
 * assert only "not before", which load cannot break.
 */
export function describeMerchantBackoffContract(title: string, make: MakeBackoffFleet): void {
  describe(`MerchantBackoff contract: ${title}`, () => {
    it('a Retry-After seen by one instance holds every instance’s calls until the same instant', async () => {
      const fleet = await make({});
      const [a, b] = [fleet.instance(), fleet.instance()];
      let limitedAt = 0;
      const limited = () => {
        limitedAt = Date.now();
        return Promise.reject(new RateLimited(300));
      };
      await expect(a.run(limited, { classify })).rejects.toThrow('429');
      const started: number[] = [];
      const call = () => {
        started.push(Date.now());
        return ok();
      };
      const results = await Promise.all([a, b, a, b].map((backoff) => backoff.run(call, { classify })));
      expect(results).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(started).toHaveLength(4);
      for (const at of started) expect(at).toBeGreaterThanOrEqual(limitedAt + 300);
      expect(a.waitMs).toBe(0);
    });

    it('refresh shows another instance’s pause in waitMs, and a too-long Retry-After is capped', async () => {
      const clock = manualClock();
      const fleet = await make({ now: clock.now, maxRetryAfterMs: 60_000 });
      const [a, b] = [fleet.instance(), fleet.instance()];
      await expect(a.run(() => Promise.reject(new RateLimited(5_000)), { classify })).rejects.toThrow();
      await b.refresh?.();
      expect(b.waitMs).toBe(5_000);
      expect(b.state).toBe('closed');
      clock.t += 5_000;
      await expect(a.run(() => Promise.reject(new RateLimited(1e12)), { classify })).rejects.toThrow();
      await b.refresh?.();
      expect(b.waitMs).toBe(60_000);
    });

    it('backs off exponentially with full jitter when no Retry-After is given', async () => {
      const clock = manualClock();
      const fleet = await make({
        now: clock.now,
        baseDelayMs: 100,
        maxDelayMs: 1_000,
        random: () => 0.5,
        failureThreshold: 99,
      });
      const [a, b] = [fleet.instance(), fleet.instance()];
      const waits: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        await expect((i % 2 === 0 ? a : b).run(fail, { classify })).rejects.toThrow('503');
        await a.refresh?.();
        waits.push(a.waitMs);
        clock.t += a.waitMs;
      }
      expect(waits).toEqual([50, 100, 200, 400, 500, 500]);
      expect(a.state).toBe('closed');
    });

    it('opens after failureThreshold failures on any instance and refuses everywhere without calling', async () => {
      const clock = manualClock();
      const fleet = await make({ now: clock.now, failureThreshold: 3, openMs: 10_000, random: () => 0 });
      const [a, b] = [fleet.instance(), fleet.instance()];
      await expect(a.run(fail, { classify })).rejects.toThrow('503');
      await expect(b.run(fail, { classify })).rejects.toThrow('503');
      await expect(a.run(fail, { classify })).rejects.toThrow('503');
      expect(a.state).toBe('open');
      const refused = vi.fn(ok);
      const error = await errorOf(b.run(refused, { classify }));
      expect(isCircuitOpenError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'CAP_CIRCUIT_OPEN', retryAfterMs: 10_000 });
      expect(refused).not.toHaveBeenCalled();
      expect(b.state).toBe('open');
      expect(b.waitMs).toBe(10_000);
      clock.t += 9_999;
      expect(a.state).toBe('open');
      expect(a.waitMs).toBe(1);
    });

    it('half-open lets exactly one probe through across instances; its success closes the circuit for all', async () => {
      const clock = manualClock();
      const fleet = await make({ now: clock.now, failureThreshold: 1, openMs: 10_000 });
      const [a, b] = [fleet.instance(), fleet.instance()];
      await expect(a.run(fail, { classify })).rejects.toThrow();
      clock.t += 10_000;
      await b.refresh?.();
      expect(b.state).toBe('half-open');
      let releaseProbe!: (value: string) => void;
      const calls = vi.fn(() => new Promise<string>((resolve) => (releaseProbe = resolve)));
      // Many callers on both instances race for the probe: exactly one call goes out, the rest are refused.
      let settled = 0;
      const racing = Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b)
          .run(calls, { classify })
          .then(
            (value) => value,
            (error: unknown) => error,
          )
          .finally(() => {
            settled += 1;
          }),
      );
      await vi.waitFor(() => expect(settled).toBe(19));
      expect(calls).toHaveBeenCalledTimes(1);
      releaseProbe('probed');
      const results = await Promise.all(racing);
      expect(results.filter((r) => r === 'probed')).toHaveLength(1);
      for (const refused of results.filter((r) => r !== 'probed'))
        expect(refused).toMatchObject({ code: 'CAP_CIRCUIT_OPEN', retryAfterMs: 0 });
      await b.refresh?.();
      expect(b.state).toBe('closed');
      expect(await b.run(ok, { classify })).toBe('ok');
    });

    it('a failed probe reopens the circuit for everyone', async () => {
      const clock = manualClock();
      const fleet = await make({ now: clock.now, failureThreshold: 1, openMs: 5_000 });
      const [a, b] = [fleet.instance(), fleet.instance()];
      await expect(a.run(fail, { classify })).rejects.toThrow();
      clock.t += 5_000;
      await expect(b.run(fail, { classify })).rejects.toThrow('503');
      await a.refresh?.();
      expect(a.state).toBe('open');
      expect(a.waitMs).toBe(5_000);
      expect(await errorOf(a.run(ok, { classify }))).toMatchObject({ retryAfterMs: 5_000 });
    });

    it('a success resets the failure count, and rate limits never open the circuit', async () => {
      const clock = manualClock();
      const fleet = await make({ now: clock.now, failureThreshold: 2, random: () => 0 });
      const [a, b] = [fleet.instance(), fleet.instance()];
      await expect(a.run(fail, { classify })).rejects.toThrow();
      await b.run(ok, { classify });
      await expect(a.run(fail, { classify })).rejects.toThrow();
      expect(a.state).toBe('closed');
      for (let i = 0; i < 5; i += 1) {
        await expect(
          (i % 2 === 0 ? a : b).run(() => Promise.reject(new RateLimited(0)), { classify }),
        ).rejects.toThrow();
      }
      await a.refresh?.();
      expect(a.state).toBe('closed');
    });

    it('ignored outcomes change nothing', async () => {
      const clock = manualClock();
      const fleet = await make({ now: clock.now, failureThreshold: 1 });
      const [a, b] = [fleet.instance(), fleet.instance()];
      await expect(
        a.run(() => Promise.reject(new DOMException('aborted', 'AbortError')), { classify }),
      ).rejects.toThrow();
      await b.refresh?.();
      expect(b.state).toBe('closed');
      expect(b.waitMs).toBe(0);
    });

    it('aborts a wait with the caller’s reason, without running the call', async () => {
      const fleet = await make({});
      const [a, b] = [fleet.instance(), fleet.instance()];
      await expect(a.run(() => Promise.reject(new RateLimited(60_000)), { classify })).rejects.toThrow();
      const call = vi.fn(ok);
      const reason = new Error('deadline');
      const controller = new AbortController();
      setTimeout(() => controller.abort(reason), 50);
      expect(await errorOf(b.run(call, { classify, signal: controller.signal }))).toBe(reason);
      expect(call).not.toHaveBeenCalled();
      expect(await errorOf(b.run(call, { classify, signal: AbortSignal.abort('early') }))).toBe('early');
    });
  });
}
