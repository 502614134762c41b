#!/usr/bin/env node
// Fails unless every interop suite listed in test/interop-suites.json ran in the last test run: at least one
// passed test, and none skipped, pending, todo or failed. Reads vitest's JSON report (written when CI=true).
// Usage: node scripts/check-interop.mjs [reports/vitest.json]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportPath = resolve(root, process.argv[2] ?? 'reports/vitest.json');
const { suites } = JSON.parse(readFileSync(resolve(root, 'test/interop-suites.json'), 'utf8'));

let report;
try {
  report = JSON.parse(readFileSync(reportPath, 'utf8'));
} catch (error) {
  console.log(
    `interop check: cannot read the vitest JSON report (${error.message}); run the tests with CI=true`,
  );
  process.exit(1);
}

let ok = true;
for (const suite of suites) {
  const file = resolve(root, suite.file);
  const result = (report.testResults ?? []).find((entry) => resolve(root, entry.name) === file);
  const needs = suite.module ?? suite.executable;
  const label = `interop suite ${suite.file} (${needs})`;
  if (result === undefined) {
    console.log(`${label}: NOT RUN, not in the report`);
    ok = false;
    continue;
  }
  const counts = {};
  for (const test of result.assertionResults ?? []) counts[test.status] = (counts[test.status] ?? 0) + 1;
  const passed = counts.passed ?? 0;
  const notRun = (counts.skipped ?? 0) + (counts.pending ?? 0) + (counts.todo ?? 0) + (counts.disabled ?? 0);
  const failed = counts.failed ?? 0;
  const summary = Object.entries(counts)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  if (passed > 0 && notRun === 0 && failed === 0) {
    console.log(`${label}: ran, ${summary}`);
  } else {
    const why =
      failed > 0
        ? 'FAILED'
        : suite.module
          ? `NOT RUN (is ${suite.module} installed? pnpm install, in ${suite.workspace})`
          : `NOT RUN (is ${suite.executable} on PATH? apt-get install ${suite.aptPackage})`;
    console.log(`${label}: ${why}, ${summary || 'no tests'}`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);
