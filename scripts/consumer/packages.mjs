// The packages this repository publishes, packed as npm would publish them (`pnpm pack` rewrites `workspace:` and
// `catalog:` specifiers), and the versions the catalog pins, for what a consumer project installs beside them.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every package of `packages/` that is not private: `{ dir, name, version, manifest }`. */
export function publishedPackages(root) {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = join(root, 'packages', entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { dir, name: manifest.name, version: manifest.version, manifest };
    })
    .filter(({ manifest }) => manifest.private !== true)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The file name `pnpm pack` gives a package's tarball (`@agentweb/core` 0.1.0 -> `agentweb-core-0.1.0.tgz`). */
export function tarballName({ name, version }) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/** Packs every published package into `dest` in one pnpm run; returns them with `tarball` (absolute path). */
export function packPublished(root, dest) {
  const packages = publishedPackages(root);
  const filters = packages.flatMap(({ name }) => ['--filter', name]);
  const run = spawnSync('pnpm', ['-r', ...filters, 'pack', '--pack-destination', dest], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`pnpm pack failed: ${(run.stderr || run.stdout).trim().slice(-2000)}`);
  const made = new Set(readdirSync(dest));
  return packages.map((pkg) => {
    const file = tarballName(pkg);
    if (!made.has(file)) throw new Error(`pnpm pack wrote no ${file}`);
    return { ...pkg, tarball: join(dest, file) };
  });
}

/** The `catalog:` versions of pnpm-workspace.yaml (one `name: range` per line under `catalog:`). */
export function catalogVersions(root) {
  const lines = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const versions = {};
  let inCatalog = false;
  for (const line of lines) {
    if (/^catalog:\s*$/.test(line)) {
      inCatalog = true;
      continue;
    }
    if (!inCatalog) continue;
    const entry = line.match(/^\s+"?([^":\s]+)"?:\s*(\S+)\s*$/);
    if (!entry) {
      if (/^\S/.test(line)) break;
      continue;
    }
    versions[entry[1]] = entry[2];
  }
  return versions;
}
