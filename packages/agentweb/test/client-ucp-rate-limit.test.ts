import { rateLimitOf } from '@agentweb/cap';
import { UcpProtocolError } from '@agentweb/ucp';
import { describe, expect, it } from 'vitest';
import { classifyUcpCall } from '../src/client/ucp/ucp-merchant-client.js';

const error = (status: number, retryAfterMs?: number) =>
  new UcpProtocolError({
    operation: 'search_catalog',
    status,
    ucpCode: status === 429 ? 'rate_limited' : 'internal',
    content: 'slow down',
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    businessUrl: 'https://shop.example',
  });

describe('a UCP merchant that answers 429', () => {
  it('pauses its backoff for the Retry-After it sent and is reported rate-limited by the fan-out', () => {
    expect(classifyUcpCall({ ok: false, error: error(429, 2_000) })).toEqual({
      kind: 'rate-limited',
      retryAfterMs: 2_000,
    });
    expect(classifyUcpCall({ ok: false, error: error(429) })).toEqual({ kind: 'rate-limited' });
    // The fan-out's outcome classifier sees the same error as a rate limit.
    expect(rateLimitOf(error(429, 2_000))).toEqual({ retryAfterMs: 2_000 });
    expect(rateLimitOf(error(500))).toBeUndefined();
  });

  it('counts 5xx as failures for the circuit and 4xx business refusals as healthy answers', () => {
    expect(classifyUcpCall({ ok: false, error: error(503) })).toEqual({ kind: 'failure' });
    expect(classifyUcpCall({ ok: false, error: error(400) })).toEqual({ kind: 'success' });
  });
});
