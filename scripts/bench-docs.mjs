// `pnpm bench:docs`: writes the benchmark tables of the docs from the last `pnpm bench` (reports/bench-summary.json),
// so no figure in them is copied by hand.
//
// In any tracked Markdown file, a region
//   <!-- bench:results file=packages/cap/bench/fan-out.bench.ts -->  …  <!-- bench:end -->
// gets the groups of that bench file (several `file=` allowed), and
//   <!-- bench:targets -->  …  <!-- bench:end -->
// the targets of bench/targets.json with the measured medians. A region whose bench file is not in the summary (a
// filtered run) is left as it was.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { checkTargets } from './bench-targets.mjs';

const REGION = /(<!-- bench:(results|targets)((?: [a-z]+=[^ >]+)*) -->\n)([\s\S]*?)(<!-- bench:end -->)/g;

const summary = JSON.parse(readFileSync('reports/bench-summary.json', 'utf8'));
const targets = JSON.parse(readFileSync('bench/targets.json', 'utf8'));

function runLine(files) {
  const groups = summary.groups.filter((g) => files === undefined || files.includes(g.file));
  const rounds = Math.min(...groups.map((g) => g.rounds));
  const m = summary.machine;
  return (
    `Measured ${summary.date.slice(0, 10)} by \`pnpm bench\` (${rounds} rounds per group, entries reordered each ` +
    `round) on ${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${summary.node}. Time per operation relative to the ` +
    'baseline of the same round (lower is better): median over the rounds, and the range; groups about tail ' +
    'latency compare p99 times (marked).'
  );
}

function x(value) {
  return `${value.toFixed(2)}x`;
}

function ratioCell(entry) {
  if (entry.baseline) return 'baseline';
  if (!entry.ratio) return 'n/a';
  return entry.ratio.n > 1
    ? `**${x(entry.ratio.median)}** (${x(entry.ratio.min)}-${x(entry.ratio.max)})`
    : x(entry.ratio.median);
}

function timeCell(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  if (ms >= 0.001) return `${(ms * 1000).toFixed(1)} µs`;
  return `${(ms * 1e6).toFixed(0)} ns`;
}

function escapeCell(text) {
  return String(text).replaceAll('|', '\\|');
}

function resultsTable(files) {
  const groups = summary.groups.filter((g) => files.includes(g.file));
  const lines = [
    runLine(files),
    '',
    '| group | entry | time per op (median over rounds) | vs baseline |',
    '| --- | --- | --- | --- |',
  ];
  for (const group of groups) {
    group.entries.forEach((entry, i) => {
      lines.push(
        `| ${i === 0 ? escapeCell(group.group) : ''} | ${escapeCell(entry.name)} | ${timeCell(entry.timeMs.median)}${group.statistic === 'p99' ? ' (p99)' : ''} | ${ratioCell(entry)} |`,
      );
    });
  }
  const metrics = summary.metrics.filter((m) => groups.some((g) => g.group === m.group));
  if (metrics.length > 0) {
    lines.push('', '| figure | median | range | observations |', '| --- | --- | --- | --- |');
    const digits = (m) => (m.unit === 'ratio' ? 3 : 1);
    for (const m of metrics) {
      lines.push(
        `| ${escapeCell(m.group)}: ${escapeCell(m.name)} | ${m.median.toFixed(digits(m))} ${m.unit} | ${m.min.toFixed(digits(m))}-${m.max.toFixed(digits(m))} ${m.unit} | ${m.n} |`,
      );
    }
  }
  return lines.join('\n');
}

function targetsTable() {
  const results = checkTargets(targets, summary, { partial: true });
  const lines = [
    runLine(undefined),
    '',
    '| bench | group | entry or figure | target | median | met |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const bound = [
      r.target.min !== undefined ? `>= ${r.target.min}${r.unit}` : '',
      r.target.max !== undefined ? `<= ${r.target.max}${r.unit}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const value = r.value === undefined ? r.status : `${r.value.toFixed(r.unit === 'x' ? 2 : 1)}${r.unit}`;
    const met = r.status === 'met' ? 'yes' : r.status === 'missed' ? '**no**' : r.status;
    lines.push(
      `| ${r.target.file.replace(/^packages\//, '')} | ${escapeCell(r.target.group)} | ${escapeCell(r.target.entry ?? r.target.metric)} | ${bound} | ${value} | ${met} |`,
    );
  }
  return lines.join('\n');
}

const measured = new Set(summary.groups.map((g) => g.file));
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
// The tables are built plainly and laid out by the formatter, as `pnpm lint` expects, before they are compared with
// the file: a page is written only when a figure in it changed, and is ready to commit as it is.
const formatMarkdown = (path, text) =>
  execFileSync('node_modules/.bin/biome', ['format', `--stdin-file-path=${path}`], {
    input: text,
    encoding: 'utf8',
  });
let changed = 0;
for (const path of files) {
  const text = readFileSync(path, 'utf8');
  const next = text.replace(REGION, (whole, open, kind, attributes, _body, close) => {
    if (kind === 'targets') {
      // A filtered run cannot speak for every target.
      if (!targets.targets.every((t) => measured.has(t.file))) return whole;
      return `${open}${targetsTable()}\n${close}`;
    }
    const wanted = [...attributes.matchAll(/ file=([^ ]+)/g)].map((m) => m[1]);
    if (wanted.length === 0 || !wanted.every((file) => measured.has(file))) return whole;
    return `${open}${resultsTable(wanted)}\n${close}`;
  });
  if (next === text) continue;
  const formatted = formatMarkdown(path, next);
  if (formatted === text) continue;
  writeFileSync(path, formatted);
  changed += 1;
  console.log(`bench:docs: updated ${path}`);
}
if (changed === 0)
  console.log(
    'bench:docs: nothing to update (the tables match the last run; a region needs a run of every bench file it names)',
  );
