// The worker of `runFuzz`: owns one target, runs the inputs it is sent, answers with the outcome and the time.
import { parentPort, workerData } from 'node:worker_threads';
import { inputChunk } from './inputs.js';
import { outcomeOf } from './outcome.js';
import type { FuzzTarget } from './target.js';

const {
  target: name,
  targetsModule,
  seed,
  runs,
  hostileRuns,
} = workerData as {
  target: string;
  targetsModule?: string;
  seed: number;
  runs: number;
  hostileRuns: number;
};
const module = (await import(targetsModule ?? './targets.js')) as { fuzzTargets(): FuzzTarget[] };
const target = module.fuzzTargets().find((t) => t.name === name);
if (!target) throw new Error(`unknown fuzz target ${name}`);

const MB = 1024 * 1024;
let inputs: { index: string; value: unknown }[] = [];

/** Time per MB of the target's real inputs: the best of three passes over all of them. */
async function baseline(): Promise<number | undefined> {
  const real = target!.realInputs?.() ?? [];
  const bytes = real.reduce<number>((sum, input) => sum + target!.size(input), 0);
  if (bytes === 0) return undefined;
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    for (const input of real) await outcomeOf(() => target!.run(input));
    best = Math.min(best, performance.now() - start);
  }
  return best / (bytes / MB);
}

type Message = { type: 'baseline' } | { type: 'chunk'; chunk: number } | { type: 'run'; index: number };

parentPort?.on('message', async (message: Message) => {
  if (message.type === 'baseline') {
    parentPort?.postMessage({ type: 'baseline', msPerMb: await baseline() });
    return;
  }
  if (message.type === 'chunk') {
    inputs = inputChunk(target, seed, runs, hostileRuns, message.chunk);
    parentPort?.postMessage({ type: 'ready' });
    return;
  }
  const input = inputs[message.index]!.value;
  const start = performance.now();
  const outcome = await outcomeOf(() => target.run(input));
  const ms = performance.now() - start;
  parentPort?.postMessage({ type: 'result', index: message.index, outcome, ms, bytes: target.size(input) });
});
parentPort?.postMessage({ type: 'ready' });
