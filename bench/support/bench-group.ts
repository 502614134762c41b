import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchOptions, bench, describe } from 'vitest';

/** Timing of one benchmark entry per round, as vitest's `bench` takes it (tinybench options, hooks included). */
export type BenchTiming = BenchOptions;

/** One entry of a {@link benchGroup}. */
export interface BenchEntry {
  /** Entry name; exactly one entry of a group starts with `baseline:`. */
  name: string;
  /** The work measured per iteration. */
  fn: () => void | Promise<void>;
  /** Timing for this entry, over the group's. */
  timing?: BenchTiming;
}

/** How a group is compared. */
export interface BenchGroupSettings {
  /**
   * The statistic compared with the baseline's (default `median`): `p99` for a group about tail latency, such as
   * a search's answers while other work runs.
   */
  statistic?: 'median' | 'p99';
}

/** Separates a group's title from its round in the names vitest reports; `scripts/bench.mjs` splits on it. */
export const ROUND_SEPARATOR = ' · round ';

/** Rounds per group: `AGENTWEB_BENCH_ROUNDS` (set by `pnpm bench --rounds N`), default 5. */
export function benchRounds(): number {
  const raw = process.env['AGENTWEB_BENCH_ROUNDS'];
  const rounds = raw === undefined || raw === '' ? 5 : Number(raw);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`AGENTWEB_BENCH_ROUNDS must be a positive integer, got "${raw}"`);
  return rounds;
}

/**
 * Registers a benchmark group that runs `rounds` times, each round with the entries in a different order (round r
 * starts at entry r, wrapping), because what runs first in a group pays for warm-up the others do not (it moved
 * figures by 0.8x-1.2x). `pnpm bench` reports per entry the median over the rounds of its time relative to the
 * baseline of the same round, and the range.
 */
export function benchGroup(
  title: string,
  entries: readonly BenchEntry[],
  timing: BenchTiming = {},
  settings: BenchGroupSettings = {},
): void {
  const baselines = entries.filter((entry) => entry.name.startsWith('baseline:'));
  if (baselines.length !== 1)
    throw new Error(`bench group "${title}" needs exactly one entry named "baseline: ..."`);
  if (title.includes(ROUND_SEPARATOR)) throw new Error(`bench group "${title}" names a round`);
  const rounds = benchRounds();
  if (settings.statistic === 'p99') writeReportLine({ kind: 'group', group: title, statistic: 'p99' });
  for (let round = 0; round < rounds; round += 1) {
    const order = entries.map((_, i) => entries[(i + round) % entries.length]!);
    describe(`${title}${ROUND_SEPARATOR}${round + 1}/${rounds}`, () => {
      for (const entry of order) bench(entry.name, reported(title, entry), { ...timing, ...entry.timing });
    });
  }
}

const failures = new Set<string>();

/**
 * vitest bench swallows an entry's error (the entry just has no samples); this says once which entry failed and
 * why, and `scripts/bench.mjs` fails the run for an entry without samples.
 */
function reported(title: string, entry: BenchEntry): () => Promise<void> {
  return async () => {
    try {
      await entry.fn();
    } catch (error) {
      const key = `${title} > ${entry.name}`;
      if (!failures.has(key)) {
        failures.add(key);
        console.error(`bench failed: ${key}: ${error instanceof Error ? error.stack : String(error)}`);
      }
      throw error;
    }
  };
}

/** One figure a benchmark measures that is not a time per iteration (a deadline, a heap size, a score). */
export interface BenchMetric {
  /** The group it belongs to (a `benchGroup` title, or a title of its own). */
  group: string;
  /** What was measured. */
  name: string;
  /** One observation; several of one metric are summarised as median and range. */
  value: number;
  /** Unit, e.g. `ms`, `MiB`, `ratio`. */
  unit: string;
}

/**
 * Records a figure for `pnpm bench`'s summary (reports/bench-metrics.jsonl, read by scripts/bench.mjs), so docs tables
 * and `pnpm bench --check` read it from the report instead of the console.
 */
export function recordMetric(metric: BenchMetric): void {
  writeReportLine({ kind: 'metric', ...metric });
}

function writeReportLine(line: Record<string, unknown>): void {
  const file = process.env['AGENTWEB_BENCH_METRICS'];
  // Outside `pnpm bench` (a bench file run by hand) there is no report to add to.
  if (file === undefined || file === '') return;
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/**
 * For a bench file that cannot run here (its server, e.g. redis-server, is not installed): prints one line saying
 * so, records it for `pnpm bench` (whose `--check` then reports the file's targets as `not run` rather than
 * missed), and registers a group that does not run, since vitest fails a bench file that registers nothing.
 */
export function benchFileNotRun(fileUrl: string, reason: string): void {
  const file = relative(process.cwd(), fileURLToPath(fileUrl));
  console.log(`bench not run: ${file}: ${reason}`);
  writeReportLine({ kind: 'not-run', file, reason });
  describe.runIf(false)(`${file} (not run: ${reason})`, () => {
    bench('not run', () => undefined);
  });
}
