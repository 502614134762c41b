import { runFanOut } from './fan-out-stream.js';
import type { FanOutChunk, FanOutResult, FanOutSearchOptions } from './fan-out-types.js';
import { mergeChunks } from './merge-results.js';

/**
 * Searches every merchant at once and resolves, by the deadline at the latest, to the merged products (with
 * provenance, round-robin, GTIN-de-duplicated) and one outcome per merchant. One merchant's failure or hang never
 * costs another merchant's results.
 */
export async function fanOutSearch(options: FanOutSearchOptions): Promise<FanOutResult> {
  const started = performance.now();
  const chunks: (FanOutChunk | undefined)[] = [];
  // The stream checks the options before it yields; `merchants` is only read once it has.
  for await (const chunk of runFanOut(options, 'fanOutSearch')) chunks[chunk.index] = chunk;
  chunks.length = options.merchants.length;
  const { products, duplicates } = mergeChunks(chunks);
  const outcomes = chunks.map((chunk) => chunk!.outcome);
  return {
    products,
    outcomes,
    duplicates,
    elapsedMs: performance.now() - started,
    deadlineReached: outcomes.some((outcome) => outcome.reason === 'deadline'),
  };
}
