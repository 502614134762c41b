// `node scripts/consumer/install-footprint.mjs --pack <dir>`: packs every published package into <dir>.
// `node scripts/consumer/install-footprint.mjs --tarballs <dir>`: installs the packed `agentweb` into a new empty npm
//   project (each `@agentweb/*` dependency from its tarball, through npm `overrides`) and prints its footprint.
// `node scripts/consumer/install-footprint.mjs --spec <name@version>`: the same for a package from the registry.
// The footprint is one JSON line: `{ packages, bytes, installScripts, installMs }`; the project is removed after.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installFootprint } from './footprint.mjs';
import { packPublished, publishedPackages, tarballName } from './packages.mjs';

const root = resolve(import.meta.dirname, '../..');
const [flag, value] = process.argv.slice(2);

if (flag === '--pack') {
  packPublished(root, resolve(value));
  process.exit(0);
}
if ((flag !== '--tarballs' && flag !== '--spec') || !value) {
  console.error('usage: install-footprint.mjs --pack <dir> | --tarballs <dir> | --spec <name@version>');
  process.exit(2);
}

const project = mkdtempSync(join(tmpdir(), 'agentweb-footprint-'));
try {
  let name;
  let manifest;
  if (flag === '--tarballs') {
    const dir = resolve(value);
    const made = new Set(readdirSync(dir));
    const tarball = (pkg) => {
      if (!made.has(tarballName(pkg))) throw new Error(`${dir} has no ${tarballName(pkg)}`);
      return `file:${join(dir, tarballName(pkg))}`;
    };
    const packages = publishedPackages(root);
    const agentweb = packages.find((p) => p.name === 'agentweb');
    name = 'agentweb';
    manifest = {
      dependencies: { agentweb: tarball(agentweb) },
      overrides: Object.fromEntries(packages.filter((p) => p !== agentweb).map((p) => [p.name, tarball(p)])),
    };
  } else {
    name = value.replace(/(.)@.*$/, '$1');
    manifest = { dependencies: { [name]: value.slice(name.length + 1) || 'latest' } };
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'footprint', private: true, ...manifest }),
  );
  const started = performance.now();
  const npm = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--no-update-notifier'],
    { cwd: project, encoding: 'utf8' },
  );
  const installMs = performance.now() - started;
  if (npm.status !== 0) throw new Error(`npm install failed: ${npm.stderr.trim().slice(-2000)}`);
  const { packages, bytes, installScripts } = installFootprint(project, name);
  console.log(JSON.stringify({ packages, bytes, installScripts, installMs }));
} finally {
  rmSync(project, { recursive: true, force: true });
}
