// What every package a user installs from npm must carry: the licence text (Apache-2.0 requires it in each copy),
// public access for a first publish of a scoped name, where it comes from (repository, homepage, bugs), README
// links that still work on the registry's page, and the lexicon data typed as `string`, not as a literal type that
// would ship the whole text again in the declarations.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishMetadata, REPOSITORY_URL, relativeLinks } from './repository.mjs';

const root = new URL('../', import.meta.url);
const licence = readFileSync(new URL('LICENSE', root), 'utf8');
const published = readdirSync(new URL('packages/', root))
  .map((dir) => ({
    dir,
    json: JSON.parse(readFileSync(new URL(`packages/${dir}/package.json`, root), 'utf8')),
  }))
  .filter(({ json }) => json.private !== true);

/** Whether a path inside a package (relative to it) is in its tarball: under an entry of `files`, or always packed. */
function shipped(json, path) {
  const first = path.split('/')[0];
  if (['package.json', 'README.md', 'LICENSE'].includes(path)) return true;
  return (json.files ?? []).some((entry) => !entry.startsWith('!') && (entry === path || entry === first));
}

describe('published packages', () => {
  it('are the eleven of the SDK', () => {
    expect(published.map(({ json }) => json.name).sort()).toEqual([
      '@agentweb/a2a',
      '@agentweb/agentcard',
      '@agentweb/agis',
      '@agentweb/cap',
      '@agentweb/core',
      '@agentweb/discovery',
      '@agentweb/http',
      '@agentweb/redis',
      '@agentweb/sandbox',
      '@agentweb/ucp',
      'agentweb',
    ]);
  });

  it.each(published.map((p) => [p.json.name, p]))(
    '%s carries the Apache-2.0 text and publishes publicly',
    (_, p) => {
      expect(p.json.license).toBe('Apache-2.0');
      expect(licence).toContain('Apache License');
      expect(readFileSync(new URL(`packages/${p.dir}/LICENSE`, root), 'utf8')).toBe(licence);
      expect(p.json.publishConfig?.access).toBe('public');
    },
  );

  it.each(published.map((p) => [p.json.name, p]))(
    '%s names its repository folder, homepage and issue tracker',
    (_, p) => {
      const expected = publishMetadata(p.dir);
      expect(p.json.repository).toEqual(expected.repository);
      expect(p.json.homepage).toBe(expected.homepage);
      expect(p.json.bugs).toEqual(expected.bugs);
      expect(REPOSITORY_URL).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
    },
  );

  it.each(published.map((p) => [p.json.name, p]))(
    "%s's README links only to files it ships, or absolutely",
    (_, p) => {
      const readme = readFileSync(new URL(`packages/${p.dir}/README.md`, root), 'utf8');
      for (const link of relativeLinks(readme)) {
        const inside = posix.normalize(link.replace(/^\.\//, ''));
        expect(inside.startsWith('../') || inside.startsWith('/'), `${link} leaves the package`).toBe(false);
        expect(existsSync(new URL(`packages/${p.dir}/${inside}`, root)), `${link} does not exist`).toBe(true);
        expect(shipped(p.json, inside), `${link} is not in the package's files`).toBe(true);
      }
    },
  );

  it('finds the links a README can hold', () => {
    const text =
      '[a](../docs/x.md#y) [b](https://e.example/z) [c](#here) [d](./src/a.ts "t")\n[e]: ../f.md\n';
    expect(relativeLinks(text)).toEqual(['../docs/x.md', './src/a.ts', '../f.md']);
  });

  it('@agentweb/agis types its lexicon data as string and ships its source once (as JavaScript)', () => {
    for (const file of ['noun-lexicon-data.ts', 'verb-lexicon-data.ts']) {
      const text = readFileSync(new URL(`packages/agis/src/lexicon/${file}`, root), 'utf8');
      const exported = text.match(/^export const \w+.*$/gm) ?? [];
      expect(exported.length).toBeGreaterThan(0);
      for (const line of exported) expect(line).toMatch(/^export const \w+: string =$/);
    }
    const agis = published.find(({ json }) => json.name === '@agentweb/agis');
    expect(agis?.json.files).toContain('!src/lexicon/*-data.ts');
  });
});
