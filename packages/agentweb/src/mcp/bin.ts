#!/usr/bin/env node
import { runMcpBin } from './run-mcp-bin.js';

// stdout is the MCP channel: anything a dependency prints with console.log would corrupt it, so console output
// goes to stderr for the life of this process.
for (const method of ['log', 'info', 'debug', 'warn'] as const) console[method] = console.error;

// The bin serves MCP with its own small stdio server, so it runs without the optional @modelcontextprotocol/sdk.
const code = await runMcpBin(process.argv.slice(2));
process.exitCode = code;
// Normally nothing is left and the process ends on its own; a socket a dependency failed to close must not keep
// a host waiting, so exit anyway shortly after (unref'd: this timer alone does not keep the process alive).
setTimeout(() => process.exit(code), 1000).unref();
