// `pnpm bench [--rounds N] [--check] [vitest bench filters...]`
//
// Runs every package's vitest benchmarks. Each group (bench/support/bench-group.ts) runs N rounds (default 5), its
// entries in a different order each round; per entry this prints the median, over the rounds, of its time relative to
// the baseline of the same round, and the min-max range. Writes reports/bench-summary.json (with the date, machine and
// Node version), from which `pnpm bench:docs` writes the docs' tables. `--check` then compares the medians with
// bench/targets.json and exits 1 when one misses its bound. `--check-only` checks the last summary without running.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { relative, resolve } from 'node:path';
import { checkTargets, formatTargetResults } from './bench-targets.mjs';

const ROUND_SEPARATOR = ' · round ';
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

function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/** Groups vitest's raw report by (file, title without round) and summarises each entry's per-round ratios. */
function summarise(raw, reportLines, rounds) {
  const p99Groups = new Set(
    reportLines.filter((l) => l.kind === 'group' && l.statistic === 'p99').map((l) => l.group),
  );
  const byGroup = new Map();
  for (const file of raw.files ?? []) {
    const path = relative(process.cwd(), file.filepath);
    for (const group of file.groups ?? []) {
      const full = group.fullName.slice(group.fullName.indexOf(' > ') + 3);
      const cut = full.lastIndexOf(ROUND_SEPARATOR);
      const title = cut === -1 ? full : full.slice(0, cut);
      const key = `${path}\n${title}`;
      let entry = byGroup.get(key);
      if (!entry) {
        entry = { file: path, group: title, rounds: [] };
        byGroup.set(key, entry);
      }
      entry.rounds.push(group.benchmarks);
    }
  }
  const groups = [];
  for (const { file, group, rounds: roundList } of byGroup.values()) {
    const names = [];
    for (const benchmarks of roundList)
      for (const b of benchmarks) if (!names.includes(b.name)) names.push(b.name);
    const baselineName = names.find((name) => name.startsWith('baseline:'));
    const entries = names.map((name) => {
      const ratios = [];
      const times = [];
      const statistic = p99Groups.has(group) ? 'p99' : 'median';
      for (const benchmarks of roundList) {
        const b = benchmarks.find((x) => x.name === name);
        const base = benchmarks.find((x) => x.name === baselineName);
        if (!b) continue;
        times.push(b[statistic]);
        if (base) ratios.push(b[statistic] / base[statistic]);
      }
      return {
        name,
        baseline: name === baselineName,
        ratio: ratios.length > 0 ? stats(ratios) : undefined,
        timeMs: stats(times),
      };
    });
    groups.push({
      file,
      group,
      rounds: roundList.length,
      statistic: p99Groups.has(group) ? 'p99' : 'median',
      entries,
    });
  }
  const metricGroups = new Map();
  for (const m of reportLines.filter((line) => line.kind === 'metric')) {
    const key = `${m.group}\n${m.name}`;
    const found = metricGroups.get(key) ?? { group: m.group, name: m.name, unit: m.unit, values: [] };
    found.values.push(m.value);
    metricGroups.set(key, found);
  }
  const metrics = [...metricGroups.values()].map(({ values, ...rest }) => ({ ...rest, ...stats(values) }));
  const cpu = cpus();
  return {
    date: new Date().toISOString(),
    machine: {
      cpu: cpu[0]?.model.trim() ?? 'unknown',
      cores: cpu.length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      platform: `${process.platform} ${process.arch}`,
    },
    node: process.version,
    rounds,
    groups,
    metrics,
  };
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
  g.entries.filter((e) => !Number.isFinite(e.timeMs.median)).map((e) => `${g.group} > ${e.name}`),
);
if (failed.length > 0) {
  console.error(`\n${failed.length} bench entr${failed.length === 1 ? 'y' : 'ies'} failed (no samples):`);
  for (const name of failed) console.error(`  ${name}`);
  process.exit(1);
}
console.log(
  `\nSummary written to ${relative(process.cwd(), SUMMARY)}; \`pnpm bench:docs\` writes the docs' tables.`,
);
if (options.check) process.exit(runCheck(summary, { partial: options.passThrough.length > 0 }) ? 0 : 1);
