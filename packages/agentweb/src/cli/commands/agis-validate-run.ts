import { type AgisValidationIssue, validateAgisDocument } from '@agentweb/agis';
import { MAX_AGIS_DOCUMENT_BYTES } from '../../client/load-agis.js';
import { CliUsageError } from '../cli-errors.js';
import { writeJson, writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { booleanFlag, requirePositionals, stringFlag } from '../flag-values.js';
import { readTextFile } from '../read-input.js';
import { formatFields, formatTable } from '../table.js';

function rows(issues: readonly AgisValidationIssue[], level: string): (string | number | undefined)[][] {
  return issues.map((i) => [
    level,
    i.pass,
    i.rule,
    i.path || '(document)',
    i.line !== undefined ? `${i.line}:${i.column ?? 1}` : undefined,
    i.message,
  ]);
}

/** Runs `agentweb agis validate` (its flags and help are in agis-validate.ts, loaded without this). */
export async function runAgisValidate(ctx: CommandContext): Promise<number> {
  const [file] = requirePositionals(ctx.positionals, ['file'], 'agis validate');
  const rawLevel = stringFlag(ctx.values, 'level') ?? '1';
  if (rawLevel !== '1' && rawLevel !== '2')
    throw new CliUsageError(`--level "${rawLevel}": expected 1 or 2`, 'agis validate');
  const level = rawLevel === '2' ? 2 : 1;
  const text = await readTextFile(file!, MAX_AGIS_DOCUMENT_BYTES);
  const result = await validateAgisDocument(text, { level, signal: ctx.signal });
  if (ctx.json) {
    writeJson(ctx.io.stdout, { file, ...result });
    return result.conforms ? EXIT.ok : EXIT.failed;
  }
  const { stdout } = ctx.io;
  stdout.write(
    formatFields([
      ['file', file],
      ['level', level],
      ['conforms', result.conforms ? 'yes' : 'no'],
      ['failures', result.failures.length],
      ['warnings', result.warnings.length],
      ['failing passes', result.failingPasses.join(', ') || 'none'],
    ]),
  );
  const shown = [
    ...rows(result.failures, 'fail'),
    ...(booleanFlag(ctx.values, 'warnings') ? rows(result.warnings, 'warn') : []),
  ];
  if (shown.length > 0) {
    writeLine(stdout);
    stdout.write(
      formatTable(['level', 'pass', 'rule', 'path', 'line:col', 'message'], shown, { maxCellWidth: 100 }),
    );
  }
  return result.conforms ? EXIT.ok : EXIT.failed;
}
