// The consumer test's own logic, on small made-up inputs: the footprint walk over a package-lock, the subpaths
// taken from `exports`, and the README example it runs (which must keep matching README.md).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { footprintBounds, installFootprint } from './footprint.mjs';
import { consumerManifest, exportSpecifiers, readmeExampleModule } from './generate.mjs';

const root = new URL('../../', import.meta.url);
const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project whose lock has `packages` and whose node_modules holds each listed path with `bytes` of content. */
function project(packages, onDisk) {
  const dir = mkdtempSync(join(tmpdir(), 'footprint-test-'));
  made.push(dir);
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }));
  for (const [path, bytes] of Object.entries(onDisk)) {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'index.js'), 'x'.repeat(bytes));
  }
  return dir;
}

describe('installFootprint', () => {
  const lock = {
    '': { dependencies: { agentweb: 'file:x.tgz', other: '1' } },
    'node_modules/agentweb': {
      dependencies: { a: '1' },
      optionalDependencies: { 'platform-elsewhere': '1' },
      peerDependencies: { required: '1', optional: '1' },
      peerDependenciesMeta: { optional: { optional: true } },
    },
    'node_modules/a': { dependencies: { d: '2' }, hasInstallScript: true },
    'node_modules/a/node_modules/d': {},
    'node_modules/d': {},
    'node_modules/required': {},
    'node_modules/optional': {},
    'node_modules/other': {},
    'node_modules/platform-elsewhere': { optional: true, os: ['win32'] },
  };
  const disk = {
    'node_modules/agentweb': 100,
    'node_modules/a': 10,
    'node_modules/a/node_modules/d': 1,
    'node_modules/d': 1000,
    'node_modules/required': 20,
    'node_modules/optional': 300,
    'node_modules/other': 5000,
  };

  it('counts what the package brings: dependencies as Node resolves them, required peers, platform packages on disk', () => {
    const footprint = installFootprint(project(lock, disk), 'agentweb');
    // Sorted by lock path: `d` is the copy nested under `a`, not the top-level one (1000 bytes).
    expect(footprint.names).toEqual(['a', 'd', 'agentweb', 'required']);
    expect(footprint).toMatchObject({ packages: 4, bytes: 131, installScripts: ['a'] });
  });

  it('adds the optional peers when asked', () => {
    const footprint = installFootprint(project(lock, disk), 'agentweb', { optionalPeers: true });
    expect(footprint).toMatchObject({ packages: 5, bytes: 431 });
  });

  it('fails for a package the project does not have', () => {
    expect(() => installFootprint(project(lock, disk), 'missing')).toThrow(/missing is not in/);
  });

  it('takes its bounds from bench/targets.json', () => {
    expect(footprintBounds(new URL(root).pathname)).toEqual({ max: 40, installScriptsMax: 0 });
  });
});

describe('the consumer project', () => {
  it('imports every subpath of exports, patterns expanded, JSON marked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'exports-test-'));
    made.push(dir);
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'schemas', 'a.json'), '{}');
    const manifest = {
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './test': { default: './dist/test/index.js' },
        './schemas/*': './schemas/*',
        './package.json': './package.json',
      },
    };
    expect(exportSpecifiers({ name: '@s/p', manifest }, dir)).toEqual([
      { specifier: '@s/p', json: false },
      { specifier: '@s/p/test', json: false },
      { specifier: '@s/p/schemas/a.json', json: true },
      { specifier: '@s/p/package.json', json: true },
    ]);
  });

  it('installs every tarball and every peer the packages declare, at the catalog version', () => {
    const packed = [
      { name: 'agentweb', tarball: '/t/agentweb.tgz', manifest: { peerDependencies: { ai: '^5 || ^6' } } },
      { name: '@agentweb/redis', tarball: '/t/redis.tgz', manifest: { peerDependencies: { ioredis: '^6' } } },
    ];
    expect(consumerManifest(packed, { ai: '^6.0.1', '@types/node': '^20.19.0' }).dependencies).toEqual({
      agentweb: 'file:/t/agentweb.tgz',
      '@agentweb/redis': 'file:/t/redis.tgz',
      ai: '^6.0.1',
      ioredis: '^6',
      '@types/node': '^20.19.0',
    });
  });

  it("runs README.md's example, pointed at the sandbox", () => {
    const code = readmeExampleModule(readFileSync(new URL('README.md', root), 'utf8'));
    expect(code).toContain("new AgentWeb({ userId: 'alice', ...sandboxOptions })");
    expect(code).toContain('await aw.addMerchant(shop)');
    expect(code).toContain('await aw.loadAgisService(reservations)');
    expect(code).not.toContain('.example');
  });

  it('refuses a README whose example changed', () => {
    const readme = "```ts\nimport { AgentWeb } from 'agentweb';\nconst aw = new AgentWeb();\n```\n";
    expect(() => readmeExampleModule(readme)).toThrow(/no longer contains/);
    expect(() => readmeExampleModule('no code')).toThrow(/no ```ts block/);
  });
});
