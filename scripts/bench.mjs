// Runs every package's vitest benchmarks and prints, per group, each entry's speed as a ratio to the
// group's baseline (the entry whose name starts with "baseline:"), measured in the same run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

mkdirSync('reports', { recursive: true });
const out = 'reports/bench.json';
const run = spawnSync(
  'pnpm',
  ['exec', 'vitest', 'bench', '--run', '--outputJson', out, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(readFileSync(out, 'utf8'));
const rows = [];
for (const file of report.files ?? []) {
  for (const group of file.groups ?? []) {
    const baseline = group.benchmarks.find((b) => b.name.startsWith('baseline:'));
    for (const b of group.benchmarks) {
      rows.push({
        group: group.fullName.replace(/^.*?> /, ''),
        name: b.name,
        'ops/s': Math.round(b.hz).toLocaleString('en-US'),
        p99_ms: b.p99?.toFixed(4),
        'time vs baseline': baseline ? `${(baseline.hz / b.hz).toFixed(2)}x` : 'n/a',
        'p99 vs baseline': baseline?.p99 && b.p99 ? `${(b.p99 / baseline.p99).toFixed(2)}x` : 'n/a',
      });
    }
  }
}
console.log('\nBenchmarks (mean time and p99 per op relative to the group baseline; lower is better)');
console.table(rows);
