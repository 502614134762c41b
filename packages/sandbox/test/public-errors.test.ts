import { isAgentWebError } from '@agentweb/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FilterSyntaxError,
  isFilterSyntaxError,
  isSandboxFetchError,
  isSandboxListenError,
  isSandboxOptionsError,
  isSandboxProcessError,
  parseFilter,
  type Sandbox,
  type SandboxOptions,
  SandboxOptionsError,
  startMinimalSdkMerchants,
  startSandbox,
  startSandboxProcess,
} from '../src/index.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'errors', dialects: ['0.3'] });
});
afterAll(async () => {
  await sb.close();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

describe('bad options are SandboxOptionsError (SANDBOX_OPTIONS_INVALID)', () => {
  const bad: [string, unknown, RegExp][] = [
    ['a non-loopback host', { host: '0.0.0.0' }, /loopback/],
    ['a negative merchant count', { merchants: -1 }, /merchants/],
    ['a fractional merchant count', { merchants: 1.5 }, /merchants/],
    ['no dialects', { dialects: [] }, /dialects/],
    ['an unknown dialect', { dialects: ['2.0'] }, /dialect/],
    ['a port out of range', { port: 70_000 }, /port/],
    ['a domain suffix that is no DNS name', { domainSuffix: 'not a domain' }, /domainSuffix/],
    ['a seed of the wrong type', { seed: { x: 1 } }, /seed/],
    ['faults of the wrong type', { faults: 'hang' }, /faults/],
    [
      'a forged interface with an unknown binding',
      { faults: { 0: { forgedInterface: { url: 'http://x.test/a2a', binding: 'SOAP' } } } },
      /forgedInterface/,
    ],
    [
      'a forged interface without a URL',
      { faults: { 0: { forgedInterface: { binding: 'GRPC' } } } },
      /forgedInterface/,
    ],
  ];
  it.each(bad)('startSandbox refuses %s', async (_name, options, message) => {
    const error = await failure(startSandbox(options as SandboxOptions));
    expect(error).toBeInstanceOf(SandboxOptionsError);
    expect(isSandboxOptionsError(error)).toBe(true);
    expect(isAgentWebError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'SandboxOptionsError', code: 'SANDBOX_OPTIONS_INVALID' });
    expect(String((error as Error).message)).toMatch(message);
  });

  it('startSandboxProcess refuses bad options in the parent, before forking a child', async () => {
    const error = await failure(startSandboxProcess({ merchants: -1 }));
    expect(isSandboxOptionsError(error)).toBe(true);
    expect(isSandboxProcessError(error)).toBe(false);
    expect((error as Error).message).toMatch(/merchants must be a non-negative integer/);
  });

  it('startMinimalSdkMerchants refuses a bad merchant count or latency', async () => {
    for (const options of [{ merchants: -2 }, { merchants: 1, latency: { minMs: 50, maxMs: 10 } }]) {
      const error = await failure(startMinimalSdkMerchants(options));
      expect(error).toMatchObject({ name: 'SandboxOptionsError', code: 'SANDBOX_OPTIONS_INVALID' });
    }
  });
});

describe('other public errors are AgentWebError subclasses with stable codes', () => {
  it('a port already in use is SandboxListenError (SANDBOX_LISTEN_FAILED) with the cause', async () => {
    const error = await failure(startSandbox({ merchants: 1, port: sb.http.port }));
    expect(isSandboxListenError(error)).toBe(true);
    expect(isAgentWebError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'SandboxListenError', code: 'SANDBOX_LISTEN_FAILED' });
    expect((error as Error).cause).toMatchObject({ code: 'EADDRINUSE' });
  });

  it('FilterSyntaxError is SANDBOX_FILTER_SYNTAX and keeps its position', () => {
    let error: unknown;
    try {
      parseFilter("price = 'open");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterSyntaxError);
    expect(isFilterSyntaxError(error)).toBe(true);
    expect(isAgentWebError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'FilterSyntaxError', code: 'SANDBOX_FILTER_SYNTAX', position: 8 });
  });

  it('sb.fetch refuses non-loopback literals, other schemes and bad URLs with SANDBOX_FETCH_REFUSED', async () => {
    for (const url of [
      'http://192.0.2.1:9/',
      'http://[2001:db8::1]:9/',
      'https://shop-0.sandbox.test/',
      'nope',
    ]) {
      const error = await failure(sb.fetch(url));
      expect(isSandboxFetchError(error)).toBe(true);
      expect(isAgentWebError(error)).toBe(true);
      expect(error).toMatchObject({ name: 'SandboxFetchError', code: 'SANDBOX_FETCH_REFUSED' });
    }
  });

  it('sb.fetch reports an unreachable name as SANDBOX_FETCH_FAILED with the cause', async () => {
    const error = await failure(sb.fetch(`http://not-a-shop.example:${sb.http.port}/`));
    expect(error).toMatchObject({ name: 'SandboxFetchError', code: 'SANDBOX_FETCH_FAILED' });
    expect((error as Error).cause).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('sb.fetch rejects with the caller’s abort reason, as fetch does', async () => {
    const reason = new Error('caller gave up');
    const controller = new AbortController();
    controller.abort(reason);
    expect(await failure(sb.fetch(sb.merchants[0]?.cardUrl ?? '', { signal: controller.signal }))).toBe(
      reason,
    );
  });

  it('a child that does not start in time is SandboxProcessError (SANDBOX_PROCESS_FAILED)', async () => {
    const error = await failure(startSandboxProcess({ merchants: 1, startTimeoutMs: 1 }));
    expect(isSandboxProcessError(error)).toBe(true);
    expect(isAgentWebError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'SandboxProcessError', code: 'SANDBOX_PROCESS_FAILED' });
  });
});
