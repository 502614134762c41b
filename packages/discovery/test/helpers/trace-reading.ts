import { expect } from 'vitest';
import { isDiscoveryError, type TraceEntry } from '../../src/resolve/index.js';

/** `mechanism:outcome` of each entry, for compact order assertions. */
export function outcomes(trace: readonly TraceEntry[]): string[] {
  return trace.map((t) => `${t.mechanism}:${t.outcome}`);
}

/** The trace of a run that must fail with `DiscoveryError` (`DISCOVERY_FAILED`). */
export async function failureTrace(promise: Promise<unknown>): Promise<readonly TraceEntry[]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isDiscoveryError(error)) throw new Error(`expected a DiscoveryError, got ${String(error)}`);
  expect(error.code).toBe('DISCOVERY_FAILED');
  return error.trace;
}
