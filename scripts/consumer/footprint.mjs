// The install footprint of one package in an npm project, read from its package-lock.json: the packages that
// `npm install <name>` brings (its dependencies, optional dependencies that fit this platform, and the peers npm
// installs on its own, i.e. the non-optional ones), their size on disk, and which of them run install scripts.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock path a dependency `name` of the package at lock path `from` resolves to, as Node would find it. */
function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('node_modules/');
    base = cut <= 0 ? '' : base.slice(0, cut - 1);
  }
}

/** Bytes of the files of one installed package, without the packages nested in its own node_modules. */
function packageBytes(dir) {
  let bytes = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop();
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (current === dir && entry.name === 'node_modules') continue;
        stack.push(path);
      } else bytes += lstatSync(path).size;
    }
  }
  return bytes;
}

/**
 * The footprint of `root` (a top-level package of the project at `projectDir`): `{ packages, bytes, names,
 * installScripts }`, the package itself included. `optionalPeers: true` also follows optional peer dependencies
 * (what a user who installs them adds).
 */
export function installFootprint(projectDir, root, { optionalPeers = false } = {}) {
  const lock = JSON.parse(readFileSync(join(projectDir, 'package-lock.json'), 'utf8'));
  const packages = lock.packages ?? {};
  const start = `node_modules/${root}`;
  if (packages[start] === undefined) throw new Error(`${root} is not in ${projectDir}/package-lock.json`);
  const seen = new Set();
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    const entry = packages[path];
    // Platform packages of other systems are in the lock but not on disk.
    if (entry === undefined || !existsSync(join(projectDir, path))) continue;
    seen.add(path);
    const optionalPeer = (name) => entry.peerDependenciesMeta?.[name]?.optional === true;
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => optionalPeers || !optionalPeer(name)),
    ];
    for (const name of wanted) {
      const found = resolveInLock(packages, path, name);
      if (found !== undefined) queue.push(found);
    }
  }
  const paths = [...seen].sort();
  return {
    packages: paths.length,
    bytes: paths.reduce((sum, path) => sum + packageBytes(join(projectDir, path)), 0),
    names: paths.map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    installScripts: paths
      .filter((path) => packages[path].hasInstallScript === true)
      .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  };
}

/** `{ max, installScriptsMax }` for the footprint, from the targets of bench/targets.json (one place for both). */
export function footprintBounds(root) {
  const { targets } = JSON.parse(readFileSync(join(root, 'bench/targets.json'), 'utf8'));
  const of = (metric) => targets.find((t) => t.group === FOOTPRINT_GROUP && t.metric === metric)?.max;
  return { max: of(FOOTPRINT_PACKAGES), installScriptsMax: of(FOOTPRINT_INSTALL_SCRIPTS) };
}

/** The bench group and figures the footprint is recorded under (bench file and targets use these names). */
export const FOOTPRINT_GROUP =
  'install footprint: npm install agentweb (packed tarballs) into an empty project';
export const FOOTPRINT_PACKAGES = 'packages installed';
export const FOOTPRINT_MB = 'size on disk';
export const FOOTPRINT_INSTALL_SCRIPTS = 'packages with install scripts';
