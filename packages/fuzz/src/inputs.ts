import fc from 'fast-check';
import type { FuzzTarget } from './target.js';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * One target's inputs, generated deterministically from the seed. The run and its worker both call this, so an
 * input never crosses threads: a JSON value nested thousands deep cannot be structured-cloned.
 */
export function inputsOf(
  target: FuzzTarget,
  seed: number,
  runs: number,
  hostileRuns: number,
): { index: string; value: unknown }[] {
  const out: { index: string; value: unknown }[] = [];
  const targetSeed = (seed ^ hash(target.name)) >>> 0;
  const chunk = 250;
  for (let start = 0; start < runs; start += chunk) {
    const values = fc.sample(target.input, {
      seed: targetSeed + start,
      numRuns: Math.min(chunk, runs - start),
    });
    values.forEach((value, i) => {
      out.push({ index: String(start + i), value });
    });
  }
  if (target.hostile && hostileRuns > 0) {
    fc.sample(target.hostile, { seed: targetSeed + 7, numRuns: hostileRuns }).forEach((value, i) => {
      out.push({ index: `hostile:${i}`, value });
    });
  }
  return out;
}
