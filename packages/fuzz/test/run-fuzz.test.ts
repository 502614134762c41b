import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../src/run-fuzz.js';
import { fuzzTargets } from './fixtures/faulty-targets.js';

const targetsModule = new URL('./fixtures/faulty-targets.ts', import.meta.url).href;

describe('runFuzz', () => {
  it('reports untyped errors, hangs and slow inputs, writes each failing input, and goes on', {
    timeout: 120_000,
  }, async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'agentweb-fuzz-'));
    const report = await runFuzz({
      targetList: fuzzTargets(),
      targetsModule,
      runs: 40,
      hostileRuns: 1,
      seed: 42,
      timeLimitMs: 1000,
      workers: 2,
      maxSlowdown: 3,
      outDir,
    });
    expect(report.ok).toBe(false);
    const [untyped, hang, slow] = report.targets;
    expect(untyped).toMatchObject({ name: 'faulty.untyped', inputs: 40 });
    expect(untyped!.untyped).toBeGreaterThan(0);
    expect(untyped!.untyped + untyped!.ok).toBe(40);
    const failure = untyped!.failures[0]!;
    expect(failure).toMatchObject({ kind: 'untyped', seed: 42 });
    expect(JSON.parse(readFileSync(failure.file, 'utf8'))).toMatchObject({
      input: 3,
      detail: expect.stringContaining('TypeError'),
    });

    // Every hang stops its worker; the inputs after it still run in a fresh one.
    expect(hang!.hangs).toBeGreaterThan(0);
    expect(hang!.inputs).toBe(40);
    expect(hang!.ok).toBe(40 - hang!.hangs);

    expect(slow!.baselineMsPerMb).toBeGreaterThan(0);
    expect(slow!.slow).toBe(1);
    expect(slow!.slowestRatio).toBeGreaterThan(3);
    expect(JSON.parse(readFileSync(join(outDir, 'summary.json'), 'utf8')).seed).toBe(42);

    // The same seed gives the same inputs, so the same failures.
    const again = await runFuzz({
      targetList: fuzzTargets().slice(0, 1),
      targetsModule,
      runs: 40,
      seed: 42,
      outDir,
    });
    expect(again.targets[0]!.failures.map((f) => f.index)).toEqual(untyped!.failures.map((f) => f.index));
  });
});
