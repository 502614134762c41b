import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findOutsidePaths } from './check-repo-paths.mjs';

const script = fileURLToPath(new URL('./check-repo-paths.mjs', import.meta.url));
// Built from segments, so this file names the outside folder only where the checker is meant to find it.
const UP = ['..', 'shared'].join('/');
const noFolders = () => false;

describe('findOutsidePaths', () => {
  it('catches a test that reads the shared tree beside the clone', () => {
    const text = `const file = new URL('../../../${UP}/x/cases.json', import.meta.url);\n`;
    expect(findOutsidePaths('packages/discovery/test/robots.test.ts', text, noFolders)).toEqual([
      {
        line: 1,
        literal: `../../../${UP}/x/cases.json`,
        problem: `resolves to <repo>/${UP}/x/cases.json, outside the repository`,
      },
    ]);
  });

  it('catches any relative path that climbs above the root, with its line number', () => {
    const text = '# Guide\n\nSee [the data](../../outside/data.md).\n';
    expect(findOutsidePaths('docs/guide.md', text, noFolders)).toEqual([
      {
        line: 3,
        literal: '../../outside/data.md',
        problem: 'resolves to <repo>/../outside/data.md, outside the repository',
      },
    ]);
  });

  it('passes relative imports that stay inside the repository', () => {
    const text = [
      `import { clip } from '${UP}/clip-text.js';`,
      "import { parse } from '../../src/index.js';",
      "const schema = new URL('../schemas/agis-1.0.schema.json', import.meta.url);",
      "const data = new URL('../../../fixtures/oracles/robots/robots-cases.json', import.meta.url);",
    ].join('\n');
    const isRepoDir = (dir) => dir === 'packages/agis/src/shared';
    expect(findOutsidePaths('packages/agis/src/validate/validate.ts', text, isRepoDir)).toEqual([]);
    expect(
      findOutsidePaths(
        'packages/agis/test/document.test.ts',
        text.split('\n').slice(1).join('\n'),
        noFolders,
      ),
    ).toEqual([]);
  });

  it('catches a relative shared folder the repository does not have, even when it resolves inside', () => {
    const text = `- \`${UP}/oracles/agentcard/cases.json\`: all 89 cases\n`;
    const found = findOutsidePaths('packages/agentcard/README.md', text, noFolders);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 1, literal: `${UP}/oracles/agentcard/cases.json` });
    expect(found[0].problem).toContain('packages/shared/ is not a folder of the repository');
  });

  it('catches path segments that climb to a shared folder', () => {
    const text = "const dir = resolve(here, '..', '..', '..', 'shared', 'oracles');\n";
    const found = findOutsidePaths('packages/discovery/test/robots.test.ts', text, noFolders);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 1, literal: "'..', '..', '..', 'shared'" });
  });

  it('catches absolute paths into the machine layout and names of the shared tree', () => {
    const text = 'cp -r /work/shared/oracles ./x\nMeasured on `shared/benchmarks/agis`\n';
    expect(findOutsidePaths('scripts/copy.sh', text, noFolders).map((f) => [f.line, f.literal])).toEqual([
      [1, '/work/shared/oracles'],
      [2, 'shared/benchmarks/agis'],
    ]);
  });

  it('leaves URLs and the middle of longer paths alone', () => {
    const text = [
      "fetch('https://shop.example/a/../../../../b');",
      "const p = 'dist/../../../../lib';",
      'See https://example.com/work/page and src/shared/oracles.ts',
    ].join('\n');
    expect(findOutsidePaths('packages/http/src/a.ts', text, noFolders)).toEqual([]);
  });
});

describe('check-repo-paths.mjs', () => {
  let repo;
  afterEach(() => {
    if (repo) rmSync(repo, { recursive: true, force: true });
    repo = undefined;
  });

  function makeRepo(files) {
    repo = mkdtempSync(join(tmpdir(), 'check-repo-paths-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, file)), { recursive: true });
      writeFileSync(join(repo, file), text);
    }
    return spawnSync(process.execPath, [script], { cwd: repo, encoding: 'utf8' });
  }

  const clean = {
    'packages/a/src/shared/text.ts': 'export const x = 1;\n',
    'packages/a/src/b/c.ts': `export { x } from '${UP}/text.js';\n`,
    'packages/a/test/c.test.ts': "const f = new URL('../../../fixtures/set/cases.json', import.meta.url);\n",
    // pnpm's link: paths are relative to each workspace package; fixture data is copied as-is.
    'pnpm-lock.yaml': 'importers:\n  packages/a:\n    dependencies:\n      b: link:../../b\n',
    'fixtures/set/cases.json': '{ "href": "../../../../up" }\n',
  };

  it('exits 0 silently on a repository that stays inside itself', () => {
    const run = makeRepo(clean);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('exits 1 and prints file:line and what each path resolves to', () => {
    const run = makeRepo({
      ...clean,
      'packages/a/test/d.test.ts': `\nconst f = new URL('../../../${UP}/x', import.meta.url);\n`,
      '.ci/run': '#!/usr/bin/env bash\nls /work/shared\n',
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toContain(
      `packages/a/test/d.test.ts:2: '../../../${UP}/x' resolves to <repo>/${UP}/x, outside the repository`,
    );
    expect(lines).toContain(
      ".ci/run:2: '/work/shared' is an absolute path into the developer machine layout",
    );
    expect(lines.at(-1)).toMatch(/^check-repo-paths: 2 path\(s\) outside the repository/);
  });
});
