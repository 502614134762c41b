import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AgentWebError } from './agentweb-error.js';

/** How to start a child process or worker thread on a module of this monorepo. */
export interface ModuleEntry {
  /** The file to run. */
  url: URL;
  /** Node options it needs (`--import` of the type-stripping hooks when it is TypeScript). */
  execArgv: string[];
}

/**
 * The entry for the module `name` (no extension) next to the module at `fromUrl` (its `import.meta.url`).
 * Built packages run `name.js` as is. Run from TypeScript sources (vitest, which needs no build step), the caller's
 * URL ends in `.ts`, so the entry is `name.ts` started with module hooks that strip types one file at a time and
 * resolve `@agentweb/*` to sources: a worker must run the same code as its parent, not a possibly stale dist.
 *
 * @internal Used by the packages that start workers and children (sandbox, discovery, the fuzzer).
 */
export function moduleEntry(fromUrl: string, name: string): ModuleEntry {
  if (!fromUrl.endsWith('.ts')) return { url: new URL(`./${name}.js`, fromUrl), execArgv: [] };
  const hooks = fileURLToPath(new URL('./dev/register-ts-source-hooks.mjs', import.meta.url));
  if (!existsSync(hooks)) {
    throw new AgentWebError({
      code: 'MODULE_ENTRY_MISSING',
      message: `TypeScript source hooks missing at ${hooks}`,
    });
  }
  return { url: new URL(`./${name}.ts`, fromUrl), execArgv: ['--import', hooks] };
}
