import { parseAgisDocument, toMcpTools } from '@agentweb/agis';
import { MAX_AGIS_DOCUMENT_BYTES } from '../../client/load-agis.js';
import { writeJson } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { booleanFlag, requirePositionals } from '../flag-values.js';
import { readTextFile } from '../read-input.js';

/** Runs `agentweb agis mcp` (its flags and help are in agis-mcp.ts, loaded without this). */
export async function runAgisMcp(ctx: CommandContext): Promise<number> {
  const [file] = requirePositionals(ctx.positionals, ['file'], 'agis mcp');
  const text = await readTextFile(file!, MAX_AGIS_DOCUMENT_BYTES);
  const document = parseAgisDocument(text);
  writeJson(ctx.io.stdout, {
    tools: toMcpTools(document, { includeHints: !booleanFlag(ctx.values, 'no-hints') }),
  });
  return EXIT.ok;
}
