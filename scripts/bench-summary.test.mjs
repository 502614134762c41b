import { describe, expect, it } from 'vitest';
import { summarise } from './bench-summary.mjs';

const FILE = '/repo/packages/x/bench/x.bench.ts';
const entry = (name, median, p99 = median * 2) => ({ name, median, p99 });
const round = (r, entries) => ({
  fullName: `packages/x/bench/x.bench.ts > fan-out · round ${r}/3`,
  benchmarks: entries,
});

describe('summarise', () => {
  it('gives each entry the median and range of its per-round ratio to the same round’s baseline', () => {
    const raw = {
      files: [
        {
          filepath: FILE,
          groups: [
            round(1, [entry('baseline: bare', 100), entry('ours', 90)]),
            round(2, [entry('ours', 120), entry('baseline: bare', 100)]),
            round(3, [entry('baseline: bare', 200), entry('ours', 190)]),
          ],
        },
      ],
    };
    const summary = summarise(raw, [], 3, '/repo');
    const [group] = summary.groups;
    expect(group).toMatchObject({ file: 'packages/x/bench/x.bench.ts', group: 'fan-out', rounds: 3 });
    const ours = group.entries.find((e) => e.name === 'ours');
    expect(ours.ratio.median).toBeCloseTo(0.95);
    expect(ours.ratio.min).toBeCloseTo(0.9);
    expect(ours.ratio.max).toBeCloseTo(1.2);
    expect(ours.failedRounds).toBe(0);
  });

  it('counts a round an entry failed in, and leaves it out of the figures', () => {
    const failed = { name: 'ours' };
    const raw = {
      files: [
        {
          filepath: FILE,
          groups: [
            round(1, [entry('baseline: bare', 100), entry('ours', 90)]),
            round(2, [entry('baseline: bare', 100), failed]),
            round(3, [entry('baseline: bare', 100), entry('ours', 110)]),
          ],
        },
      ],
    };
    const ours = summarise(raw, [], 3, '/repo').groups[0].entries.find((e) => e.name === 'ours');
    expect(ours.failedRounds).toBe(1);
    expect(ours.ratio.n).toBe(2);
    expect(ours.ratio.median).toBeCloseTo(1.0);
  });

  it('compares p99 times for a group marked so, and summarises recorded figures', () => {
    const raw = {
      files: [
        { filepath: FILE, groups: [round(1, [entry('baseline: idle', 10, 20), entry('busy', 10, 60)])] },
      ],
    };
    const lines = [
      { kind: 'group', group: 'fan-out', statistic: 'p99' },
      { kind: 'metric', group: 'hang', name: 'resolved after', unit: 'ms', value: 301 },
      { kind: 'metric', group: 'hang', name: 'resolved after', unit: 'ms', value: 305 },
    ];
    const summary = summarise(raw, lines, 1, '/repo');
    expect(summary.groups[0].statistic).toBe('p99');
    expect(summary.groups[0].entries.find((e) => e.name === 'busy').ratio.median).toBeCloseTo(3);
    expect(summary.metrics).toEqual([
      expect.objectContaining({
        group: 'hang',
        name: 'resolved after',
        median: 303,
        min: 301,
        max: 305,
        n: 2,
      }),
    ]);
  });

  it('lists the bench files that said they could not run here, with why', () => {
    const lines = [
      {
        kind: 'not-run',
        file: 'packages/redis/bench/context-store.bench.ts',
        reason: 'no redis-server on PATH',
      },
    ];
    expect(summarise({ files: [] }, lines, 1, '/repo').notRun).toEqual([
      { file: 'packages/redis/bench/context-store.bench.ts', reason: 'no redis-server on PATH' },
    ]);
  });
});
