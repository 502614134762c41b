import { createRequire } from 'node:module';

type ToolsModule = Pick<typeof import('./create-agent-web-tools.js'), 'createAgentWebTools'>;

let loaded: ToolsModule | undefined;

/** Called by the tools module when it is evaluated, however it was reached (`agentweb/tools`, an adapter, a test). */
export function registerToolsModule(tools: ToolsModule): void {
  loaded ??= tools;
}

/**
 * The tools module (and zod behind it), loaded synchronously on first use so `import('agentweb')` does not pay for
 * it. Under a bundler, `require` is the bundler's own and inlines the module (evaluated here, on first use); in Node
 * the ES module is loaded by require(esm) (Node >= 20.19, no top-level await anywhere below it), which shares the
 * module instances `import` gets.
 */
export function toolsModule(): ToolsModule {
  if (loaded === undefined) {
    const tools = (
      typeof require === 'function'
        ? require('./create-agent-web-tools.js')
        : createRequire(import.meta.url)('./create-agent-web-tools.js')
    ) as ToolsModule;
    registerToolsModule(tools);
  }
  return loaded as ToolsModule;
}
