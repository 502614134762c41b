import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One interoperability suite: a test file that needs a third-party server installed on this machine, either a
 * system executable (`executable` + `aptPackage`) or an npm package (`module` + `workspace`: a framework the
 * suite starts in-process, a dev dependency of that private workspace package, installed by `pnpm install`).
 */
export interface InteropSuite {
  /** The test file, relative to the repository root. */
  file: string;
  /** The server's executable, looked up on `PATH`. */
  executable?: string;
  /** The Debian/Ubuntu package that installs it. */
  aptPackage?: string;
  /** The npm package the suite needs, looked up in `workspace`'s node_modules. */
  module?: string;
  /** The workspace package (folder relative to the root) whose dev dependencies hold `module`. */
  workspace?: string;
}

/** Set to `1` (CI does) to make a missing interop server fail the run instead of skipping its suite. */
export const REQUIRE_INTEROP_ENV = 'AGENTWEB_REQUIRE_INTEROP';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every interop suite, from `test/interop-suites.json` (the one list the tests, globalSetup and CI read). */
export const INTEROP_SUITES: readonly InteropSuite[] = (
  JSON.parse(readFileSync(new URL('./interop-suites.json', import.meta.url), 'utf8')) as {
    suites: InteropSuite[];
  }
).suites;

/**
 * The full path of `name` in the first `PATH` directory that has it as an executable file, else undefined.
 * Only `PATH` is searched, so taking a directory off `PATH` hides a server from the tests.
 */
export function findExecutable(name: string, path = process.env['PATH'] ?? ''): string | undefined {
  for (const directory of path.split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/** What a suite needs and how to get it, for messages: `dnsmasq (apt-get install dnsmasq-base)`. */
export function requirementOf(suite: InteropSuite): string {
  if (suite.module !== undefined) return `${suite.module} (pnpm install, in ${suite.workspace ?? '.'})`;
  return `${suite.executable} (apt-get install ${suite.aptPackage})`;
}

/** Where a suite's requirement is on this machine (executable path or module folder), else undefined. */
export function findRequirement(suite: InteropSuite): string | undefined {
  if (suite.module !== undefined) {
    const folder = join(REPO_ROOT, suite.workspace ?? '.', 'node_modules', ...suite.module.split('/'));
    return existsSync(join(folder, 'package.json')) ? folder : undefined;
  }
  return suite.executable === undefined ? undefined : findExecutable(suite.executable);
}

/** The one line the test output shows for a suite whose server is missing. */
export function notRunLine(suite: InteropSuite): string {
  return `interop suite not run: ${suite.file} needs ${requirementOf(suite)}`;
}

/** An interop suite and whether its server is installed. */
export interface InteropAvailability {
  /** The suite's entry in `test/interop-suites.json`. */
  suite: InteropSuite;
  /** Full path of the server's executable (or the module's folder), when it is installed. */
  executable: string | undefined;
  /** True when the executable was found: pass to `describe.runIf`. */
  available: boolean;
}

/**
 * Looks up the interop suite of the calling test file (`import.meta.url`) and its server. Throws when the file is
 * not listed in `test/interop-suites.json`, so a new interop suite cannot skip without the CI check knowing it.
 */
export function interopSuite(testFileUrl: string): InteropAvailability {
  const file = relative(REPO_ROOT, fileURLToPath(testFileUrl)).split('\\').join('/');
  const suite = INTEROP_SUITES.find((entry) => entry.file === file);
  if (suite === undefined) throw new Error(`${file} is not listed in test/interop-suites.json`);
  const executable = findRequirement(suite);
  return { suite, executable, available: executable !== undefined };
}
