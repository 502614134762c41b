import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { benchGroup, recordMetric } from '../../../bench/support/bench-group.js';

// What `npm install agentweb` costs a user: the packed tarballs (built, then packed as they would be published)
// installed into an empty npm project, against the official A2A client installed the same way (the baseline of the
// install time). The packages installed, their size on disk and the packages with install scripts are figures
// with targets in bench/targets.json; the consumer test (scripts/consumer-test.mjs) checks the same bounds in CI.
// Both installs use the npm cache (--prefer-offline), so the time is unpacking and linking, not downloading.
const GROUP = 'install footprint: npm install agentweb (packed tarballs) into an empty project';
const SCRIPT = new URL('../../../scripts/consumer/install-footprint.mjs', import.meta.url).pathname;
const ONCE = { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 };

interface Footprint {
  packages: number;
  bytes: number;
  installScripts: string[];
  installMs: number;
}

function node(args: string[]): string {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`install-footprint.mjs ${args.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout;
}

const build = spawnSync(
  'pnpm',
  ['exec', 'turbo', 'run', 'build', '--filter=agentweb...', '--output-logs=errors-only'],
  {
    encoding: 'utf8',
  },
);
if (build.status !== 0) throw new Error(`build before packing failed: ${build.stderr || build.stdout}`);
const tarballs = mkdtempSync(join(tmpdir(), 'agentweb-bench-tarballs-'));
node(['--pack', tarballs]);
afterAll(() => rmSync(tarballs, { recursive: true, force: true }));

const footprint = (args: string[]): Footprint => JSON.parse(node(args).trim()) as Footprint;

benchGroup(
  GROUP,
  [
    {
      name: 'baseline: npm install @a2a-js/sdk@1.3.0 (the official A2A client)',
      fn: () => {
        const base = footprint(['--spec', '@a2a-js/sdk@1.3.0']);
        recordMetric({
          group: GROUP,
          name: 'packages installed by the baseline',
          value: base.packages,
          unit: 'packages',
        });
      },
    },
    {
      name: 'npm install agentweb',
      fn: () => {
        const own = footprint(['--tarballs', tarballs]);
        recordMetric({ group: GROUP, name: 'packages installed', value: own.packages, unit: 'packages' });
        recordMetric({ group: GROUP, name: 'size on disk', value: own.bytes / 1e6, unit: 'MB' });
        recordMetric({
          group: GROUP,
          name: 'packages with install scripts',
          value: own.installScripts.length,
          unit: 'packages',
        });
      },
    },
  ],
  ONCE,
);
