import { describe, expect, it } from 'vitest';
import { checkTargets, formatTargetResults } from './bench-targets.mjs';

const FILE = 'packages/cap/bench/fan-out.bench.ts';
const summary = {
  groups: [
    {
      file: FILE,
      group: 'fan-out',
      rounds: 5,
      entries: [
        { name: 'baseline: bare', baseline: true, timeMs: { median: 80 } },
        { name: 'fanOutSearch', baseline: false, ratio: { median: 1.02, min: 0.97, max: 1.1, n: 5 } },
        { name: 'slow', baseline: false, ratio: { median: 1.2, min: 1.1, max: 1.3, n: 5 } },
      ],
    },
  ],
  metrics: [{ group: 'hang', name: 'resolved after', unit: 'ms', median: 303, min: 301, max: 309, n: 25 }],
};

describe('checkTargets', () => {
  it('compares medians with max and min bounds, for entries and recorded figures', () => {
    const results = checkTargets(
      {
        targets: [
          { file: FILE, group: 'fan-out', entry: 'fanOutSearch', max: 1.05 },
          { file: FILE, group: 'fan-out', entry: 'slow', max: 1.05 },
          { file: FILE, group: 'hang', metric: 'resolved after', max: 325 },
          { file: FILE, group: 'hang', metric: 'resolved after', min: 305 },
        ],
      },
      summary,
      { partial: false },
    );
    expect(results.map((r) => [r.status, r.value])).toEqual([
      ['met', 1.02],
      ['missed', 1.2],
      ['met', 303],
      ['missed', 303],
    ]);
    expect(formatTargetResults(results)).toMatch(/2 of 4 targets met or not run; 2 missed or not measured/);
  });

  it('reports the targets of a bench file that could not run here (its server missing) as not run', () => {
    const redisFile = 'packages/redis/bench/context-store.bench.ts';
    const targets = { targets: [{ file: redisFile, group: 'get+set', entry: 'store', max: 1.2 }] };
    const skipped = { ...summary, notRun: [{ file: redisFile, reason: 'redis-server is not installed' }] };
    expect(checkTargets(targets, skipped, { partial: false }).map((r) => r.status)).toEqual(['not run']);
    expect(checkTargets(targets, summary, { partial: false }).map((r) => r.status)).toEqual(['not measured']);
  });

  it('counts a target its run did not measure as a miss, unless the run was filtered to other files', () => {
    const targets = {
      targets: [
        { file: FILE, group: 'renamed group', entry: 'fanOutSearch', max: 1.05 },
        { file: 'packages/http/bench/http.bench.ts', group: 'GET', entry: 'getJson', max: 1 },
      ],
    };
    expect(checkTargets(targets, summary, { partial: false }).map((r) => r.status)).toEqual([
      'not measured',
      'not measured',
    ]);
    expect(checkTargets(targets, summary, { partial: true }).map((r) => r.status)).toEqual([
      'not measured',
      'not run',
    ]);
  });

  it('refuses a target without a bound or naming both an entry and a figure', () => {
    expect(() =>
      checkTargets({ targets: [{ file: FILE, group: 'fan-out', entry: 'x' }] }, summary, { partial: false }),
    ).toThrow(/needs max or min/);
    expect(() =>
      checkTargets({ targets: [{ file: FILE, group: 'g', entry: 'x', metric: 'y', max: 1 }] }, summary, {
        partial: false,
      }),
    ).toThrow(/exactly one of entry and metric/);
  });
});
