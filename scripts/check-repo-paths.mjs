// Fails when a file in the repository refers to a path outside it: a relative path that climbs above the
// repository root, a relative `shared` folder the repository does not have (the developers' data tree beside
// their clones), a folder of that tree by name, or an absolute path into the developer machine layout. A user's
// clone has none of those, so a test, benchmark, script or doc that names one breaks or misleads there. Outside
// data belongs in `fixtures/`.
//
// Usage: node scripts/check-repo-paths.mjs  (from anywhere inside the repository; exit 1 on findings)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files whose text is read: sources, configs, docs and shell scripts. */
const CHECKED_FILE = /(?:\.(?:[cm]?[jt]sx?|json|jsonc|ya?ml|md|sh)|^\.ci\/run)$/;

/**
 * Tracked text that is not ours to phrase: pnpm writes the lockfile (its `link:../x` paths are relative to each
 * workspace package, not to the lockfile), and `fixtures/` holds outside data copied byte for byte (only its
 * READMEs are ours). The check's own test spells out the paths it forbids.
 */
function isSkipped(file) {
  if (file === 'pnpm-lock.yaml' || file === 'scripts/check-repo-paths.test.mjs') return true;
  return file.startsWith('fixtures/') && !file.endsWith('.md');
}

/**
 * A relative path literal: optional `./`, one or more `../`, then path characters. The look-behind keeps out the
 * middle of longer paths and URLs (`a/../b`, `https://x/../y`), which are resolved by whatever reads them.
 */
const RELATIVE_PATH = /(?<![\w.~@:/\\-])(?:\.\/)?(?:\.\.\/)+[^\s'"`$(){}<>[\],;|*?#\\]*/g;
/** A relative `shared` folder: the developers' data tree beside the clone, unless the repository has one there. */
const SHARED_PREFIX = /^((?:\.\/)?(?:\.\.\/)+shared)(?:\/|$)/;
/** Absolute paths into the developer machine layout, and folder names of the shared tree. */
const MACHINE_LAYOUT = [
  { pattern: /(?<![\w.~-])\/work\//g, reason: 'is an absolute path into the developer machine layout' },
  {
    pattern: /(?<![\w./-])shared\/(?:oracles|benchmarks)\b/g,
    reason: "names the developers' shared data tree; outside data lives in fixtures/",
  },
];

/** Path segments climbing to a `shared` folder, as in `resolve(here, '..', …, 'shared')`. */
const SEGMENTS_TO_SHARED = /(['"`])\.\.\1(?:\s*,\s*(['"`])\.\.\2)*\s*,\s*(['"`])shared\3/g;

/**
 * Finds the paths in one file's text that leave the repository.
 *
 * @param {string} file repository-relative path of the file, with `/` separators
 * @param {string} text the file's contents
 * @param {(dir: string) => boolean} isRepoDir whether a repository-relative folder exists in the repository
 * @returns {{ line: number, literal: string, problem: string }[]}
 */
export function findOutsidePaths(file, text, isRepoDir) {
  const dir = posix.dirname(file);
  const found = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    for (const match of line.matchAll(SEGMENTS_TO_SHARED)) {
      found.push({
        line: i + 1,
        literal: match[0],
        problem:
          'climbs by path segments to a shared folder beside the repository; outside data lives in fixtures/',
      });
    }
    if (!line.includes('/')) continue;
    for (const match of line.matchAll(RELATIVE_PATH)) {
      const literal = match[0];
      const resolved = posix.normalize(posix.join(dir, literal));
      if (resolved === '..' || resolved.startsWith('../')) {
        found.push({
          line: i + 1,
          literal,
          problem: `resolves to <repo>/${resolved}, outside the repository`,
        });
        continue;
      }
      const shared = SHARED_PREFIX.exec(literal);
      if (shared) {
        const sharedDir = posix.normalize(posix.join(dir, shared[1]));
        if (!isRepoDir(sharedDir)) {
          found.push({
            line: i + 1,
            literal,
            problem: `resolves to <repo>/${resolved}, and ${sharedDir}/ is not a folder of the repository`,
          });
        }
      }
    }
    for (const { pattern, reason } of MACHINE_LAYOUT) {
      for (const match of line.matchAll(pattern)) {
        const literal = line.slice(match.index).match(/^[^\s'"`$(){}<>[\],;|*?#\\]*/)[0];
        found.push({ line: i + 1, literal, problem: reason });
      }
    }
  }
  return found;
}

/** Every folder that holds a listed file, as repository-relative paths ('.' is the root). */
export function foldersOf(files) {
  const dirs = new Set(['.']);
  for (const file of files) {
    for (let dir = posix.dirname(file); dir !== '.' && !dirs.has(dir); dir = posix.dirname(dir))
      dirs.add(dir);
  }
  return dirs;
}

/**
 * Checks every tracked (and new, not ignored) text file of the repository at `root`.
 *
 * @param {string} root the repository's top folder
 * @returns {{ file: string, line: number, literal: string, problem: string }[]}
 */
export function checkRepository(root) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f.length > 0);
  const dirs = foldersOf(listed);
  const findings = [];
  for (const file of new Set(listed)) {
    if (!CHECKED_FILE.test(file) || isSkipped(file)) continue;
    let text;
    try {
      text = readFileSync(posix.join(root, file), 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') continue; // deleted in the work tree, not yet in the index
      throw error;
    }
    for (const f of findOutsidePaths(file, text, (d) => dirs.has(d))) findings.push({ file, ...f });
  }
  return findings;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const findings = checkRepository(root);
  for (const f of findings) console.error(`${f.file}:${f.line}: '${f.literal}' ${f.problem}`);
  if (findings.length > 0) {
    console.error(
      `check-repo-paths: ${findings.length} path(s) outside the repository. Tests, benchmarks, scripts and docs ` +
        'may only name files inside it; outside data belongs in fixtures/ (see fixtures/README.md).',
    );
    process.exit(1);
  }
}
