import fc from 'fast-check';
import type { FuzzTarget } from './target.js';

/** Inputs generated at a time (each chunk has its own seed, so any chunk can be generated alone). */
export const CHUNK_SIZE = 250;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** How many chunks a target's run has: the generated inputs, then one of hostile inputs when it has them. */
export function chunkCount(target: FuzzTarget, runs: number, hostileRuns: number): number {
  return Math.ceil(runs / CHUNK_SIZE) + (target.hostile && hostileRuns > 0 ? 1 : 0);
}

/**
 * One chunk of a target's inputs, generated deterministically from the seed. The run and its worker both call
 * this, so an input never crosses threads (a JSON value nested thousands deep cannot be structured-cloned), and
 * the worker generates a chunk before any of its inputs is timed.
 */
export function inputChunk(
  target: FuzzTarget,
  seed: number,
  runs: number,
  hostileRuns: number,
  chunk: number,
): { index: string; value: unknown }[] {
  const targetSeed = (seed ^ hash(target.name)) >>> 0;
  const start = chunk * CHUNK_SIZE;
  if (start < runs) {
    return fc
      .sample(target.input, { seed: targetSeed + start, numRuns: Math.min(CHUNK_SIZE, runs - start) })
      .map((value, i) => ({ index: String(start + i), value }));
  }
  if (!target.hostile) return [];
  return fc
    .sample(target.hostile, { seed: targetSeed + 7, numRuns: hostileRuns })
    .map((value, i) => ({ index: `hostile:${i}`, value }));
}
