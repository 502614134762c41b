// Compares a bench summary (reports/bench-summary.json) with bench/targets.json.
//
// A target names a bench file, a group title and either an `entry` (its median time relative to the group's baseline)
// or a `metric` (the median of a figure recorded with recordMetric), and a `max` and/or `min` bound on that median.

/**
 * @typedef {{ file: string, group: string, entry?: string, metric?: string, max?: number, min?: number,
 *   source?: string }} Target
 * @typedef {{ target: Target, status: 'met' | 'missed' | 'not measured' | 'not run', value?: number,
 *   unit: string }} TargetResult
 */

/**
 * Checks every target; with `partial` (a filtered run), targets of files that did not run are `not run`, as are
 * those of a file that said it could not run here (`notRun`: a server it needs is not installed).
 */
export function checkTargets(targetsFile, summary, { partial }) {
  const targets = targetsFile.targets;
  if (!Array.isArray(targets)) throw new Error('bench/targets.json: "targets" must be an array');
  const ranFiles = new Set(summary.groups.map((g) => g.file));
  const notRunFiles = new Set((summary.notRun ?? []).map((n) => n.file));
  return targets.map((target) => {
    validate(target);
    const unit = target.entry !== undefined ? 'x' : (metricOf(summary, target)?.unit ?? '');
    if (partial && !ranFiles.has(target.file)) return { target, status: 'not run', unit };
    if (notRunFiles.has(target.file) && !ranFiles.has(target.file))
      return { target, status: 'not run', unit };
    const value = measuredValue(summary, target);
    if (value === undefined) return { target, status: 'not measured', unit };
    const met =
      (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min);
    return { target, status: met ? 'met' : 'missed', value, unit };
  });
}

function validate(target) {
  const where = `bench/targets.json target ${JSON.stringify(target)}`;
  if (typeof target.file !== 'string' || typeof target.group !== 'string')
    throw new Error(`${where}: needs file and group`);
  if ((target.entry === undefined) === (target.metric === undefined))
    throw new Error(`${where}: needs exactly one of entry and metric`);
  if (target.max === undefined && target.min === undefined) throw new Error(`${where}: needs max or min`);
}

function groupOf(summary, target) {
  return summary.groups.find((g) => g.file === target.file && g.group === target.group);
}

function metricOf(summary, target) {
  return summary.metrics.find((m) => m.group === target.group && m.name === target.metric);
}

function measuredValue(summary, target) {
  if (target.metric !== undefined) return metricOf(summary, target)?.median;
  return groupOf(summary, target)?.entries.find((e) => e.name === target.entry)?.ratio?.median;
}

/** One line per target, then a totals line. */
export function formatTargetResults(results) {
  const lines = ['', 'Targets (bench/targets.json; medians over the rounds):'];
  for (const r of results) {
    const what = r.target.entry ?? r.target.metric;
    const bound = [
      r.target.min !== undefined ? `>= ${r.target.min}${r.unit}` : '',
      r.target.max !== undefined ? `<= ${r.target.max}${r.unit}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const value = r.value === undefined ? '' : `${r.value.toFixed(r.unit === 'x' ? 2 : 3)}${r.unit} `;
    lines.push(`  ${r.status.padEnd(12)} ${value}(target ${bound})  ${r.target.group} > ${what}`);
  }
  const missed = results.filter((r) => r.status === 'missed' || r.status === 'not measured').length;
  lines.push(
    `${results.length - missed} of ${results.length} targets met or not run; ${missed} missed or not measured`,
  );
  return lines.join('\n');
}
