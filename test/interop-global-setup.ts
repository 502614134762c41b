import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  findRequirement,
  INTEROP_SUITES,
  notRunLine,
  REPO_ROOT,
  REQUIRE_INTEROP_ENV,
  requirementOf,
} from './interop.js';

/**
 * The file filters of this run (`vitest run packages/http`). Vitest 4 keeps them on the Vitest instance as
 * `filenamePattern`, which its typings do not declare; if that ever changes, every test file counts as in the run,
 * so the worst case is a line too many, never a missing server let through.
 */
function cliFilters(project: TestProject): string[] {
  const pattern = (project.vitest as { filenamePattern?: unknown }).filenamePattern;
  if (Array.isArray(pattern) && pattern.every((filter) => typeof filter === 'string')) return pattern;
  return project.vitest.config.filters ?? [];
}

/**
 * Vitest globalSetup: for each interop suite in this run whose server is not on PATH, prints one line saying
 * which suite did not run and which apt package enables it; with AGENTWEB_REQUIRE_INTEROP=1 it fails the run
 * instead. Suites outside the run (a filtered `vitest run packages/http`) are left alone.
 */
export default async function interopGlobalSetup(project: TestProject): Promise<void> {
  const { testFiles } = await project.globTestFiles(cliFilters(project));
  const inRun = new Set(testFiles.map((file) => resolve(file)));
  const missing = INTEROP_SUITES.filter(
    (suite) => inRun.has(resolve(REPO_ROOT, suite.file)) && findRequirement(suite) === undefined,
  );
  if (missing.length === 0) return;
  if (process.env[REQUIRE_INTEROP_ENV] === '1') {
    const lines = missing.map((suite) => `  ${suite.file} needs ${requirementOf(suite)}`);
    const error = new Error(
      `${REQUIRE_INTEROP_ENV}=1 requires every interop suite to run, and ${missing.length === 1 ? 'a server is' : 'servers are'} not on PATH:\n${lines.join('\n')}`,
    );
    // The message says everything; vitest's internal frames would only bury it.
    error.stack = `Error: ${error.message}`;
    throw error;
  }
  for (const suite of missing) console.log(notRunLine(suite));
}
