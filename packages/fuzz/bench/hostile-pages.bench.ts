import { extractProductIds } from '@agentweb/discovery';
import { bench, describe } from 'vitest';
import { hostilePages } from '../src/hostile.js';
import { realProductPages } from '../src/real-inputs.js';

// Time per MB of hostile pages against real product pages, same run. Every entry reads the same number of
// bytes per iteration (the real pages' total, a hostile page of a third of it read three times), so the
// "time vs baseline" column is the ratio of times per MB. Target: at most 5x (issue 16).
const all = realProductPages();
const real: string[] = [];
let realBytes = 0;
for (const page of all) {
  if (realBytes >= 3_000_000) break;
  real.push(page);
  realBytes += Buffer.byteLength(page);
}
const REPEAT = 3;
const hostile = hostilePages(Math.round(realBytes / REPEAT));
const options = { time: 1500, warmupIterations: 1, iterations: 3 };
let sink = 0;

describe(`pages: time per MB, ${(realBytes / 1e6).toFixed(1)} MB per iteration (target: hostile <= 5x real)`, () => {
  bench(
    `baseline: real product pages (${real.length} pages)`,
    () => {
      for (const page of real) sink += extractProductIds(page).candidates.length;
    },
    options,
  );
  for (const { name, text } of hostile) {
    bench(
      `hostile: ${name}`,
      () => {
        for (let i = 0; i < REPEAT; i++) sink += extractProductIds(text).candidates.length;
      },
      options,
    );
  }
});

export { sink };
