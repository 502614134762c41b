import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One interoperability suite: a test file that needs a third-party server installed on this machine. */
export interface InteropSuite {
  /** The test file, relative to the repository root. */
  file: string;
  /** The server's executable, looked up on `PATH`. */
  executable: string;
  /** The Debian/Ubuntu package that installs it. */
  aptPackage: string;
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

/** The one line the test output shows for a suite whose server is missing. */
export function notRunLine(suite: InteropSuite): string {
  return `interop suite not run: ${suite.file} needs ${suite.executable} (apt-get install ${suite.aptPackage})`;
}

/** An interop suite and whether its server is installed. */
export interface InteropAvailability {
  /** The suite's entry in `test/interop-suites.json`. */
  suite: InteropSuite;
  /** Full path of the server's executable, when it is on `PATH`. */
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
  const executable = findExecutable(suite.executable);
  return { suite, executable, available: executable !== undefined };
}
