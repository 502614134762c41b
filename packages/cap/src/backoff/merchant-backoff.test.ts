import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyBackoffState } from './backoff-state.js';
import { isCircuitOpenError } from './circuit-open-error.js';
import { type CallOutcome, createMerchantBackoff } from './merchant-backoff.js';

class RateLimited extends Error {
  constructor(readonly retryAfterMs?: number) {
    super('429');
  }
}

const classify = (result: { ok: true; value: unknown } | { ok: false; error: unknown }): CallOutcome => {
  if (result.ok) return { kind: 'success' };
  if (result.error instanceof RateLimited)
    return { kind: 'rate-limited', retryAfterMs: result.error.retryAfterMs };
  if (result.error instanceof DOMException) return { kind: 'ignore' };
  return { kind: 'failure' };
};
const fail = () => Promise.reject(new Error('503'));
const ok = () => Promise.resolve('ok');

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts a call and records when it settled, in fake time. */
function track<T>(promise: Promise<T>) {
  const record: { settledAt?: number; value?: T; error?: unknown } = {};
  promise.then(
    (value) => {
      record.settledAt = Date.now();
      record.value = value;
    },
    (error: unknown) => {
      record.settledAt = Date.now();
      record.error = error;
    },
  );
  return record;
}

describe('createMerchantBackoff', () => {
  it('makes every concurrent call wait out the Retry-After one call received', async () => {
    const backoff = createMerchantBackoff();
    await expect(backoff.run(() => Promise.reject(new RateLimited(2_000)), { classify })).rejects.toThrow(
      '429',
    );
    expect(backoff.waitMs).toBe(2_000);
    const started: number[] = [];
    const calls = [1, 2, 3].map(() =>
      track(
        backoff.run(
          () => {
            started.push(Date.now());
            return ok();
          },
          { classify },
        ),
      ),
    );
    await vi.advanceTimersByTimeAsync(1_999);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([1_002_000, 1_002_000, 1_002_000]);
    expect(calls.map((c) => c.value)).toEqual(['ok', 'ok', 'ok']);
    expect(backoff.waitMs).toBe(0);
  });

  it('caps an absurd Retry-After', async () => {
    const backoff = createMerchantBackoff({ maxRetryAfterMs: 60_000 });
    await expect(backoff.run(() => Promise.reject(new RateLimited(1e12)), { classify })).rejects.toThrow();
    expect(backoff.waitMs).toBe(60_000);
  });

  it('backs off exponentially with full jitter when no Retry-After is given', async () => {
    const backoff = createMerchantBackoff({
      baseDelayMs: 100,
      maxDelayMs: 1_000,
      random: () => 0.5,
      failureThreshold: 99,
    });
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const call = track(backoff.run(fail, { classify }));
      await vi.advanceTimersByTimeAsync(backoff.waitMs);
      await vi.advanceTimersByTimeAsync(0);
      expect(call.error).toBeInstanceOf(Error);
      waits.push(backoff.waitMs);
    }
    expect(waits).toEqual([50, 100, 200, 400, 500, 500]);
    const jittered = createMerchantBackoff({ baseDelayMs: 100, random: () => 0 });
    await expect(jittered.run(() => Promise.reject(new RateLimited()), { classify })).rejects.toThrow();
    expect(jittered.waitMs).toBe(0);
  });

  it('opens after failureThreshold consecutive failures, half-opens for one probe, closes on success', async () => {
    const backoff = createMerchantBackoff({ failureThreshold: 3, openMs: 10_000, random: () => 0 });
    for (let i = 0; i < 3; i += 1) await expect(backoff.run(fail, { classify })).rejects.toThrow('503');
    expect(backoff.state).toBe('open');
    const refused = vi.fn(ok);
    const error = await backoff.run(refused, { classify }).catch((e: unknown) => e);
    expect(isCircuitOpenError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CAP_CIRCUIT_OPEN', retryAfterMs: 10_000 });
    expect(refused).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(backoff.state).toBe('half-open');
    let releaseProbe!: (value: string) => void;
    const probe = backoff.run(() => new Promise<string>((resolve) => (releaseProbe = resolve)), { classify });
    const second = await backoff.run(ok, { classify }).catch((e: unknown) => e);
    expect(second).toMatchObject({ code: 'CAP_CIRCUIT_OPEN', retryAfterMs: 0 });
    releaseProbe('probed');
    expect(await probe).toBe('probed');
    expect(backoff.state).toBe('closed');
    expect(await backoff.run(ok, { classify })).toBe('ok');
  });

  it('reopens when the probe fails', async () => {
    const backoff = createMerchantBackoff({ failureThreshold: 1, openMs: 5_000 });
    await expect(backoff.run(fail, { classify })).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(backoff.run(fail, { classify })).rejects.toThrow('503');
    expect(backoff.state).toBe('open');
    expect(backoff.waitMs).toBe(5_000);
  });

  it('a success resets the failure count, and rate limits never open the circuit', async () => {
    const backoff = createMerchantBackoff({ failureThreshold: 2, random: () => 0 });
    await expect(backoff.run(fail, { classify })).rejects.toThrow();
    await backoff.run(ok, { classify });
    await expect(backoff.run(fail, { classify })).rejects.toThrow();
    expect(backoff.state).toBe('closed');
    for (let i = 0; i < 5; i += 1) {
      await expect(backoff.run(() => Promise.reject(new RateLimited(0)), { classify })).rejects.toThrow();
    }
    expect(backoff.state).toBe('closed');
  });

  it('ignored outcomes change nothing', async () => {
    const backoff = createMerchantBackoff({ failureThreshold: 1 });
    await expect(
      backoff.run(() => Promise.reject(new DOMException('aborted', 'AbortError')), { classify }),
    ).rejects.toThrow();
    expect(backoff.state).toBe('closed');
    expect(backoff.waitMs).toBe(0);
  });

  it('aborts a wait with the caller’s reason, without running the call', async () => {
    const backoff = createMerchantBackoff();
    await expect(backoff.run(() => Promise.reject(new RateLimited(60_000)), { classify })).rejects.toThrow();
    const controller = new AbortController();
    const call = vi.fn(ok);
    const pending = track(backoff.run(call, { classify, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    const reason = new Error('deadline');
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(pending.error).toBe(reason);
    expect(pending.settledAt).toBe(1_001_000);
    expect(call).not.toHaveBeenCalled();
    await expect(backoff.run(call, { classify, signal: AbortSignal.abort('early') })).rejects.toBe('early');
  });

  it('reads time from the injected clock', async () => {
    let t = 0;
    const backoff = createMerchantBackoff({ now: () => t, openMs: 100, failureThreshold: 1 });
    await expect(backoff.run(fail, { classify })).rejects.toThrow();
    t = 99;
    expect(backoff.state).toBe('open');
    expect(backoff.waitMs).toBe(1);
    t = 100;
    expect(backoff.state).toBe('half-open');
    expect(await backoff.run(ok, { classify })).toBe('ok');
    expect(backoff.state).toBe('closed');
  });

  it('keeps its state in the stateObject given, which the owner can read and replace', async () => {
    let t = 0;
    const stateObject = emptyBackoffState();
    const backoff = createMerchantBackoff({
      now: () => t,
      stateObject,
      failureThreshold: 2,
      random: () => 0,
    });
    await expect(backoff.run(fail, { classify })).rejects.toThrow();
    expect(stateObject).toMatchObject({ failures: 1, openUntil: undefined });
    // What a shared store does when another process opened the circuit.
    stateObject.openUntil = 500;
    expect(backoff.state).toBe('open');
    expect(backoff.waitMs).toBe(500);
    const call = vi.fn(ok);
    expect(await backoff.run(call, { classify }).catch((e: unknown) => e)).toMatchObject({
      retryAfterMs: 500,
    });
    expect(call).not.toHaveBeenCalled();
    t = 500;
    expect(await backoff.run(call, { classify })).toBe('ok');
    expect(stateObject).toEqual({ failures: 0, rateLimits: 0, resumeAt: 0, openUntil: undefined });
  });
});
