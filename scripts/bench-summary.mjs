// Summarises vitest's bench JSON report (groups registered by bench/support/bench-group.ts, one per round) into
// per-entry medians and ranges of the ratio to the round's baseline, plus the figures bench files recorded.
import { cpus, totalmem } from 'node:os';
import { relative } from 'node:path';

/** Separates a group's title from its round in vitest's names (bench/support/bench-group.ts writes it). */
export const ROUND_SEPARATOR = ' · round ';

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
/**
 * `raw`: vitest's `--outputJson` report; `reportLines`: the parsed lines bench files wrote (figures, group settings);
 * `rounds`: the rounds asked for. Paths are made relative to `cwd`.
 */
export function summarise(raw, reportLines, rounds, cwd = process.cwd()) {
  const p99Groups = new Set(
    reportLines.filter((l) => l.kind === 'group' && l.statistic === 'p99').map((l) => l.group),
  );
  const byGroup = new Map();
  for (const file of raw.files ?? []) {
    const path = relative(cwd, file.filepath);
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
      // vitest keeps an entry that threw in a round, with no statistics: such a round counts as failed, and a
      // round whose baseline failed gives no ratio.
      let failedRounds = 0;
      for (const benchmarks of roundList) {
        const b = benchmarks.find((x) => x.name === name);
        const base = benchmarks.find((x) => x.name === baselineName);
        const time = b?.[statistic];
        if (!Number.isFinite(time)) {
          failedRounds += 1;
          continue;
        }
        times.push(time);
        const baseTime = base?.[statistic];
        if (Number.isFinite(baseTime) && baseTime > 0) ratios.push(time / baseTime);
      }
      return {
        name,
        baseline: name === baselineName,
        failedRounds,
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
  // Bench files that could not run here (a server they need is missing), with why.
  const notRun = reportLines
    .filter((line) => line.kind === 'not-run')
    .map(({ file, reason }) => ({ file, reason }));
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
    notRun,
  };
}
