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
  // Exactly one chunk per merchant of the stream's own copy of `merchants`, so every index gets filled; the
  // caller's array is not read again (it may have changed since).
  for await (const chunk of runFanOut(options, 'fanOutSearch')) chunks[chunk.index] = chunk;
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
