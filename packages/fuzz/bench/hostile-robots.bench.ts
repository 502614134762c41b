import { parseRobotsTxt, robotsAllows } from '@agentweb/discovery';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { hostileRobots, plainRobots } from '../src/hostile.js';

// robots.txt files of 500 KiB against an 8 KB path: one decision on a file of wildcard rules against one on a
// plain file of literal rules, both with parsing (robotsAllows) and on rules parsed once (isAllowed).
// Target: a wildcard file's decision under 50x the plain file's (issue 16).
const SIZE = 500 * 1024;
const url = `https://shop.example/${'a'.repeat(8 * 1024 - 1)}`;
const plain = plainRobots(SIZE);
const wildcard = hostileRobots(SIZE);
const plainRules = parseRobotsTxt(plain);
const parsed = wildcard.map((h) => ({ ...h, rules: parseRobotsTxt(h.text) }));
const options = { time: 600, warmupIterations: 2 };
let sink = 0;

benchGroup(
  'robots.txt of 500 KiB, 8 KB path: parse and decide (target: wildcard < 50x plain)',
  [
    {
      name: 'baseline: plain file of literal rules',
      fn: () => {
        sink += Number(robotsAllows(plain, 'FooBot', url));
      },
    },
    ...wildcard.map(({ name, text }) => ({
      name: `wildcard: ${name}`,
      fn: () => {
        sink += Number(robotsAllows(text, 'FooBot', url));
      },
    })),
  ],
  options,
);

benchGroup(
  'robots.txt of 500 KiB, 8 KB path: one isAllowed on parsed rules (target: wildcard < 50x plain)',
  [
    {
      name: 'baseline: plain file of literal rules',
      fn: () => {
        sink += Number(plainRules.isAllowed(url, 'FooBot'));
      },
    },
    ...parsed.map(({ name, rules }) => ({
      name: `wildcard: ${name}`,
      fn: () => {
        sink += Number(rules.isAllowed(url, 'FooBot'));
      },
    })),
  ],
  options,
);

export { sink };
