// Bundles a script of the consumer project into one ES module for Node with esbuild and with rolldown, with the
// settings docs/bundling.md gives users. Returns the bundle's size in bytes.
import { statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * CommonJS dependencies (undici, reached through @agentweb/http) call `require('node:assert')`; in an ES module
 * bundle `require` does not exist, and esbuild's stand-in throws `Dynamic require of "node:assert" is not
 * supported`. The banner gives the bundle a real `require`, as Node gives CommonJS modules.
 */
export const ESBUILD_REQUIRE_BANNER =
  "import { createRequire as __agentwebCreateRequire } from 'node:module'; const require = __agentwebCreateRequire(import.meta.url);";

export async function bundleWithEsbuild(projectDir, entry, outfile) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: projectDir,
    entryPoints: [join(projectDir, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    banner: { js: ESBUILD_REQUIRE_BANNER },
    logLevel: 'error',
  });
  return statSync(outfile).size;
}

export async function bundleWithRolldown(projectDir, entry, outfile) {
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    cwd: projectDir,
    input: join(projectDir, entry),
    platform: 'node',
    logLevel: 'warn',
    onLog: () => {},
  });
  try {
    await bundle.write({ file: outfile, format: 'esm', codeSplitting: false });
  } finally {
    await bundle.close();
  }
  return statSync(outfile).size;
}
