import { extractProductIds } from '@agentweb/discovery';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { hostilePages } from '../src/hostile.js';
import { realProductPages } from '../src/real-inputs.js';

// Time per MB of hostile pages against real product pages, same run. Every entry reads the same number of
// bytes per iteration (the real pages' total, a hostile page of a quarter of it read four times), so the
// "time vs baseline" column is the ratio of times per MB. Target: at most 5x (issue 16).
// Every 8th of the 98 real pages (about 8 MB, the same spread of JSON-LD, microdata and markup-free pages).
const real = realProductPages().filter((_page, i) => i % 8 === 0);
const realBytes = real.reduce((sum, page) => sum + Buffer.byteLength(page), 0);
const REPEAT = 4;
const hostile = hostilePages(Math.round(realBytes / REPEAT));
const options = { time: 700, warmupIterations: 1, iterations: 3 };
let sink = 0;

benchGroup(
  'pages: time per MB, hostile vs real product pages (target: hostile <= 5x real)',
  [
    {
      name: `baseline: real product pages (${real.length} pages)`,
      fn: () => {
        for (const page of real) sink += extractProductIds(page).candidates.length;
      },
    },
    ...hostile.map(({ name, text }) => ({
      name: `hostile: ${name}`,
      fn: () => {
        for (let i = 0; i < REPEAT; i++) sink += extractProductIds(text).candidates.length;
      },
    })),
  ],
  options,
);

export { sink };
