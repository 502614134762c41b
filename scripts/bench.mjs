// `pnpm bench [--rounds N] [--check] [vitest bench filters...]`
//
// Runs every package's vitest benchmarks. Each group (bench/support/bench-group.ts) runs N rounds (default 5), its
// entries in a different order each round; per entry this prints the median, over the rounds, of its time relative to
// the baseline of the same round, and the min-max range. Writes reports/bench-summary.json (with the date, machine and
// Node version), from which `pnpm bench:docs` writes the docs' tables. `--check` then compares the medians with
// bench/targets.json and exits 1 when one misses its bound. `--check-only` checks the last summary without running.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { summarise } from './bench-summary.mjs';
import { checkTargets, formatTargetResults } from './bench-targets.mjs';

const REPORTS = resolve('reports');
const RAW = `${REPORTS}/bench.json`;
const METRICS = `${REPORTS}/bench-metrics.jsonl`;
const SUMMARY = `${REPORTS}/bench-summary.json`;
const TARGETS = resolve('bench/targets.json');

function parseArgs(argv) {
  const options = { rounds: 5, check: false, checkOnly: false, passThrough: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--rounds') {
      options.rounds = Number(argv[++i]);
      if (!Number.isInteger(options.rounds) || options.rounds < 1) fail('--rounds takes a positive integer');
    } else if (arg.startsWith('--rounds=')) {
      options.rounds = Number(arg.slice('--rounds='.length));
      if (!Number.isInteger(options.rounds) || options.rounds < 1) fail('--rounds takes a positive integer');
    } else if (arg === '--check') options.check = true;
    else if (arg === '--check-only') options.checkOnly = true;
    else options.passThrough.push(arg);
  }
  return options;
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function ratioText(ratio) {
  if (!ratio) return 'n/a';
  const f = (x) => `${x.toFixed(2)}x`;
  return ratio.n > 1 ? `${f(ratio.median)} (${f(ratio.min)}-${f(ratio.max)})` : f(ratio.median);
}

function timeText(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  if (ms >= 0.001) return `${(ms * 1000).toFixed(1)} µs`;
  return `${(ms * 1e6).toFixed(0)} ns`;
}

function printSummary(summary) {
  const rows = [];
  for (const group of summary.groups) {
    for (const entry of group.entries) {
      rows.push({
        group: group.group,
        entry: entry.name,
        [group.statistic === 'p99' ? 'p99 time' : 'median time']: timeText(entry.timeMs.median),
        'vs baseline: median (range)': entry.baseline ? '1.00x' : ratioText(entry.ratio),
      });
    }
  }
  console.log(
    `\nBenchmarks: ${summary.rounds} round(s) per group, entries reordered each round; time per op relative to the` +
      ' baseline of the same round, lower is better',
  );
  console.table(rows);
  for (const { file, reason } of summary.notRun ?? []) console.log(`Not run here: ${file}: ${reason}`);
  if (summary.metrics.length > 0) {
    console.log('Other figures (median and range over their observations)');
    console.table(
      summary.metrics.map((m) => ({
        group: m.group,
        figure: m.name,
        median: `${m.median.toFixed(m.unit === 'ratio' ? 3 : 1)} ${m.unit}`,
        range: `${m.min.toFixed(m.unit === 'ratio' ? 3 : 1)}-${m.max.toFixed(m.unit === 'ratio' ? 3 : 1)}`,
        n: m.n,
      })),
    );
  }
}

function runCheck(summary, { partial }) {
  const targets = JSON.parse(readFileSync(TARGETS, 'utf8'));
  const results = checkTargets(targets, summary, { partial });
  console.log(formatTargetResults(results));
  return results.every((r) => r.status !== 'missed' && r.status !== 'not measured');
}

const options = parseArgs(process.argv.slice(2));
mkdirSync(REPORTS, { recursive: true });

if (options.checkOnly) {
  const summary = JSON.parse(readFileSync(SUMMARY, 'utf8'));
  process.exit(runCheck(summary, { partial: false }) ? 0 : 1);
}

rmSync(METRICS, { force: true });
const run = spawnSync(
  'pnpm',
  ['exec', 'vitest', 'bench', '--run', '--outputJson', RAW, ...options.passThrough],
  {
    stdio: 'inherit',
    env: { ...process.env, AGENTWEB_BENCH_ROUNDS: String(options.rounds), AGENTWEB_BENCH_METRICS: METRICS },
  },
);
if (run.status !== 0) process.exit(run.status ?? 1);

let reportLines = [];
try {
  reportLines = readFileSync(METRICS, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
} catch {
  // No bench recorded a figure.
}
const summary = summarise(JSON.parse(readFileSync(RAW, 'utf8')), reportLines, options.rounds);
writeFileSync(SUMMARY, `${JSON.stringify(summary, null, 2)}\n`);
printSummary(summary);
// vitest bench reports an entry that threw as one without samples and still exits 0.
const failed = summary.groups.flatMap((g) =>
  g.entries
    .filter((e) => e.failedRounds > 0)
    .map((e) => `${g.group} > ${e.name} (${e.failedRounds} of ${g.rounds} rounds)`),
);
if (failed.length > 0) {
  console.error(`\n${failed.length} bench entr${failed.length === 1 ? 'y' : 'ies'} failed in some rounds:`);
  for (const name of failed) console.error(`  ${name}`);
  process.exit(1);
}
console.log(
  `\nSummary written to ${relative(process.cwd(), SUMMARY)}; \`pnpm bench:docs\` writes the docs' tables.`,
);
if (options.check) process.exit(runCheck(summary, { partial: options.passThrough.length > 0 }) ? 0 : 1);
