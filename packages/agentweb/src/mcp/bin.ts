#!/usr/bin/env node
import { isMissingPeerDependencyError } from '@agentweb/core';

// stdout is the MCP channel: anything a dependency prints with console.log would corrupt it, so console output
// goes to stderr for the life of this process.
for (const method of ['log', 'info', 'debug', 'warn'] as const) console[method] = console.error;

// Imported here rather than statically, so a missing @modelcontextprotocol/sdk ends the bin with one line saying
// what to install instead of a stack trace.
let runMcpBin: typeof import('./run-mcp-bin.js').runMcpBin;
try {
  ({ runMcpBin } = await import('./run-mcp-bin.js'));
} catch (error) {
  if (!isMissingPeerDependencyError(error)) throw error;
  process.stderr.write(`agentweb-mcp: ${error.message}\n`);
  process.exit(1);
}
const code = await runMcpBin(process.argv.slice(2));
process.exitCode = code;
// Normally nothing is left and the process ends on its own; a socket a dependency failed to close must not keep
// a host waiting, so exit anyway shortly after (unref'd: this timer alone does not keep the process alive).
setTimeout(() => process.exit(code), 1000).unref();
