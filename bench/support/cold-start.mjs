// Process-level cold start: spawns a fresh node for each run (nothing cached in the process) and takes the median,
// and counts the files a run loads per package. Shared by the cold-start bench and `node bench/support/cold-start.mjs`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Median of the numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Wall time, in ms, of one `node ...args` run in `cwd`, spawn to exit; throws when the run fails. */
export function timeRun(args, { cwd, input } = {}) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { cwd, input, encoding: 'utf8', stdio: 'pipe' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return ms;
}

/** The package a loaded file belongs to: the last `node_modules/<name>` in its path, else the workspace folder. */
export function packageOf(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) {
    const name = parts[at + 1] ?? '?';
    return name.startsWith('@') ? `${name}/${parts[at + 2]}` : name;
  }
  const pkg = parts.lastIndexOf('packages');
  if (pkg >= 0) return parts[pkg + 1] === 'agentweb' ? 'agentweb' : `@agentweb/${parts[pkg + 1]}`;
  return '(other)';
}

// ESM files come through a load hook (a module.register hook runs off-thread, so it appends to a file); CommonJS
// files are the keys of require.cache at exit (a require() inside a CommonJS module does not pass the ESM hooks).
const HOOKS = `
import { appendFileSync } from 'node:fs';
let out;
export function initialize(data) { out = data.out; }
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(out, url + '\\n');
  return next(url, context);
}`;

/**
 * The files `node ...args` loads (ESM and CommonJS), counted per package, from `cwd`; heaviest first.
 * Runs once with loader hooks, so its time is not the cold-start figure.
 */
export function filesLoaded(args, { cwd }) {
  const dir = mkdtempSync(join(tmpdir(), 'agentweb-cold-'));
  try {
    const out = join(dir, 'esm.txt');
    const cjs = join(dir, 'cjs.json');
    const hooks = join(dir, 'hooks.mjs');
    const register = join(dir, 'register.mjs');
    writeFileSync(out, '');
    writeFileSync(hooks, HOOKS);
    writeFileSync(
      register,
      `import { register, createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { out: ${JSON.stringify(out)} } });
process.on('exit', () => writeFileSync(${JSON.stringify(cjs)}, JSON.stringify(Object.keys(createRequire(import.meta.url).cache))));`,
    );
    const run = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, ...args], {
      cwd,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`counting files of ${args.join(' ')} failed: ${run.stderr}`);
    const files = new Set(
      readFileSync(out, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((u) => new URL(u).pathname),
    );
    for (const file of JSON.parse(readFileSync(cjs, 'utf8'))) files.add(file);
    const perPackage = new Map();
    for (const file of files) {
      const name = packageOf(file);
      perPackage.set(name, (perPackage.get(name) ?? 0) + 1);
    }
    return { total: files.size, perPackage: [...perPackage].sort((a, b) => b[1] - a[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// By hand: `node bench/support/cold-start.mjs <cwd> <runs> <node args...>` prints the median and the files per
// package, e.g. `node bench/support/cold-start.mjs packages/agentweb 10 -e "await import('agentweb')"`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [cwd, runs, ...args] = process.argv.slice(2);
  const times = Array.from({ length: Number(runs) }, () => timeRun(args, { cwd }));
  const files = filesLoaded(args, { cwd });
  console.log(
    `node ${args.join(' ')}: median ${median(times).toFixed(1)} ms over ${runs}; ${files.total} files`,
  );
  console.log(files.perPackage.map(([name, n]) => `${name} ${n}`).join(', '));
}
