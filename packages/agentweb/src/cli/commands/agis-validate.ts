import { type AgisValidationIssue, validateAgisDocument } from '@agentweb/agis';
import { MAX_AGIS_DOCUMENT_BYTES } from '../../client/load-agis.js';
import { CliUsageError } from '../cli-errors.js';
import { writeJson, writeLine } from '../cli-io.js';
import type { CliCommand } from '../command.js';
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

export const agisValidateCommand: CliCommand = {
  name: 'agis validate',
  summary: 'check an AGIS document against the eight validation passes (level 1 or 2)',
  usage: [
    'agentweb agis validate <file> [--level 1|2] [--warnings]',
    '',
    'Parses the document (YAML, JSON or brace notation) and runs the validator; prints every failure with',
    'its pass, rule, path, line:column and message.',
    '',
    '  --level <1|2>          conformance level (default 1)',
    '  --warnings             list warnings as well as failures',
    '',
    'Exit: 0 conforms, 1 does not conform or cannot be read.',
  ].join('\n'),
  examples: [
    'agis validate service.agis.yaml',
    'agis validate service.agis.json --level 2 --warnings --json',
  ],
  options: { level: { type: 'string' }, warnings: { type: 'boolean' } },
  clientFlags: false,
  async run(ctx) {
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
  },
};
