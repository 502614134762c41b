import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, resolveRetryPolicy, retryDelay } from './retry-policy.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
  });
  it('reads HTTP-dates, past dates giving 0', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
  });
  it('ignores absent and malformed values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('uses full jitter under a doubling, capped ceiling', () => {
    const policy = resolveRetryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (retry, r) => {
          const delay = backoffDelay(policy, retry, () => r);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(Math.min(1000, 100 * 2 ** (retry - 1)));
        },
      ),
    );
    expect(backoffDelay(policy, 1, () => 0)).toBe(0);
  });

  it('prefers Retry-After, capped by maxRetryDelayMs', () => {
    const policy = resolveRetryPolicy({ maxRetryDelayMs: 5_000 });
    expect(retryDelay(policy, 1, '2')).toEqual({ delayMs: 2_000, fromRetryAfter: true });
    expect(retryDelay(policy, 1, '3600')).toEqual({ delayMs: 5_000, fromRetryAfter: true });
    expect(retryDelay(policy, 1, null).fromRetryAfter).toBe(false);
  });
});

describe('resolveRetryPolicy', () => {
  it('defaults to two retries of idempotent methods', () => {
    const policy = resolveRetryPolicy(undefined);
    expect(policy.limit).toBe(2);
    expect([...policy.methods]).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
    expect(policy.statusCodes.has(503)).toBe(true);
    expect(policy.statusCodes.has(501)).toBe(false);
  });
  it('merges per-call options over the client and honours false', () => {
    expect(resolveRetryPolicy({ limit: 4 }, { baseDelayMs: 1 }).limit).toBe(4);
    expect(resolveRetryPolicy({ limit: 4 }, false).limit).toBe(0);
    expect(resolveRetryPolicy(false).limit).toBe(0);
    expect(resolveRetryPolicy(false, { limit: 1 }).limit).toBe(1);
    expect(resolveRetryPolicy(undefined, { methods: ['post'] }).methods.has('POST')).toBe(true);
  });
});
