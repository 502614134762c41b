import { parseAgisDocument, toMcpTools } from '@agentweb/agis';
import { MAX_AGIS_DOCUMENT_BYTES } from '../../client/load-agis.js';
import { writeJson } from '../cli-io.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { booleanFlag, requirePositionals } from '../flag-values.js';
import { readTextFile } from '../read-input.js';

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
    const [file] = requirePositionals(ctx.positionals, ['file'], 'agis mcp');
    const text = await readTextFile(file!, MAX_AGIS_DOCUMENT_BYTES);
    const document = parseAgisDocument(text);
    writeJson(ctx.io.stdout, {
      tools: toMcpTools(document, { includeHints: !booleanFlag(ctx.values, 'no-hints') }),
    });
    return EXIT.ok;
  },
};
