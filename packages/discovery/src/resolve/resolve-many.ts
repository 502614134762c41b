import { checkOptions, is, type ProgressEvent, required } from '@agentweb/core';
import pLimit from 'p-limit';
import { configError } from '../common/config-error.js';
import { isDiscoveryError } from './discovery-error.js';
import type { ResolveManyOptions, ResolveManyOutcome, Resolver } from './resolver-options.js';

/**
 * Resolves every domain with at most `concurrency` runs at once. Failures (including aborts) become
 * `{ ok: false }` outcomes, so the returned promise never rejects; outcomes keep the input order.
 */
export async function resolveMany(
  resolver: Pick<Resolver, 'resolve'>,
  domains: Iterable<string>,
  options: ResolveManyOptions = {},
): Promise<ResolveManyOutcome[]> {
  checkOptions(
    'resolveMany',
    { resolver, domains },
    { resolver: required(is.methods('resolve')), domains: required(is.iterable) },
  );
  checkOptions('resolveMany', options, {
    onProgress: is.function,
    signal: is.signal,
    requireCap: is.boolean,
    aidProtocol: is.string,
  });
  const list = [...domains];
  const concurrency = options.concurrency ?? 16;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw configError('DISCOVERY_CONFIG_INVALID', 'concurrency must be an integer >= 1');
  const limit = pLimit(concurrency);
  const started = performance.now();
  let completed = 0;

  const report = (domain: string, outcome: string) => {
    completed++;
    if (options.onProgress === undefined) return;
    const event: ProgressEvent = {
      type: 'resolve',
      target: domain,
      completed,
      total: list.length,
      outcome,
      elapsedMs: performance.now() - started,
    };
    try {
      options.onProgress(event);
    } catch {
      // A listener's failure must not lose the results of the others.
    }
  };

  return Promise.all(
    list.map((domain) =>
      limit(async (): Promise<ResolveManyOutcome> => {
        try {
          const result = await resolver.resolve(domain, {
            signal: options.signal,
            requireCap: options.requireCap,
            aidProtocol: options.aidProtocol,
          });
          report(domain, 'ok');
          return { domain, ok: true, result };
        } catch (error) {
          const trace = isDiscoveryError(error) ? error.trace : [];
          report(domain, outcomeOf(error, options.signal));
          return { domain, ok: false, error, trace };
        }
      }),
    ),
  );
}

function outcomeOf(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'aborted';
  if (isDiscoveryError(error)) {
    return error.trace.some((entry) => entry.outcome === 'timeout') ? 'timeout' : 'not-found';
  }
  return 'error';
}
