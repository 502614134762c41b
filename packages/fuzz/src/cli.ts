#!/usr/bin/env node
// `pnpm fuzz`: long fuzzing runs over every parser of outside input (see README "Fuzzing").
import { parseArgs } from 'node:util';
import { runFuzz, type TargetReport } from './run-fuzz.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    'hostile-runs': { type: 'string' },
    seed: { type: 'string' },
    target: { type: 'string', multiple: true },
    'time-limit': { type: 'string' },
    workers: { type: 'string' },
    'heap-mb': { type: 'string' },
    'max-slowdown': { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help) {
  console.log(`pnpm fuzz [options]
  --runs N            generated inputs per target (default 1000)
  --hostile-runs N    large hostile inputs per target that has them (default 20)
  --seed N            repeat a run (default: random, printed)
  --target NAME       only targets whose name contains NAME (repeatable)
  --time-limit MS     per input, plus 8000 ms per MB (default 2000)
  --workers N         worker threads (default 2)
  --heap-mb N         heap cap of a worker (default 1024)
  --max-slowdown X    time per MB allowed over the real inputs' (default 20)
  --out DIR           failing inputs and summary.json (default reports/fuzz)`);
  process.exit(0);
}

const number = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : Number(value);
const fmt = (value: number | undefined, digits = 1): string =>
  value === undefined ? '-' : value.toFixed(digits);

const report = await runFuzz({
  runs: number(values.runs),
  hostileRuns: number(values['hostile-runs']),
  seed: number(values.seed),
  targets: values.target,
  timeLimitMs: number(values['time-limit']),
  workers: number(values.workers),
  heapMb: number(values['heap-mb']),
  maxSlowdown: number(values['max-slowdown']),
  outDir: values.out,
  onTarget: (t: TargetReport) =>
    console.log(`${t.name}: ${t.inputs} inputs, ${t.untyped} untyped, ${t.failures.length} failing`),
});

console.log(`\nFuzz run, seed ${report.seed} (repeat it with --seed ${report.seed})`);
console.table(
  report.targets.map((t) => ({
    target: t.name,
    inputs: t.inputs,
    ok: t.ok,
    typed: t.typed,
    untyped: t.untyped,
    hangs: t.hangs,
    'out of memory': t.memory,
    slow: t.slow,
    'real ms/MB': fmt(t.baselineMsPerMb),
    'slowest ms/MB': fmt(t.slowestMsPerMb),
    'slowest vs real': t.slowestRatio === undefined ? '-' : `${t.slowestRatio.toFixed(1)}x`,
    'max ms': fmt(t.maxMs),
  })),
);
const failures = report.targets.flatMap((t) => t.failures);
for (const failure of failures)
  console.log(
    `FAIL ${failure.target} ${failure.kind} #${failure.index}: ${failure.detail}\n  ${failure.file}`,
  );
const total = report.targets.reduce((sum, t) => sum + t.inputs, 0);
console.log(`${total} inputs over ${report.targets.length} functions, ${failures.length} failing`);
process.exitCode = report.ok ? 0 : 1;
