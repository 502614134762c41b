import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../src/outcome.js';
import { fuzzTargets } from '../src/targets.js';

// Every public function of outside input returns a result or throws an AgentWebError: a TypeError, RangeError or
// SyntaxError escaping is a defect. A bounded number of seeded runs here (the seed is fast-check's global one,
// see vitest.setup.ts); `pnpm fuzz` runs the same targets at length, with hostile inputs, timing and a heap cap.
describe('typed outcome on generated input', () => {
  for (const target of fuzzTargets()) {
    const runs = target.testRuns ?? 100;
    if (runs === 0) {
      it(`${target.name}: covered by ${target.coveredBy}`, async () => {
        // The property lives in that file; here one generated input checks the target is wired up.
        const [input] = fc.sample(target.input, { numRuns: 1, seed: 1 });
        expect((await outcomeOf(() => target.run(input))).kind).not.toBe('untyped');
      });
      continue;
    }
    it(`${target.name} (${runs} runs)`, async () => {
      await fc.assert(
        fc.asyncProperty(target.input, async (input) => {
          const outcome = await outcomeOf(() => target.run(input));
          expect(outcome.kind, JSON.stringify(outcome.error)).not.toBe('untyped');
          if (target.neverThrows) expect(outcome.kind, JSON.stringify(outcome.error)).toBe('ok');
        }),
        { numRuns: runs },
      );
    });
  }
});
