import { createRequire } from 'node:module';

type ToolsModule = Pick<typeof import('./create-agent-web-tools.js'), 'createAgentWebTools'>;

const TOOLS_FILE = './create-agent-web-tools.js';

let loaded: ToolsModule | undefined;

/** Called by the tools module when it is evaluated, however it was reached (`agentweb/tools`, an adapter, a test). */
export function registerToolsModule(tools: ToolsModule): void {
  loaded ??= tools;
}

/** The tools module next to this file, loaded by require(esm) (Node >= 20.19); `undefined` when there is none. */
function requireFromDisk(): ToolsModule | undefined {
  try {
    return createRequire(import.meta.url)(TOOLS_FILE) as ToolsModule;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * The tools module (and zod behind it), loaded synchronously on first use so `import('agentweb')` does not pay for
 * it. In Node the ES module next to this one is loaded by require(esm), which shares the module instances `import`
 * gets. Inside a bundle there is no such file, and the plain `require` below is the bundler's: it inlines the module
 * (evaluated here, on first use). The file is tried first because a global `require` (e.g. in `node -e`) resolves
 * from the caller's directory, not from this module.
 */
export function toolsModule(): ToolsModule {
  if (loaded === undefined) {
    registerToolsModule(requireFromDisk() ?? (require('./create-agent-web-tools.js') as ToolsModule));
  }
  return loaded as ToolsModule;
}
