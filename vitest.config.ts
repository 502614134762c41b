import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against source, so `pnpm test` needs no build step.
    alias: [
      {
        find: /^@agentweb\/([a-z0-9-]+)$/,
        replacement: `${packagesDir}$1/src/index.ts`,
      },
      {
        find: /^agentweb$/,
        replacement: `${packagesDir}agentweb/src/index.ts`,
      },
      {
        find: /^agentweb\/([a-z0-9-]+)$/,
        replacement: `${packagesDir}agentweb/src/$1/index.ts`,
      },
      {
        // Subpaths (`@agentweb/a2a/reply`, `@agentweb/cap/test`...) are a folder of the package's source.
        find: /^@agentweb\/([a-z0-9-]+)\/([a-z0-9-]+)$/,
        replacement: `${packagesDir}$1/src/$2/index.ts`,
      },
    ],
  },
  test: {
    // Plain JavaScript tests call the public API the way an untyped caller can (a missing or wrong-typed option).
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'packages/*/test/**/*.test.js',
      'examples/*/test/**/*.test.ts',
      'scripts/**/*.test.mjs',
    ],
    // Says in one line which interop suite (a test against a third-party server) cannot run here, or fails the
    // run when AGENTWEB_REQUIRE_INTEROP=1; see docs/testing.md.
    globalSetup: ['./test/interop-global-setup.ts'],
    setupFiles: ['./vitest.setup.ts'],
    benchmark: {
      include: ['packages/*/bench/**/*.bench.ts'],
    },
    // CI reads the JSON report for its `N passed, M failed` line; people get the default reporter only.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    restoreMocks: true,
  },
});
