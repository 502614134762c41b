import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in agis-mcp-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const agisMcpCommand: CliCommand = {
  name: 'agis mcp',
  summary: 'print the MCP tools (tools/list form) an AGIS document maps to, as JSON',
  usage: [
    'agentweb agis mcp <file> [--no-hints]',
    '',
    'Maps every endpoint to an MCP tool (AGIS Appendix C) and prints { "tools": [...] } as JSON, the shape of',
    'an MCP tools/list result. Output is always JSON.',
    '',
    '  --no-hints             leave parameter hints out of the descriptions',
    '',
    'Exit: 0 printed, 1 the document cannot be read or parsed.',
  ].join('\n'),
  examples: ['agis mcp service.agis.yaml', 'agis mcp service.agis.yaml --no-hints > tools.json'],
  options: { 'no-hints': { type: 'boolean' } },
  clientFlags: false,
  async run(ctx) {
    const { runAgisMcp } = await import('./agis-mcp-run.js');
    return runAgisMcp(ctx);
  },
};
